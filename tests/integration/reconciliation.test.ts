import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcOutcome, type Outcome } from '../helpers/doors.js';
import { okData, restData } from '../helpers/set-up-steps.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { testBackend } from '../helpers/test-database.js';
import { RECONCILED_MESSAGES } from '../../src/server/features/ledger/changes/reconciled-lock.js';

// Reconciliation (docs/ledger.md#reconciliation): entries marked cleared, an account's cleared
// balance against a statement, finishing only at a difference of 0.00, the lock on reconciled
// entries (a confirmation, never a silent edit), undo, and never another book's account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The reconciliation routes through one door. */
interface ReconcileDoor {
  setCleared(id: string, input: object): Promise<Outcome>;
  summary(accountId: string, statementOn: string, statementBalance: number): Promise<Outcome>;
  finish(accountId: string, statementOn: string, statementBalance: number): Promise<Outcome>;
  update(id: string, input: object): Promise<Outcome>;
  remove(id: string, confirm?: boolean): Promise<Outcome>;
  undo(changeId: string): Promise<Outcome>;
}

function restReconcile(user: TestUser): ReconcileDoor {
  const call = async (method: string, url: string, payload?: object): Promise<Outcome> => {
    const res = await t.rest(user, {
      method,
      url,
      ...(payload !== undefined && { payload }),
      headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    setCleared: (id, input) => call('PATCH', `/api/transactions/${id}/cleared`, input),
    summary: (id, on, balance) =>
      call(
        'GET',
        `/api/account/${id}/reconciliation?statementOn=${on}&statementBalance=${balance}`,
      ),
    finish: (id, on, balance) =>
      call('POST', `/api/account/${id}/reconcile`, { statementOn: on, statementBalance: balance }),
    update: (id, input) => call('PATCH', `/api/transactions/${id}`, input),
    remove: (id, confirm) =>
      call('DELETE', `/api/transactions/${id}${confirm ? '?confirmReconciled=true' : ''}`),
    undo: (id) => call('POST', `/api/changes/${id}/undo`),
  };
}

function trpcReconcile(user: TestUser): ReconcileDoor {
  const caller = () => t.caller(user, { idempotencyKey: randomUUID() });
  const any = (input: unknown) => input as never;
  return {
    setCleared: (id, input) =>
      trpcOutcome(() => caller().reconciliation.setCleared(any({ ...input, id }))),
    summary: (id, statementOn, statementBalance) =>
      trpcOutcome(() => caller().reconciliation.summary({ id, statementOn, statementBalance })),
    finish: (id, statementOn, statementBalance) =>
      trpcOutcome(() => caller().reconciliation.finish({ id, statementOn, statementBalance })),
    update: (id, input) => trpcOutcome(() => caller().entry.update(any({ ...input, id }))),
    remove: (id, confirm) =>
      trpcOutcome(() =>
        caller().entry.delete(any({ id, ...(confirm && { confirmReconciled: 'true' }) })),
      ),
    undo: (id) => trpcOutcome(() => caller().change.undo({ id })),
  };
}

interface Book {
  user: TestUser;
  accountId: string;
  /** Entries by name: two in January (in the statement), one in February (after it). */
  ids: { pay: string; rent: string; later: string };
}

async function bookWithEntries(): Promise<Book> {
  const user = await t.signUp();
  const account = await restData(t, user, 'POST', '/api/account', { title: 'Checking' });
  const accountId = (account as { id: string }).id;
  const entry = async (type: string, amount: number, occurredOn: string, description: string) =>
    (
      (await restData(t, user, 'POST', '/api/transactions', {
        type,
        accountId,
        amount,
        occurredOn,
        description,
      })) as { transaction: { id: string } }
    ).transaction.id;
  return {
    user,
    accountId,
    ids: {
      pay: await entry('deposit', 100, '2026-01-05', 'Pay'),
      rent: await entry('withdraw', 30.25, '2026-01-10', 'Rent'),
      later: await entry('deposit', 5, '2026-02-01', 'Later'),
    },
  };
}

async function entryRow(book: Book, id: string) {
  return t.database.db
    .selectFrom('transactions')
    .select(['amount_cents', 'occurred_on', 'cleared_state', 'deleted_at', 'version'])
    .where('book_id', '=', book.user.bookId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe.each([
  ['REST', restReconcile],
  ['tRPC', trpcReconcile],
] as const)('reconciliation through %s', (_door, doorOf) => {
  it('clears entries, finishes only at 0.00 and locks the reconciled entries', async () => {
    const book = await bookWithEntries();
    const door = doorOf(book.user);
    const { accountId, ids } = book;

    // Nothing cleared yet: the whole statement balance is the difference.
    const first = okData(await door.summary(accountId, '2026-01-31', 69.75));
    expect(first).toMatchObject({ clearedBalance: 0, difference: 69.75, clearedCount: 0 });
    expect(first.lastReconciliation).toBeNull();

    for (const id of [ids.pay, ids.rent, ids.later]) {
      const cleared = okData(await door.setCleared(id, { cleared: true }));
      expect(cleared.transaction.cleared).toBe('cleared');
      expect(cleared.changeId).toEqual(expect.any(String));
    }
    // The February entry is after the statement's date: it does not count.
    const summary = okData(await door.summary(accountId, '2026-01-31', 69.75));
    expect(summary).toMatchObject({ clearedBalance: 69.75, difference: 0, clearedCount: 2 });

    // A difference refuses, names it and changes nothing.
    const before = await entryRow(book, ids.pay);
    const refused = await door.finish(accountId, '2026-01-31', 69.7);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('The difference is -0.05');
    expect(await entryRow(book, ids.pay)).toEqual(before);

    const done = okData(await door.finish(accountId, '2026-01-31', 69.75));
    expect(done.count).toBe(2);
    expect(done.reconciliation).toMatchObject({
      statementOn: '2026-01-31',
      statementBalance: 69.75,
    });
    expect((await entryRow(book, ids.pay)).cleared_state).toBe('reconciled');
    expect((await entryRow(book, ids.rent)).cleared_state).toBe('reconciled');
    expect((await entryRow(book, ids.later)).cleared_state).toBe('cleared');
    const after = okData(await door.summary(accountId, '2026-01-31', 69.75));
    expect(after.difference).toBe(0);
    expect(after.clearedCount).toBe(0);
    expect(after.lastReconciliation).toMatchObject({ statementBalance: 69.75 });

    // The lock: amount, date, account or deleting asks for a confirmation; nothing changes.
    const locked = await entryRow(book, ids.rent);
    for (const edit of [{ amount: 31 }, { occurredOn: '2026-01-11' }]) {
      const outcome = await door.update(ids.rent, edit);
      expect(outcome.status).toBe(409);
      expect(outcome.body).toMatchObject({
        code: 'RECONCILED_ENTRY',
        message: RECONCILED_MESSAGES.one,
      });
    }
    const deleteRefused = await door.remove(ids.rent);
    expect(deleteRefused.body.code).toBe('RECONCILED_ENTRY');
    const unclearRefused = await door.setCleared(ids.rent, { cleared: false });
    expect(unclearRefused.body.code).toBe('RECONCILED_ENTRY');
    expect(await entryRow(book, ids.rent)).toEqual(locked);

    // A description is not what a statement vouches for: no confirmation needed.
    okData(await door.update(ids.rent, { description: 'Rent, January' }));
    // Confirmed, the edit goes through and the entry stays reconciled.
    const confirmed = okData(await door.update(ids.rent, { amount: 31, confirmReconciled: true }));
    expect(confirmed.transaction).toMatchObject({ amount: 31, cleared: 'reconciled' });
    const difference = okData(await door.summary(accountId, '2026-01-31', 69.75));
    expect(difference.difference).toBe(0.75);

    // Deleting with the confirmation.
    const deleted = await door.remove(ids.rent, true);
    expect(deleted.status).toBe(200);
    expect(await ledgerViolations(t.database.db, book.user.bookId)).toEqual([]);
  });

  it('undoing the reconciliation takes its entries back to cleared and drops its record', async () => {
    const book = await bookWithEntries();
    const door = doorOf(book.user);
    for (const id of [book.ids.pay, book.ids.rent])
      okData(await door.setCleared(id, { cleared: true }));
    const done = okData(await door.finish(book.accountId, '2026-01-31', 69.75));
    okData(await door.undo(done.changeId));
    expect((await entryRow(book, book.ids.pay)).cleared_state).toBe('cleared');
    const summary = okData(await door.summary(book.accountId, '2026-01-31', 69.75));
    expect(summary).toMatchObject({ difference: 0, clearedCount: 2, lastReconciliation: null });
    // A clear is undone too.
    const cleared = okData(await door.setCleared(book.ids.later, { cleared: true }));
    okData(await door.undo(cleared.changeId));
    expect((await entryRow(book, book.ids.later)).cleared_state).toBe('uncleared');
    expect(await ledgerViolations(t.database.db, book.user.bookId)).toEqual([]);
  });

  it("never reads or reconciles another book's account", async () => {
    const book = await bookWithEntries();
    const stranger = doorOf(await t.signUp());
    expect((await stranger.summary(book.accountId, '2026-01-31', 0)).status).toBe(404);
    expect((await stranger.finish(book.accountId, '2026-01-31', 0)).status).toBe(404);
    expect((await stranger.setCleared(book.ids.pay, { cleared: true })).status).toBe(404);
    expect((await entryRow(book, book.ids.pay)).cleared_state).toBe('uncleared');
  });
});

describe('reconciliation and transfers', () => {
  it("clears one leg of a transfer on its own account's statement", async () => {
    const user = await t.signUp();
    const make = async (title: string) =>
      ((await restData(t, user, 'POST', '/api/account', { title })) as { id: string }).id;
    const from = await make('From');
    const to = await make('To');
    await restData(t, user, 'POST', `/api/account/${from}/deposit`, { amount: 50 });
    const transfer = (await restData(t, user, 'POST', '/api/transfers', {
      fromAccountId: from,
      toAccountId: to,
      amount: 20,
      occurredOn: '2026-01-03',
    })) as { transfer: { id: string } };
    const leg = await t.database.db
      .selectFrom('transactions')
      .select('id')
      .where('transfer_id', '=', transfer.transfer.id)
      .where('account_id', '=', to)
      .executeTakeFirstOrThrow();
    const door = restReconcile(user);
    okData(await door.setCleared(leg.id, { cleared: true }));
    const done = okData(await door.finish(to, '2026-01-31', 20));
    expect(done.count).toBe(1);
    // The transfer's edit now asks first, like any reconciled entry's.
    const res = await t.rest(user, {
      method: 'PATCH',
      url: `/api/transfers/${transfer.transfer.id}`,
      payload: { amount: 21 },
    });
    expect(res.statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });
});

describe('reconciliation in the book file', () => {
  it('export and restore keep cleared and reconciled entries, and their history undoes', async () => {
    const book = await bookWithEntries();
    const door = restReconcile(book.user);
    for (const id of [book.ids.pay, book.ids.rent, book.ids.later]) {
      okData(await door.setCleared(id, { cleared: true }));
    }
    okData(await door.finish(book.accountId, '2026-01-31', 69.75));
    const file = (await t.caller(book.user).bookData.export({})).data;
    const states = file.entries.map((entry) => entry.cleared ?? 'uncleared').sort();
    expect(states).toEqual(['cleared', 'reconciled', 'reconciled']);

    const someone = await t.signUp();
    const res = await t.rest(someone, {
      method: 'POST',
      url: '/api/book/restore',
      headers: { 'idempotency-key': randomUUID() },
      payload: { file },
    });
    expect(res.statusCode, res.body).toBe(200);
    const restored = await t.database.db
      .selectFrom('transactions')
      .select(['description', 'cleared_state'])
      .where('book_id', '=', someone.bookId)
      .orderBy('description')
      .execute();
    expect(restored).toEqual([
      { description: 'Later', cleared_state: 'cleared' },
      { description: 'Pay', cleared_state: 'reconciled' },
      { description: 'Rent', cleared_state: 'reconciled' },
    ]);
    expect(await ledgerViolations(t.database.db, someone.bookId)).toEqual([]);
  });
});

describe.runIf(testBackend === 'postgres')('reconciliation racing an edit (postgres)', () => {
  it('never leaves a reconciled entry with an amount changed without confirmation', async () => {
    for (let round = 0; round < 12; round++) {
      const book = await bookWithEntries();
      const door = restReconcile(book.user);
      for (const id of [book.ids.pay, book.ids.rent])
        okData(await door.setCleared(id, { cleared: true }));
      const [finish, edit] = await Promise.all([
        door.finish(book.accountId, '2026-01-31', 69.75),
        door.update(book.ids.rent, { amount: 40 }),
      ]);
      const rent = await entryRow(book, book.ids.rent);
      if (finish.status === 200) {
        // Reconciled first: the edit had to ask, and nothing moved.
        expect(edit.body.code).toBe('RECONCILED_ENTRY');
        expect(rent).toMatchObject({ cleared_state: 'reconciled', amount_cents: '3025' });
      } else {
        // Edited first: the difference is no longer 0 and nothing was reconciled.
        expect(finish.status).toBe(409);
        expect(edit.status).toBe(200);
        expect(rent).toMatchObject({ cleared_state: 'cleared', amount_cents: '4000' });
      }
      expect(await ledgerViolations(t.database.db, book.user.bookId)).toEqual([]);
    }
  });
});
