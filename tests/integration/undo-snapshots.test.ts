import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.js';
import { restDoor, type Door, type Outcome } from '../helpers/doors.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * Undo applies a stored snapshot; the change engine refuses one it cannot write exactly
 * (docs/ledger.md#history-and-undo). Snapshots are written by the server, and checked when a
 * file is restored, but a database may hold others (restored before those checks, written by
 * hand): each kind of bad snapshot is planted here in SQL, and undoing its change must be a 422
 * that changes nothing, where before the balance stopped being the sum of its entries.
 */

type Json = Record<string, unknown>;

describe(`undo of snapshots the ledger cannot take (${testBackend})`, () => {
  let t: TestApp;
  let user: TestUser;
  let api: Door;
  let wallet: string;
  let card: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = restDoor(t, user);
    wallet = ok(await api.createAccount({ title: 'Wallet' })).id as string;
    card = ok(await api.createAccount({ title: 'Card' })).id as string;
    ok(await api.deposit(wallet, { amount: 1000 }));
    ok(await api.deposit(card, { amount: 1000 }));
  });
  afterAll(() => t.close());

  function ok(outcome: Outcome) {
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    return outcome.body.data;
  }

  /** Rewrites the `before` of a change's history rows (of one entry, or all of them). */
  async function plant(changeId: string, edit: (before: Json) => Json | string, entryId?: string) {
    const rows = await t.database.db
      .selectFrom('entry_history')
      .select(['id', 'entry_id', 'before'])
      .where('change_id', '=', changeId)
      .execute();
    for (const row of rows) {
      if (entryId && row.entry_id !== entryId) continue;
      const edited = edit(JSON.parse(row.before ?? 'null') as Json);
      const text = typeof edited === 'string' ? edited : JSON.stringify(edited);
      await sql`UPDATE entry_history SET before = ${text} WHERE id = ${row.id}`.execute(
        t.database.db,
      );
    }
  }

  /** What an undo must leave as it was when refused. */
  async function money() {
    const accounts = await t.database.db
      .selectFrom('accounts')
      .select(['id', 'balance_cents', 'updated_at'])
      .where('book_id', '=', user.bookId)
      .orderBy('id')
      .execute();
    const entries = await t.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('book_id', '=', user.bookId)
      .orderBy('seq')
      .execute();
    const changes = await t.database.db
      .selectFrom('entry_changes')
      .select(['id', 'undone_by_id'])
      .where('book_id', '=', user.bookId)
      .orderBy('seq')
      .execute();
    return { accounts, entries, changes };
  }

  /**
   * The money invariants (balance = signed sum of live entries, within the floor; transfer legs
   * pair), read in SQL: the history the planted snapshots break on purpose is not read.
   */
  async function moneyViolations(): Promise<string[]> {
    const { rows } = await sql<{ problem: string }>`
      SELECT 'account ' || a.id || ': balance ' || a.balance_cents || ', entries sum to ' ||
             coalesce(s.total, 0) AS problem
      FROM accounts a
      LEFT JOIN (
        SELECT account_id, sum(CASE WHEN transaction_type IN ('deposit', 'transfer_in')
          THEN amount_cents ELSE -amount_cents END) AS total
        FROM transactions WHERE book_id = ${user.bookId}::uuid AND deleted_at IS NULL
        GROUP BY account_id) s ON s.account_id = a.id
      WHERE a.book_id = ${user.bookId}::uuid
        AND (a.balance_cents <> coalesce(s.total, 0) OR a.balance_cents < -a.credit_limit_cents)
      UNION ALL
      SELECT 'transfer ' || transfer_id AS problem FROM transactions
      WHERE book_id = ${user.bookId}::uuid AND transfer_id IS NOT NULL
      GROUP BY transfer_id
      HAVING count(*) <> 2 OR count(DISTINCT amount_cents) <> 1
        OR count(DISTINCT deleted_at IS NULL) <> 1 OR count(DISTINCT account_id) <> 2`.execute(
      t.database.db,
    );
    return rows.map((row) => row.problem);
  }

  async function refusedUndo(changeId: string, reason: RegExp) {
    const before = await money();
    const outcome = await api.undo(changeId);
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(422);
    expect(outcome.body.code).toBe('UNPROCESSABLE');
    expect(outcome.body.message).toContain(MESSAGES.entryStateInvalid);
    expect(outcome.body.message).toMatch(reason);
    expect(await money()).toEqual(before);
    expect(await moneyViolations()).toEqual([]);
  }

  /** A change of one entry (an edit of its description), whose `before` is then planted. */
  async function editedEntry(input: Record<string, unknown>) {
    const created = ok(await api.createEntry(input));
    const id = created.transaction.id as string;
    const edit = ok(await api.updateEntry(id, { description: 'edited' }));
    return { id, changeId: edit.changeId as string };
  }

  it('refuses to give an entry another type (a deposit undone into a withdrawal)', async () => {
    const { changeId } = await editedEntry({ type: 'deposit', accountId: wallet, amount: 10 });
    await plant(changeId, (before) => ({ ...before, type: 'withdraw' }));
    await refusedUndo(changeId, /cannot change its type/);
  });

  it('refuses split lines that do not add up, and splits on an entry that cannot be split', async () => {
    const split = await editedEntry({
      type: 'expense',
      accountId: wallet,
      amount: 30,
      splits: [{ amount: 10 }, { amount: 20 }],
    });
    await plant(split.changeId, (before) => ({
      ...before,
      splits: [
        { categoryId: null, amountCents: '1000', note: '' },
        { categoryId: null, amountCents: '1', note: '' },
      ],
    }));
    await refusedUndo(split.changeId, /add up to|not one the ledger allows/);

    const deposit = await editedEntry({ type: 'deposit', accountId: wallet, amount: 30 });
    await plant(deposit.changeId, (before) => ({
      ...before,
      splits: [
        { categoryId: null, amountCents: '1000', note: '' },
        { categoryId: null, amountCents: '2000', note: '' },
      ],
    }));
    await refusedUndo(deposit.changeId, /split|not one the ledger allows/);
  });

  it('refuses an amount out of range, a deposit without an account, a bad date', async () => {
    for (const plantIt of [
      (before: Json) => ({ ...before, amountCents: '100000000001' }),
      (before: Json) => ({ ...before, amountCents: '0' }),
      (before: Json) => ({ ...before, accountId: null }),
      (before: Json) => ({ ...before, occurredOn: '2025-02-30' }),
      (before: Json) => ({ ...before, description: 'x'.repeat(501) }),
    ]) {
      const { changeId } = await editedEntry({ type: 'deposit', accountId: wallet, amount: 5 });
      await plant(changeId, plantIt);
      await refusedUndo(changeId, /not one the ledger allows|\(/);
    }
  });

  it('refuses a transfer leg turned into something else, or legs that no longer pair', async () => {
    const transfer = async () => {
      const created = ok(
        await api.createTransfer({ fromAccountId: wallet, toAccountId: card, amount: 25 }),
      );
      const id = created.transfer.id as string;
      const edit = ok(await api.updateTransfer(id, { description: 'edited' }));
      const legs = await t.database.db
        .selectFrom('transactions')
        .select(['id', 'transaction_type'])
        .where('transfer_id', '=', id)
        .execute();
      const out = legs.find((leg) => leg.transaction_type === 'transfer_out')?.id as string;
      return { changeId: edit.changeId as string, out };
    };
    const asWithdrawal = await transfer();
    await plant(asWithdrawal.changeId, (b) => ({ ...b, type: 'withdraw' }), asWithdrawal.out);
    await refusedUndo(asWithdrawal.changeId, /cannot change its type/);

    const oneLeg = await transfer();
    await plant(oneLeg.changeId, (b) => ({ ...b, amountCents: '99900' }), oneLeg.out);
    await refusedUndo(oneLeg.changeId, /two legs of a transfer move the same amount/);

    const categorised = await transfer();
    const category = await t.database.db
      .selectFrom('categories')
      .select('id')
      .where('book_id', '=', user.bookId)
      .executeTakeFirstOrThrow();
    await plant(categorised.changeId, (b) => ({ ...b, categoryId: category.id }));
    await refusedUndo(categorised.changeId, /transfer leg carries no category/);

    const sameAccount = await transfer();
    await plant(sameAccount.changeId, (b) => ({ ...b, accountId: wallet }));
    await refusedUndo(sameAccount.changeId, /two different accounts/);
  });

  it('refuses junk instead of failing, and the entry page shows it as nothing', async () => {
    for (const junk of ['not json', '{"junk":true}', '[]', 'null']) {
      const { id, changeId } = await editedEntry({
        type: 'deposit',
        accountId: wallet,
        amount: 1,
      });
      await plant(changeId, () => junk);
      await refusedUndo(changeId, /not one the ledger allows/);
      const view = await api.getEntry(id);
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      const row = (view.body.data.history as { changeId: string; before: unknown }[]).find(
        (item) => item.changeId === changeId,
      );
      expect(row?.before).toBeNull();
    }
  });

  it('still undoes what the server wrote, through every kind of change', async () => {
    const { changeId } = await editedEntry({ type: 'deposit', accountId: wallet, amount: 7 });
    ok(await api.undo(changeId));
    const transfer = ok(
      await api.createTransfer({ fromAccountId: card, toAccountId: wallet, amount: 3 }),
    );
    ok(await api.undo(transfer.changeId as string));
    const split = ok(
      await api.createEntry({
        type: 'withdraw',
        accountId: card,
        amount: 9,
        splits: [{ amount: 4 }, { amount: 5 }],
      }),
    );
    ok(await api.undo(split.changeId as string));
    expect(await moneyViolations()).toEqual([]);
  });
});
