import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { DOORS, type Door, type Outcome } from '../helpers/doors.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * Editing, deleting and undoing any entry, splits, bulk changes and credit limits
 * (docs/ledger.md), through both doors. Every refusal is checked to change nothing, and the
 * ledger's invariants are checked after every test.
 */
describe.each(DOORS)('entries through %s', (_name, makeDoor) => {
  let t: TestApp;
  let user: TestUser;
  let api: Door;
  let categories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = makeDoor(t, user);
    const rows = await t.database.db
      .selectFrom('categories')
      .select('id')
      .where('book_id', '=', user.bookId)
      .orderBy('name')
      .execute();
    categories = rows.map((row) => row.id);
  });
  afterAll(() => t.close());

  const ok = (outcome: Outcome) => {
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    return outcome.body.data;
  };
  /** A refusal that must leave every balance and entry as it was. */
  async function refused(
    run: () => Promise<Outcome>,
    status: number,
    code: string,
    message?: string,
  ) {
    const before = await moneySnapshot(t);
    const history = await t.database.db
      .selectFrom('entry_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const outcome = await run();
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(status);
    expect(outcome.body.code).toBe(code);
    if (message !== undefined) expect(outcome.body.message).toBe(message);
    expect(await moneySnapshot(t)).toEqual(before);
    const after = await t.database.db
      .selectFrom('entry_history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(history.n));
    return outcome.body;
  }
  async function account(balance: number, title = 'Wallet') {
    const created = ok(await api.createAccount({ title }));
    if (balance > 0) ok(await api.deposit(created.id, { amount: balance }));
    return created.id as string;
  }
  const balanceOf = async (id: string) => ok(await api.getAccount(id)).balance as number;

  // Whatever a test did, the ledger it leaves keeps every invariant.
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });

  it('keeps an entry of a deleted account editable where it is, but never moves one there', async () => {
    const gone = await account(50, 'Closed card');
    const other = await account(20, 'Open wallet');
    const entry = ok(
      await api.createEntry({ type: 'withdraw', accountId: gone, amount: 10, description: 'Tea' }),
    ).transaction.id as string;
    const elsewhere = ok(await api.createEntry({ type: 'withdraw', accountId: other, amount: 5 }))
      .transaction.id as string;
    ok(await api.withdraw(gone, { amount: 40 }));
    ok(await api.deleteAccount(gone));

    // Naming the account it already has moves nothing: a client sending the whole entry back.
    const edited = ok(await api.updateEntry(entry, { accountId: gone, description: 'Green tea' }));
    expect(edited.transaction).toMatchObject({ accountId: gone, description: 'Green tea' });
    // Its money cannot change any more, and nothing can move onto the deleted account.
    await refused(
      () => api.updateEntry(entry, { amount: 11 }),
      422,
      'UNPROCESSABLE',
      MESSAGES.entryAccountDeleted,
    );
    await refused(
      () => api.updateEntry(elsewhere, { accountId: gone }),
      404,
      'NOT_FOUND',
      MESSAGES.accountNotFound,
    );
    expect(await balanceOf(other)).toBe(15);
  });

  it('creates a deposit, withdrawal and expense through POST /api/transactions', async () => {
    const wallet = await account(0);
    const deposit = ok(
      await api.createEntry({ type: 'deposit', accountId: wallet, amount: 100, payee: 'Employer' }),
    );
    expect(deposit.transaction).toMatchObject({
      transactionType: 'deposit',
      amount: 100,
      payee: 'Employer',
      version: 1,
    });
    expect(deposit.accounts).toEqual([expect.objectContaining({ id: wallet, balance: 100 })]);
    ok(await api.createEntry({ type: 'withdraw', accountId: wallet, amount: 30 }));
    const expense = ok(await api.createEntry({ type: 'expense', amount: 5 }));
    expect(expense.accounts).toEqual([]);
    expect(await balanceOf(wallet)).toBe(70);
    await refused(
      () => api.createEntry({ type: 'withdraw', accountId: wallet, amount: 70.01 }),
      422,
      'INSUFFICIENT_FUNDS',
      MESSAGES.insufficientFunds,
    );
  });

  it('creates a split expense whose lines add up, refusing ones that do not', async () => {
    const wallet = await account(100);
    const created = ok(
      await api.createEntry({
        type: 'expense',
        accountId: wallet,
        amount: 60,
        splits: [
          { categoryId: categories[0], amount: 10.5, note: 'soap' },
          { categoryId: categories[1], amount: 20.25 },
          { amount: 29.25 },
        ],
      }),
    );
    expect(created.transaction.splits.map((line: { amount: number }) => line.amount)).toEqual([
      10.5, 20.25, 29.25,
    ]);
    expect(created.transaction.categoryId).toBeNull();
    expect(await balanceOf(wallet)).toBe(40);
    await refused(
      () =>
        api.createEntry({
          type: 'expense',
          accountId: wallet,
          amount: 10,
          splits: [{ amount: 3 }, { amount: 6.99 }],
        }),
      400,
      'VALIDATION_ERROR',
    );
    // Changing the amount of a split entry without new lines: the stored lines no longer fit.
    const body = await refused(
      () => api.updateEntry(created.transaction.id, { amount: 61 }),
      422,
      'UNPROCESSABLE',
    );
    expect(body.message).toBe('The split lines add up to 60.00, not 61.00 (1.00 short)');
    // New lines with the new amount are fine, and so is removing the split.
    const resplit = ok(
      await api.updateEntry(created.transaction.id, {
        amount: 50,
        splits: [{ amount: 25 }, { amount: 25 }],
      }),
    );
    expect(resplit.transaction.splits).toHaveLength(2);
    expect(await balanceOf(wallet)).toBe(50);
    const unsplit = ok(
      await api.updateEntry(created.transaction.id, { splits: null, categoryId: categories[2] }),
    );
    expect(unsplit.transaction).toMatchObject({ splits: [], categoryId: categories[2] });
    const deposit = ok(await api.createEntry({ type: 'deposit', accountId: wallet, amount: 1 }));
    await refused(
      () => api.updateEntry(deposit.transaction.id, { splits: [{ amount: 0.5 }, { amount: 0.5 }] }),
      422,
      'UNPROCESSABLE',
      'Only expenses and withdrawals can be split',
    );
  });

  it('edits every field of an entry, moving every balance it touches', async () => {
    const a = await account(100, 'A');
    const b = await account(10, 'B');
    const created = ok(
      await api.createEntry({ type: 'expense', accountId: a, amount: 40, description: 'Lunch' }),
    );
    const id = created.transaction.id;
    const edited = ok(
      await api.updateEntry(id, {
        amount: 8,
        accountId: b,
        occurredOn: '2024-02-29',
        description: 'Dinner',
        payee: 'Café',
        categoryId: categories[3],
        tags: ['Trip', 'work'],
        expectedVersion: 1,
      }),
    );
    expect(edited.transaction).toMatchObject({
      accountId: b,
      amount: 8,
      occurredOn: '2024-02-29',
      description: 'Dinner',
      payee: 'Café',
      categoryId: categories[3],
      tags: ['trip', 'work'],
      version: 2,
    });
    expect(edited.accounts.map((x: { id: string }) => x.id).sort()).toEqual([a, b].sort());
    expect(await balanceOf(a)).toBe(100);
    expect(await balanceOf(b)).toBe(2);

    const detail = ok(await api.getEntry(id));
    expect(detail.history.map((h: { kind: string }) => h.kind)).toEqual(['create', 'update']);
    expect(detail.history[1]).toMatchObject({
      actor: { id: user.id, email: user.email },
      fields: ['accountId', 'amount', 'occurredOn', 'description', 'payee', 'categoryId', 'tags'],
      before: { accountId: a, amount: 40, description: 'Lunch' },
      after: { accountId: b, amount: 8, description: 'Dinner' },
      undoneBy: null,
    });

    await refused(
      () => api.updateEntry(id, { amount: 9, expectedVersion: 1 }),
      409,
      'CONFLICT',
      MESSAGES.versionConflict,
    );
    await refused(
      () => api.updateEntry(id, { amount: 10.01 }),
      422,
      'INSUFFICIENT_FUNDS',
      MESSAGES.insufficientFunds,
    );
    await refused(
      () => api.updateEntry(id, { categoryId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
      MESSAGES.categoryNotFound,
    );
    await refused(
      () => api.updateEntry(id, { accountId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
      MESSAGES.accountNotFound,
    );
    await refused(
      () => api.updateEntry('00000000-0000-4000-8000-000000000000', { amount: 1 }),
      404,
      'NOT_FOUND',
      MESSAGES.transactionNotFound,
    );
    // A deposit cannot lose its account; an expense can.
    const deposit = ok(await api.createEntry({ type: 'deposit', accountId: a, amount: 1 }));
    await refused(
      () => api.updateEntry(deposit.transaction.id, { accountId: null }),
      400,
      'VALIDATION_ERROR',
      'accountId is required for a deposit or a withdrawal',
    );
    ok(await api.updateEntry(id, { accountId: null }));
    expect(await balanceOf(b)).toBe(10);
  });

  it('deletes an entry and undoes the delete, once', async () => {
    const wallet = await account(100);
    const expense = ok(await api.createEntry({ type: 'expense', accountId: wallet, amount: 30 }));
    const id = expense.transaction.id;
    await refused(() => api.deleteEntry(id, 7), 409, 'CONFLICT', MESSAGES.versionConflict);
    const deleted = ok(await api.deleteEntry(id, 1));
    expect(deleted).toMatchObject({ count: 1, accounts: [{ id: wallet, balance: 100 }] });
    await refused(() => api.getEntry(id), 404, 'NOT_FOUND', MESSAGES.transactionNotFound);
    await refused(() => api.deleteEntry(id), 404, 'NOT_FOUND', MESSAGES.transactionNotFound);

    const undone = ok(await api.undo(deleted.changeId));
    expect(undone).toMatchObject({ undoesId: deleted.changeId, accounts: [{ balance: 70 }] });
    expect(ok(await api.getEntry(id)).transaction.version).toBe(3);
    await refused(() => api.undo(deleted.changeId), 409, 'CONFLICT', MESSAGES.alreadyUndone);
    await refused(
      () => api.undo('00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
      MESSAGES.changeNotFound,
    );
    const history = ok(await api.getEntry(id)).history;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['create', 'delete', 'undo']);
    expect(history[1].undoneBy).toBe(undone.changeId);
  });

  it('refuses an undo after a later change, and one the balance would not allow', async () => {
    const wallet = await account(100);
    const expense = ok(await api.createEntry({ type: 'expense', accountId: wallet, amount: 30 }));
    const edit = ok(await api.updateEntry(expense.transaction.id, { amount: 20 }));
    ok(await api.updateEntry(expense.transaction.id, { description: 'later' }));
    await refused(() => api.undo(edit.changeId), 409, 'CONFLICT', MESSAGES.undoOutdated);

    // Undoing the deletion of a deposit after the money was spent.
    const deposit = ok(await api.createEntry({ type: 'deposit', accountId: wallet, amount: 50 }));
    const deleted = ok(await api.deleteEntry(deposit.transaction.id));
    const gone = ok(await api.deleteEntry(expense.transaction.id));
    ok(await api.undo(deleted.changeId));
    ok(await api.withdraw(wallet, { amount: 150 }));
    await refused(
      () => api.undo(gone.changeId),
      422,
      'INSUFFICIENT_FUNDS',
      MESSAGES.insufficientFunds,
    );
    expect(await balanceOf(wallet)).toBe(0);
  });

  it('undoes a creation by deleting what it created', async () => {
    const wallet = await account(10);
    const created = ok(await api.createEntry({ type: 'deposit', accountId: wallet, amount: 5 }));
    ok(await api.undo(created.changeId));
    expect(await balanceOf(wallet)).toBe(10);
    await refused(
      () => api.getEntry(created.transaction.id),
      404,
      'NOT_FOUND',
      MESSAGES.transactionNotFound,
    );
  });

  it('moves money with a transfer, edits and deletes it as one, and undoes that', async () => {
    const a = await account(100, 'Checking');
    const b = await account(0, 'Card');
    const c = await account(0, 'Savings');
    const created = ok(
      await api.createTransfer({
        fromAccountId: a,
        toAccountId: b,
        amount: 40,
        occurredOn: '2025-01-02',
      }),
    );
    expect(created.transfer).toMatchObject({
      fromAccountId: a,
      toAccountId: b,
      amount: 40,
      occurredOn: '2025-01-02',
      version: 1,
    });
    expect(await balanceOf(a)).toBe(60);
    expect(await balanceOf(b)).toBe(40);
    const transferId = created.transfer.id;
    expect(ok(await api.getTransfer(transferId))).toMatchObject({ id: transferId, amount: 40 });

    const legs = ok(await api.listTransactions({ accountId: b })).items;
    expect(legs[0]).toMatchObject({
      transactionType: 'transfer',
      transfer: { id: transferId, fromAccountId: a, toAccountId: b },
    });
    await refused(
      () => api.updateEntry(legs[0].id, { amount: 1 }),
      422,
      'TRANSFER_ENTRY',
      MESSAGES.transferEntry,
    );
    await refused(() => api.deleteEntry(legs[0].id), 422, 'TRANSFER_ENTRY', MESSAGES.transferEntry);
    await refused(
      () => api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 60.01 }),
      422,
      'INSUFFICIENT_FUNDS',
      MESSAGES.insufficientFunds,
    );
    await refused(
      () => api.createTransfer({ fromAccountId: a, toAccountId: a, amount: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(
      () => api.updateTransfer(transferId, { fromAccountId: b }),
      400,
      'VALIDATION_ERROR',
      'Choose two different accounts',
    );

    const moved = ok(
      await api.updateTransfer(transferId, { toAccountId: c, amount: 50, expectedVersion: 1 }),
    );
    expect(moved.transfer).toMatchObject({ toAccountId: c, amount: 50, version: 2 });
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([50, 0, 50]);
    await refused(
      () => api.updateTransfer(transferId, { amount: 1, expectedVersion: 1 }),
      409,
      'CONFLICT',
      MESSAGES.versionConflict,
    );

    const deleted = ok(await api.deleteTransfer(transferId, 2));
    expect([await balanceOf(a), await balanceOf(c)]).toEqual([100, 0]);
    await refused(() => api.getTransfer(transferId), 404, 'NOT_FOUND', MESSAGES.transferNotFound);
    ok(await api.undo(deleted.changeId));
    expect([await balanceOf(a), await balanceOf(c)]).toEqual([50, 50]);
    // The move is no longer the legs' latest change: undoing it would overwrite the restore.
    await refused(() => api.undo(moved.changeId), 409, 'CONFLICT', MESSAGES.undoOutdated);
  });

  it('re-categorises and deletes in bulk, as one undoable change each', async () => {
    const wallet = await account(100);
    const ids: string[] = [];
    for (const amount of [1, 2, 3]) {
      ids.push(
        ok(await api.createEntry({ type: 'expense', accountId: wallet, amount })).transaction.id,
      );
    }
    const categorised = ok(await api.bulkCategorize({ ids, categoryId: categories[4] }));
    expect(categorised.count).toBe(3);
    for (const id of ids)
      expect(ok(await api.getEntry(id)).transaction.categoryId).toBe(categories[4]);
    await refused(
      () => api.bulkCategorize({ ids, categoryId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
      MESSAGES.categoryNotFound,
    );
    await refused(
      () => api.bulkDelete({ ids: [...ids, '00000000-0000-4000-8000-000000000000'] }),
      404,
      'NOT_FOUND',
      MESSAGES.transactionNotFound,
    );
    const deleted = ok(await api.bulkDelete({ ids }));
    expect(deleted).toMatchObject({ count: 3, accounts: [{ balance: 100 }] });
    ok(await api.undo(deleted.changeId));
    expect(await balanceOf(wallet)).toBe(94);
    for (const id of ids)
      expect(ok(await api.getEntry(id)).transaction.categoryId).toBe(categories[4]);
    // The delete and its undo came after the re-categorisation: it can no longer be undone.
    await refused(() => api.undo(categorised.changeId), 409, 'CONFLICT', MESSAGES.undoOutdated);
    const again = ok(await api.bulkCategorize({ ids, categoryId: null }));
    ok(await api.undo(again.changeId));
    for (const id of ids)
      expect(ok(await api.getEntry(id)).transaction.categoryId).toBe(categories[4]);
  });

  it('lets a card go down to minus its credit limit, and no further', async () => {
    const card = await account(0, 'Card');
    const set = ok(await api.setCreditLimit(card, 500));
    expect(set).toMatchObject({ creditLimit: 500, balance: 0, available: 500 });
    ok(await api.createEntry({ type: 'expense', accountId: card, amount: 450 }));
    expect(ok(await api.getAccount(card))).toMatchObject({ balance: -450, available: 50 });
    await refused(
      () => api.createEntry({ type: 'expense', accountId: card, amount: 50.01 }),
      422,
      'INSUFFICIENT_FUNDS',
      MESSAGES.insufficientFunds,
    );
    await refused(
      () => api.setCreditLimit(card, 449.99),
      422,
      'UNPROCESSABLE',
      'This account owes 450.00; the credit limit cannot be lower than that',
    );
    await refused(() => api.setCreditLimit(card, -1), 400, 'VALIDATION_ERROR');
    await refused(() => api.setCreditLimit(card, 1.001), 400, 'VALIDATION_ERROR');
    await refused(
      () => api.setCreditLimit('00000000-0000-4000-8000-000000000000', 1),
      404,
      'NOT_FOUND',
      MESSAGES.accountNotFound,
    );
    expect(ok(await api.setCreditLimit(card, 450))).toMatchObject({ available: 0 });
  });
});
