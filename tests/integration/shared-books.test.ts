import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMailbox } from '../../src/server/features/mail/mailer.js';
import { MESSAGES } from '../../src/shared/errors.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { invitationTokenOf, joinedMember } from '../helpers/sharing.js';

/**
 * Shared books (docs/sharing.md): several books per person, chosen per call; members with
 * roles that every procedure checks; invitations by email or link, single use, for seven days.
 * The full who-may-call-what table is tests/integration/book-roles.test.ts.
 */
describe('shared books', () => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  let t: TestApp;
  const mailbox = new DemoMailbox();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now), mailer: mailbox });
  });
  afterAll(() => t.close());

  const on = (user: TestUser, bookId: string, key?: string) =>
    t.caller(user, { bookId, ...(key !== undefined && { idempotencyKey: key }) });
  const tokenOf = invitationTokenOf;

  /** A shared book of `owner` with a new member in it under `role`. */
  async function household(owner: TestUser, role: 'editor' | 'viewer' | 'owner') {
    const book = (await t.caller(owner).book.create({ name: 'Household' })).data;
    const member = await joinedMember(t, { ...owner, onBook: book.id }, role);
    return { bookId: book.id, member };
  }

  it('creates books, lists them with the personal one first, and works on the one a call names', async () => {
    const anna = await t.signUp();
    const created = await t
      .caller(anna)
      .book.create({ name: 'Side business', baseCurrency: 'EUR' });
    expect(created.data).toMatchObject({
      name: 'Side business',
      role: 'owner',
      personal: false,
      baseCurrency: 'EUR',
    });
    const books = (await t.caller(anna).book.list({})).data;
    expect(books.map((book) => [book.name, book.personal, book.role, book.members])).toEqual([
      ['Personal', true, 'owner', 1],
      ['Side business', false, 'owner', 1],
    ]);
    // The new book has its own accounts and default categories; the personal one keeps its own.
    await on(anna, created.data.id).account.create({ title: 'Business card' });
    const inBusiness = (await on(anna, created.data.id).account.list({})).data;
    const inPersonal = (await t.caller(anna).account.list({})).data;
    expect(inBusiness.map((account) => account.title)).toEqual(['Business card']);
    expect(inPersonal).toEqual([]);
    expect((await on(anna, created.data.id).category.list({})).data.length).toBeGreaterThan(0);

    // REST names the book with ?bookId=; naming it twice differently is refused, not guessed.
    const viaQuery = await t.rest(anna, {
      method: 'GET',
      url: `/api/account?bookId=${created.data.id}`,
    });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json().data.map((account: { title: string }) => account.title)).toEqual([
      'Business card',
    ]);
    const both = await t.rest(anna, {
      method: 'GET',
      url: `/api/account?bookId=${created.data.id}`,
      headers: { 'x-book-id': anna.bookId },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MESSAGES.bookIdsDiffer);
    const malformed = await t.rest(anna, { method: 'GET', url: '/api/account?bookId=nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Book ID must be a UUID');
  });

  it('answers another person’s book exactly as a missing one, and changes nothing', async () => {
    const anna = await t.signUp();
    const bruno = await t.signUp();
    const missing = await t.rest(bruno, {
      method: 'GET',
      url: '/api/account?bookId=00000000-0000-4000-8000-000000000000',
    });
    const others = await t.rest(bruno, {
      method: 'GET',
      url: `/api/account?bookId=${anna.bookId}`,
    });
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ ...missing.json(), requestId: others.json().requestId });
    const write = await t.rest(bruno, {
      method: 'POST',
      url: `/api/account?bookId=${anna.bookId}`,
      payload: { title: 'Sneaky' },
    });
    expect(write.statusCode).toBe(404);
    expect((await t.caller(anna).account.list({})).data).toEqual([]);
  });

  it('lets a viewer read and export but not write, an editor write but not manage', async () => {
    const owner = await t.signUp();
    const { bookId, member: viewer } = await household(owner, 'viewer');
    const editor = await joinedMember(t, { ...owner, onBook: bookId }, 'editor');

    const account = (await on(owner, bookId).account.create({ title: 'Joint' })).data;
    await on(editor, bookId).account.deposit({ id: account.id, amount: 50, description: 'Pay' });
    expect((await on(viewer, bookId).account.get({ id: account.id })).data.balance).toBe(50);
    await expect(
      on(viewer, bookId).account.deposit({ id: account.id, amount: 5, description: 'x' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.viewerCannotChange });
    await expect(on(editor, bookId).book.update({ name: 'Mine now' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.ownerOnly,
    });
    await expect(on(editor, bookId).invitation.create({ role: 'owner' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const rest = await t.rest(viewer, {
      method: 'POST',
      url: `/api/account/${account.id}/withdraw?bookId=${bookId}`,
      payload: { amount: 1, description: 'x' },
    });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.viewerCannotChange });
    expect((await on(owner, bookId).account.get({ id: account.id })).data.balance).toBe(50);

    // Who did what: the editor's deposit is theirs.
    const entries = await t.database.db
      .selectFrom('transactions')
      .select(['created_by', 'amount_cents'])
      .where('book_id', '=', bookId)
      .execute();
    expect(entries).toEqual([{ created_by: editor.id, amount_cents: expect.anything() }]);
    expect(Number(entries[0]?.amount_cents)).toBe(5000);
  });

  it('mails an invitation, lets it be used once, and keeps a record of what became of each', async () => {
    const owner = await t.signUp();
    const guest = await t.signUp();
    const bookId = (await t.caller(owner).book.create({ name: 'Flat share' })).data.id;
    const sent = (await on(owner, bookId).invitation.create({ role: 'editor', email: guest.email }))
      .data;
    expect(sent.invitation).toMatchObject({ role: 'editor', email: guest.email, state: 'open' });
    const mail = mailbox.list(guest.email)[0];
    expect(mail).toMatchObject({ kind: 'BOOK_INVITATION', link: sent.link });
    expect(mail?.text).toContain('Flat share');
    const token = tokenOf(sent.link);

    const preview = (await t.caller(guest).invitation.preview({ token })).data;
    expect(preview).toMatchObject({
      bookId,
      bookName: 'Flat share',
      role: 'editor',
      invitedBy: owner.email,
      state: 'open',
      alreadyMember: false,
    });
    const joined = await t.caller(guest).invitation.accept({ token });
    expect(joined.data.book).toMatchObject({ id: bookId, role: 'editor', personal: false });
    expect(joined.data.member).toMatchObject({ userId: guest.id, role: 'editor', you: true });
    expect(joined.message).toBe('You joined Flat share as editor');
    const third = await t.signUp();
    await expect(t.caller(third).invitation.accept({ token })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This invitation has already been used.',
    });
    const members = (await on(owner, bookId).member.list({})).data;
    expect(members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [guest.email, 'editor'],
    ]);
    const listed = (await on(owner, bookId).invitation.list({})).data;
    expect(listed.map((invitation) => invitation.state)).toEqual(['accepted']);
    // The token is nowhere but in the link.
    const stored = await t.database.db.selectFrom('book_invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses revoked, declined, expired and unknown links, and an invitee already in the book', async () => {
    let owner = await t.signUp();
    let guest = await t.signUp();
    const bookId = (await t.caller(owner).book.create({ name: 'Club' })).data.id;
    const make = async () => (await on(owner, bookId).invitation.create({ role: 'viewer' })).data;

    const revoked = await make();
    await on(owner, bookId).invitation.revoke({ id: revoked.invitation.id });
    await expect(
      t.caller(guest).invitation.accept({ token: tokenOf(revoked.link) }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This invitation does not exist or was withdrawn.',
    });

    const declined = await make();
    await t.caller(guest).invitation.decline({ token: tokenOf(declined.link) });
    await expect(
      t.caller(guest).invitation.accept({ token: tokenOf(declined.link) }),
    ).rejects.toMatchObject({ message: 'This invitation was declined.' });

    const expiring = await make();
    now += 7 * 24 * 3600 * 1000 + 1;
    // Sessions last a day: whoever opens the link a week later has signed in since.
    guest = await t.signUp();
    await expect(
      t.caller(guest).invitation.accept({ token: tokenOf(expiring.link) }),
    ).rejects.toMatchObject({ message: 'This invitation has expired: ask for a new one.' });

    await expect(
      t.caller(guest).invitation.accept({ token: 'A'.repeat(43) }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This invitation does not exist or was withdrawn.',
    });

    owner = await t.signUp();
    const fresh = (
      await on(
        owner,
        (await t.caller(owner).book.create({ name: 'Club' })).data.id,
      ).invitation.create({
        role: 'viewer',
      })
    ).data;
    await expect(
      t.caller(owner).invitation.accept({ token: tokenOf(fresh.link) }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You are already a member of this book.',
    });
    // Refused answers leave the invitation open for the person it was meant for.
    await t.caller(guest).invitation.accept({ token: tokenOf(fresh.link) });
    const books = (await t.caller(guest).book.list({})).data;
    expect(books.map((book) => book.name)).toEqual(['Personal', 'Club']);
  });

  it('keeps an owner in every book, and the personal book’s owner in theirs', async () => {
    const owner = await t.signUp();
    const { bookId, member: partner } = await household(owner, 'editor');

    await expect(
      on(owner, bookId).member.update({ id: owner.id, role: 'editor' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'A book needs at least one owner: make another member an owner first.',
    });
    await expect(t.caller(owner).member.leave({ id: bookId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Handing over: make the partner an owner, then step down and leave.
    await on(owner, bookId).member.update({ id: partner.id, role: 'owner' });
    await on(owner, bookId).member.update({ id: owner.id, role: 'viewer' });
    await t.caller(owner).member.leave({ id: bookId });
    await expect(on(owner, bookId).book.get({})).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.bookNotFound,
    });
    expect((await t.caller(owner).book.get({})).data.personal).toBe(true);

    // Someone invited into a personal book can never take it from its owner.
    const guest = await t.signUp();
    const { link } = (await t.caller(owner).invitation.create({ role: 'owner' })).data;
    await t.caller(guest).invitation.accept({ token: tokenOf(link) });
    await expect(on(guest, owner.bookId).member.remove({ id: owner.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(t.caller(owner).member.leave({ id: owner.bookId })).rejects.toMatchObject({
      message: 'You cannot leave your personal book.',
    });
    await expect(t.caller(owner).book.delete({ id: owner.bookId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('ends a removed member’s access with their next request; what they recorded stays', async () => {
    const owner = await t.signUp();
    const { bookId, member: partner } = await household(owner, 'editor');
    const account = (await on(partner, bookId).account.create({ title: 'Groceries' })).data;
    await on(partner, bookId).account.deposit({ id: account.id, amount: 20, description: 'Cash' });
    await on(owner, bookId).member.remove({ id: partner.id });
    const after = await t.rest(partner, { method: 'GET', url: `/api/account?bookId=${bookId}` });
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(MESSAGES.bookNotFound);
    expect((await on(owner, bookId).account.get({ id: account.id })).data.balance).toBe(20);
    expect((await t.caller(partner).book.list({})).data.map((book) => book.name)).toEqual([
      'Personal',
    ]);
  });

  it('deletes a shared book with everything in it for every member', async () => {
    const owner = await t.signUp();
    const { bookId, member: partner } = await household(owner, 'editor');
    const account = (await on(partner, bookId).account.create({ title: 'Joint' })).data;
    await on(partner, bookId).account.deposit({ id: account.id, amount: 9, description: 'In' });
    await expect(t.caller(partner).book.delete({ id: bookId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.caller(owner).book.delete({ id: bookId });
    await expect(on(partner, bookId).account.list({})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const left = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('book_id', '=', bookId)
      .execute();
    expect(left).toEqual([]);
  });

  it('takes one Idempotency-Key per book: the same key on another book is refused, never replayed', async () => {
    const anna = await t.signUp();
    const other = (await t.caller(anna).book.create({ name: 'Other' })).data.id;
    const key = 'same-key-for-two-books';
    await t.caller(anna, { idempotencyKey: key }).account.create({ title: 'Here' });
    await expect(on(anna, other, key).account.create({ title: 'Here' })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect((await on(anna, other).account.list({})).data).toEqual([]);
  });
});
