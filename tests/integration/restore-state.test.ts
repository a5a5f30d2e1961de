import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { MESSAGES } from '../../src/shared/errors.js';
import { RESTORES_PER_INSTANCE_MAX } from '../../src/shared/limits.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';
import { bookFile } from '../helpers/book-files.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { copyOf, fillBook, restore, snapshotDatabase } from '../helpers/restore-fixtures.js';
import { createTestApp, testEnv, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * The restore as a process (docs/analytics.md#full-export-and-restore): a book being restored
 * answers 409 to everyone else; a restore that fails or dies is undone (every row it wrote gone,
 * the default categories back, the mark cleared), at once or when its mark goes stale; what
 * counts as an empty book; the Idempotency-Key across chunked commits; and the per-instance cap.
 */

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe(`restore state (${testBackend})`, () => {
  let t: TestApp;
  let file: BookExport;
  let defaults: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.signUp();
    defaults = await categoryNames(owner);
    await fillBook(t, owner);
    file = (await t.caller(owner).bookData.export({})).data;
  });
  afterAll(() => t.close());

  async function categoryNames(user: TestUser): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom('categories as c')
      .innerJoin('category_groups as g', 'g.id', 'c.group_id')
      .select(['g.name as group', 'c.name'])
      .where('c.book_id', '=', user.bookId)
      .orderBy('g.name')
      .orderBy('c.name')
      .execute();
    return rows.map((row) => `${row.group}/${row.name}`);
  }

  /** Everything of one book a restore writes, and its mark. */
  async function bookState(user: TestUser) {
    const count = async (table: 'accounts' | 'transactions' | 'entry_changes') =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('book_id', '=', user.bookId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const book = await t.database.db
      .selectFrom('books')
      .select(['restore_token', 'restore_heartbeat_at', 'restored_at'])
      .where('id', '=', user.bookId)
      .executeTakeFirstOrThrow();
    return {
      accounts: await count('accounts'),
      entries: await count('transactions'),
      changes: await count('entry_changes'),
      categories: await categoryNames(user),
      marked: book.restore_token !== null,
      restored: book.restored_at !== null,
    };
  }
  const emptyBook = () => ({
    accounts: 0,
    entries: 0,
    changes: 0,
    categories: defaults,
    marked: false,
    restored: false,
  });

  /** A restored book made to look like a restore that died just before its last step. */
  async function deadRestore(secondsAgo: number): Promise<TestUser> {
    const user = await t.signUp();
    expect((await restore(t, user, file)).statusCode).toBe(200);
    await sql`UPDATE books SET restore_token = ${randomUUID()}::uuid, restored_at = NULL,
        restore_heartbeat_at = clock_timestamp() - make_interval(secs => ${secondsAgo})
      WHERE id = ${user.bookId}::uuid`.execute(t.database.db);
    return user;
  }

  it('answers 409 to every request on a book being restored, but not to sign-out and me', async () => {
    const user = await t.signUp();
    const account = (await t.caller(user).account.create({ title: 'Wallet' })).data.id;
    await sql`UPDATE books SET restore_token = ${randomUUID()}::uuid,
        restore_heartbeat_at = clock_timestamp() WHERE id = ${user.bookId}::uuid`.execute(
      t.database.db,
    );
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['GET', '/api/book'],
      ['GET', '/api/transactions'],
      ['GET', '/api/book/export'],
      ['POST', `/api/account/${account}/deposit`],
      ['POST', '/api/book/restore'],
    ] as const) {
      const res = await t.rest(user, {
        method,
        url,
        ...(method === 'POST' && { payload: url.endsWith('restore') ? { file } : { amount: 1 } }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.bookRestoring });
    }
    expect((await t.rest(user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // Another user's book is untouched by it.
    const other = await t.signUp();
    expect((await t.rest(other, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    await sql`UPDATE books SET restore_token = NULL, restore_heartbeat_at = NULL
      WHERE id = ${user.bookId}::uuid`.execute(t.database.db);
    expect((await t.rest(user, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it('undoes a restore that died when the next request meets its stale mark', async () => {
    const user = await deadRestore(120);
    const res = await t.rest(user, { method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.restoreInterrupted);
    await waitFor(async () => !(await bookState(user)).marked, 'the cleanup');
    expect(await bookState(user)).toEqual(emptyBook());
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
    expect((await restore(t, user, file)).statusCode).toBe(200);
  });

  it('leaves a mark that is not stale alone, and answers 409 meanwhile', async () => {
    const user = await deadRestore(5);
    const res = await t.rest(user, { method: 'GET', url: '/api/account' });
    expect(res.json().message).toBe(MESSAGES.bookRestoring);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bookState(user)).marked).toBe(true);
    expect((await bookState(user)).entries).toBe(file.entries.length);
  });

  it('undoes restores that died when the server starts', async () => {
    const stale = await deadRestore(120);
    const fresh = await deadRestore(5);
    // A second server on the same database: PGlite's data belongs to one process, so every
    // mark found at start is a dead restore's; on PostgreSQL only stale ones are.
    const second = await buildApp({ env: testEnv, database: t.database, firebase: null });
    await waitFor(async () => !(await bookState(stale)).marked, 'the start-up cleanup');
    expect(await bookState(stale)).toEqual(emptyBook());
    if (testBackend === 'pglite') {
      await waitFor(async () => !(await bookState(fresh)).marked, 'the start-up cleanup');
      expect(await bookState(fresh)).toEqual(emptyBook());
    } else {
      expect((await bookState(fresh)).marked).toBe(true);
    }
    await second.close();
  });

  it('undoes everything a restore wrote when it fails half way, and the key stays usable', async () => {
    const user = await t.signUp();
    const big = bookFile('entriesWithHistory', 600, 3);
    const last = big.entries.length - 1;
    (big.entries[last] as BookExport['entries'][number]).description = 'BOOM';
    (big.history[last] as BookExport['history'][number]).after.description = 'BOOM';
    // A fault injected in the database: the last entry's insert fails, after hundreds went in.
    await sql
      .raw(
        `CREATE FUNCTION restore_test_boom() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.description = 'BOOM' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`,
      )
      .execute(t.database.db);
    await sql
      .raw(
        `CREATE TRIGGER restore_test_boom BEFORE INSERT ON transactions
         FOR EACH ROW EXECUTE FUNCTION restore_test_boom()`,
      )
      .execute(t.database.db);
    try {
      const before = await snapshotDatabase(t.database.db);
      const res = await restore(t, user, big, { 'idempotency-key': 'fails-half-way' });
      expect(res.statusCode).toBe(500);
      expect(await bookState(user)).toEqual(emptyBook());
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    } finally {
      await sql.raw('DROP TRIGGER restore_test_boom ON transactions').execute(t.database.db);
      await sql.raw('DROP FUNCTION restore_test_boom()').execute(t.database.db);
    }
    // Our failure was not the caller's: the key was not spent on it.
    const retry = await restore(t, user, big, { 'idempotency-key': 'fails-half-way' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await bookState(user)).entries).toBe(big.entries.length);
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });

  it('counts any row as not empty, and a book restored into once stays so', async () => {
    // Default categories alone: empty.
    const fresh = await t.signUp();
    expect((await restore(t, fresh, file)).statusCode).toBe(200);

    // A file of changes without entries leaves a book with no accounts and no entries.
    const changesOnly = bookFile('linkedChanges', 3);
    const once = await t.signUp();
    expect((await restore(t, once, changesOnly)).statusCode).toBe(200);
    const again = await restore(t, once, changesOnly);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This book is not empty/);

    // Nothing at all in the file: the book still counts as restored into.
    const nothing = await t.signUp();
    const empty = bookFile('entries', 0, 0);
    expect((await restore(t, nothing, empty)).statusCode).toBe(200);
    expect((await restore(t, nothing, empty)).statusCode).toBe(409);

    // A rule alone.
    const ruled = await t.signUp();
    await sql`INSERT INTO rules (book_id, name, position)
      VALUES (${ruled.bookId}::uuid, 'A rule', 0)`.execute(t.database.db);
    const before = await snapshotDatabase(t.database.db);
    expect((await restore(t, ruled, file)).statusCode).toBe(409);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);

    // A deleted account alone.
    const closed = await t.signUp();
    const gone = (await t.caller(closed).account.create({ title: 'Gone' })).data.id;
    await t.caller(closed).account.delete({ id: gone });
    expect((await restore(t, closed, file)).statusCode).toBe(409);
  });

  it('replays a retry, refuses a reused key, and never restores twice for one key', async () => {
    const user = await t.signUp();
    const key = { 'idempotency-key': `restore-${randomUUID()}` };
    const medium = bookFile('entriesWithHistory', 1500, 5);
    // A duplicate sent while the first runs meets the book's mark: 409, not a second restore.
    const running = restore(t, user, medium, key);
    await waitFor(async () => (await bookState(user)).marked, 'the restore to claim the book');
    const duplicate = await restore(t, user, medium, key);
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json().message).toBe(MESSAGES.bookRestoring);
    const first = await running;
    expect(first.statusCode, first.body).toBe(200);
    const state = await bookState(user);
    expect(state.entries).toBe(medium.entries.length);

    const retry = await restore(t, user, medium, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await bookState(user)).toEqual(state);

    const other = await restore(t, user, file, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    // A refusal of the file is the key's outcome too.
    const someone = await t.signUp();
    const broken = copyOf(file);
    (broken.accounts[0] as BookExport['accounts'][number]).balanceCents = '1';
    const refusalKey = { 'idempotency-key': `refused-${randomUUID()}` };
    const refused = await restore(t, someone, broken, refusalKey);
    expect(refused.statusCode).toBe(422);
    const replayed = await restore(t, someone, broken, refusalKey);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it(`runs at most ${RESTORES_PER_INSTANCE_MAX} restores at once on an instance; one user's parallel restores restore once`, async () => {
    const medium = bookFile('entriesWithHistory', 1500, 5);
    const users = await Promise.all([0, 1, 2].map(() => t.signUp()));
    const answers = await Promise.all(users.map((user) => restore(t, user, medium)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body.slice(0, 200)))).toEqual([
      200, 200, 429,
    ]);
    const busy = answers.find((a) => a.statusCode === 429);
    expect(busy?.headers['retry-after']).toBe('30');
    expect(busy?.json().message).toBe(MESSAGES.restoresBusy);

    // Twelve restores of one user into one book: one restores, every other is told why at once.
    const user = await t.signUp();
    const other = await t.signUp();
    const many = Promise.all(Array.from({ length: 12 }, () => restore(t, user, medium)));
    // Meanwhile the database serves everyone else.
    const list = await t.rest(other, { method: 'GET', url: '/api/account' });
    expect(list.statusCode).toBe(200);
    const results = await many;
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect([409, 429], r.body).toContain(r.statusCode);
    }
    expect((await bookState(user)).entries).toBe(medium.entries.length);
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });
});
