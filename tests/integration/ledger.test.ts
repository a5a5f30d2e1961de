import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { DOORS, type Door } from '../helpers/doors.js';

interface Row {
  id: string;
  amount: number;
  accountId: string | null;
  transactionType: string;
  description: string;
  createdAt: string;
}

describe.each(DOORS)('expenses and the ledger through %s', (_name, makeDoor) => {
  let t: TestApp;
  let api: Door;
  beforeAll(async () => {
    t = await createTestApp();
    api = makeDoor(t, await t.signUp());
  });
  afterAll(() => t.close());

  it('starts empty', async () => {
    expect((await api.listExpenses()).body).toEqual({ success: true, data: [], nextCursor: null });
    expect((await api.listTransactions()).body).toEqual({
      success: true,
      data: { items: [], nextCursor: null },
    });
  });

  it('records an expense against an account and debits it', async () => {
    const account = (await api.createAccount({ title: 'Groceries' })).body.data;
    await api.deposit(account.id, { amount: 50 });
    const res = await api.createExpense({
      description: 'Milk',
      amount: 2.49,
      accountId: account.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Expense created successfully',
      data: {
        account: { id: account.id, balance: 47.51 },
        transaction: {
          description: 'Milk',
          amount: 2.49,
          accountId: account.id,
          transactionType: 'expense',
        },
      },
    });
    const tx = res.body.data.transaction;
    expect(Object.keys(tx).sort()).toEqual([
      'accountId',
      'amount',
      'categoryId',
      'cleared',
      'createdAt',
      'currency',
      'description',
      'id',
      'occurredOn',
      'payee',
      'splits',
      'tags',
      'transactionType',
      'transfer',
      'updatedAt',
      'version',
    ]);
    expect((await api.getAccount(account.id)).body.data.balance).toBe(47.51);
    const byAccount = (await api.expensesByAccount(account.id)).body;
    expect(byAccount).toEqual({ success: true, data: [tx], nextCursor: null });
  });

  it('records an expense without an account, touching no balance', async () => {
    const accountsBefore = (await api.listAccounts()).body.data;
    const res = await api.createExpense({ amount: 12 });
    expect(res.body).toMatchObject({
      success: true,
      data: { account: null, transaction: { accountId: null, amount: 12, description: '' } },
    });
    expect((await api.listAccounts()).body.data).toEqual(accountsBefore);
    const explicitNull = await api.createExpense({
      amount: 1,
      accountId: null,
      description: 'Coffee',
    });
    expect(explicitNull.body.data.transaction).toMatchObject({
      accountId: null,
      description: 'Coffee',
    });
  });

  it('refuses an expense beyond the balance, writing nothing', async () => {
    const account = (await api.createAccount({ title: 'Small' })).body.data;
    await api.deposit(account.id, { amount: 1 });
    const res = await api.createExpense({ amount: 1.01, accountId: account.id });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
    });
    expect((await api.expensesByAccount(account.id)).body.data).toEqual([]);
    expect((await api.getAccount(account.id)).body.data.balance).toBe(1);
  });

  it('refuses an expense on an unknown account', async () => {
    const res = await api.createExpense({
      amount: 1,
      accountId: '0f0e0d0c-0b0a-4909-8807-060504030201',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Account not found');
  });

  it.each([
    [{}, 'Amount is required'],
    [{ amount: '5' }, 'Amount must be a number'],
    [{ amount: 0 }, 'Amount must be greater than 0'],
    [{ amount: -3 }, 'Amount must be greater than 0'],
    [{ amount: 1.005 }, 'Amount must have at most two decimal places'],
    [{ amount: 1_000_000_000.01 }, 'Amount must be at most 1,000,000,000.00'],
    [{ amount: 1, accountId: 'nope' }, 'Account ID must be a UUID'],
    [{ amount: 1, description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
  ])('refuses expense %j with "%s"', async (input, message) => {
    const before = (await api.listExpenses()).body.data.length;
    const res = await api.createExpense(input);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect((await api.listExpenses()).body.data.length).toBe(before);
  });

  it('lists expenses newest first and only expenses', async () => {
    const list: Row[] = (await api.listExpenses()).body.data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((row) => row.transactionType === 'expense')).toBe(true);
    const times = list.map((row) => new Date(row.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages the whole ledger newest first with a cursor', async () => {
    const account = (await api.createAccount({ title: 'Paged' })).body.data;
    for (let i = 1; i <= 7; i++) await api.deposit(account.id, { amount: i });
    const seen: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = { accountId: account.id, limit: 3 };
      if (cursor) query.cursor = cursor;
      const page = (await api.listTransactions(query)).body.data as {
        items: Row[];
        nextCursor: string | null;
      };
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((row) => row.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(seen.map((row) => row.id)).size).toBe(7);
  });

  it('filters the ledger by type and time', async () => {
    const account = (await api.createAccount({ title: 'Filtered' })).body.data;
    await api.deposit(account.id, { amount: 20 });
    await api.withdraw(account.id, { amount: 5 });
    await api.createExpense({ amount: 3, accountId: account.id });
    const byType = async (type: string) =>
      ((await api.listTransactions({ accountId: account.id, type })).body.data.items as Row[]).map(
        (r) => r.amount,
      );
    expect(await byType('deposit')).toEqual([20]);
    expect(await byType('withdraw')).toEqual([5]);
    expect(await byType('expense')).toEqual([3]);

    const all: Row[] = (await api.listTransactions({ accountId: account.id })).body.data.items;
    const [newest] = all;
    if (!newest) throw new Error('the account has ledger rows');
    const fromNewest = (
      await api.listTransactions({ accountId: account.id, from: newest.createdAt })
    ).body.data.items;
    expect(fromNewest.map((r: Row) => r.id)).toEqual([newest.id]);
    const beforeNewest = (
      await api.listTransactions({ accountId: account.id, to: newest.createdAt })
    ).body.data.items;
    expect(beforeNewest.map((r: Row) => r.id)).toEqual(all.slice(1).map((r) => r.id));
  });

  it.each([
    [{ from: '0000-01-01T00:00:00Z' }, 'from must be a date between the years 1900 and 9999'],
    [{ to: '1800-05-01T00:00:00Z' }, 'to must be a date between the years 1900 and 9999'],
  ])('refuses the out-of-range bound %j with a 400', async (query, message) => {
    const res = await api.listTransactions(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  // Rules the input schema's JSON Schema cannot show, so the derived bad-input table cannot know.
  it.each([
    [{ cursor: 'garbage' }, 'Invalid cursor'],
    [{ cursor: Buffer.from('s:9999999999999999999').toString('base64url') }, 'Invalid cursor'],
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'from must not be after to'],
  ])('refuses the page request %j with a 400', async (query, message) => {
    const res = await api.listTransactions(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('refuses amounts with more than two decimals, changing nothing', async () => {
    const account = (await api.createAccount({ title: 'Exact' })).body.data;
    await api.deposit(account.id, { amount: 10 });
    for (const [label, send] of [
      ['deposit', () => api.deposit(account.id, { amount: 12.345 })],
      ['withdraw', () => api.withdraw(account.id, { amount: 0.001 })],
      ['expense', () => api.createExpense({ amount: 1.005, accountId: account.id })],
    ] as const) {
      const res = await send();
      expect(res.status, label).toBe(400);
      expect(res.body.message, label).toBe('Amount must have at most two decimal places');
    }
    expect((await api.getAccount(account.id)).body.data.balance).toBe(10);
  });

  it('caps the page size at 200 and defaults to 50', async () => {
    const account = (await api.createAccount({ title: 'Bulk' })).body.data;
    await Promise.all(Array.from({ length: 60 }, () => api.deposit(account.id, { amount: 0.01 })));
    const first = (await api.listTransactions({ accountId: account.id })).body.data;
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    expect((await api.listTransactions({ limit: 201 })).status).toBe(400);
    expect(
      (await api.listTransactions({ accountId: account.id, limit: 200 })).body.data.items,
    ).toHaveLength(60);
    expect((await api.getAccount(account.id)).body.data.balance).toBe(0.6);
  });
});
