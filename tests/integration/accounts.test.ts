import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { DOORS, type Door } from '../helpers/doors.js';

describe.each(DOORS)('accounts through %s', (_name, makeDoor) => {
  let t: TestApp;
  let api: Door;
  beforeAll(async () => {
    t = await createTestApp();
    api = makeDoor(t, await t.signUp());
  });
  afterAll(() => t.close());

  it('creates an account with the defaults filled in', async () => {
    const res = await api.createAccount({ title: '  Wallet  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Account added successfully',
      data: { title: 'Wallet', description: '', icon: 'wallet', color: '#10b981', balance: 0 },
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.data.createdAt).getTime()).not.toBeNaN();
  });

  it('keeps every given field', async () => {
    const res = await api.createAccount({
      title: 'Visa',
      description: 'Travel card',
      icon: 'credit-card',
      color: '#FF0000',
    });
    expect(res.body.data).toMatchObject({
      title: 'Visa',
      description: 'Travel card',
      icon: 'credit-card',
      color: '#ff0000',
    });
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    [{ title: 'ok', description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
    [{ title: 'ok', icon: 'bank' }, 'Icon must be "wallet" or "credit-card"'],
    [{ title: 'ok', color: 'green' }, 'Color must be a hex color like #10b981'],
    [{ title: 42 }, 'Title must be text'],
    [{ title: 'a\u0000b' }, 'Title must not contain NUL characters'],
    [
      { title: 'ok', description: 'nul \u0000 inside' },
      'Description must not contain NUL characters',
    ],
  ])('refuses %j with "%s" and creates nothing', async (input, message) => {
    const before = (await api.listAccounts()).body.data.length;
    const res = await api.createAccount(input);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect((await api.listAccounts()).body.data.length).toBe(before);
  });

  it('lists accounts newest first', async () => {
    const first = (await api.createAccount({ title: 'First' })).body.data;
    const second = (await api.createAccount({ title: 'Second' })).body.data;
    const list = (await api.listAccounts()).body;
    expect(list.success).toBe(true);
    const ids = list.data.map((a: { id: string }) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids[0]).toBe(second.id);
  });

  it('reads one account', async () => {
    const created = (await api.createAccount({ title: 'Savings', description: 'Rainy day' })).body
      .data;
    const res = await api.getAccount(created.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: created });
  });

  it('updates the given fields and keeps the others', async () => {
    const created = (
      await api.createAccount({ title: 'Old', description: 'keep me', icon: 'credit-card' })
    ).body.data;
    const res = await api.updateAccount(created.id, { title: 'New', color: '#123456' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Account updated successfully',
      data: {
        id: created.id,
        title: 'New',
        description: 'keep me',
        icon: 'credit-card',
        color: '#123456',
      },
    });
    expect((await api.getAccount(created.id)).body.data.title).toBe('New');
  });

  it('refuses an update without a title and changes nothing', async () => {
    const created = (await api.createAccount({ title: 'Stays' })).body.data;
    const res = await api.updateAccount(created.id, { title: ' ' });
    expect(res.body).toMatchObject({ success: false, message: 'Title is required' });
    expect((await api.getAccount(created.id)).body.data).toEqual(created);
  });

  it('deposits and withdraws to the cent, with default descriptions', async () => {
    const account = (await api.createAccount({ title: 'Cash' })).body.data;
    const deposit = await api.deposit(account.id, { amount: 100.1 });
    expect(deposit.body).toMatchObject({
      success: true,
      message: 'Deposit successful',
      data: {
        account: { id: account.id, balance: 100.1 },
        transaction: {
          amount: 100.1,
          transactionType: 'deposit',
          accountId: account.id,
          description: 'Deposit to account Cash',
        },
      },
    });
    const withdraw = await api.withdraw(account.id, { amount: 0.2, description: '  ' });
    expect(withdraw.body).toMatchObject({
      success: true,
      message: 'Withdrawal successful',
      data: {
        account: { balance: 99.9 },
        transaction: { description: 'Withdrawal from account Cash' },
      },
    });
    const own = await api.deposit(account.id, { amount: 0.1, description: 'Salary' });
    expect(own.body.data.transaction.description).toBe('Salary');
    expect((await api.getAccount(account.id)).body.data.balance).toBe(100);
  });

  it('refuses a withdrawal beyond the balance and writes nothing', async () => {
    const account = (await api.createAccount({ title: 'Thin' })).body.data;
    await api.deposit(account.id, { amount: 10 });
    const ledgerBefore = (await api.listTransactions({ accountId: account.id })).body.data.items
      .length;
    const res = await api.withdraw(account.id, { amount: 10.01 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient funds',
    });
    expect((await api.getAccount(account.id)).body.data.balance).toBe(10);
    expect((await api.listTransactions({ accountId: account.id })).body.data.items).toHaveLength(
      ledgerBefore,
    );
    // The whole balance can go.
    expect((await api.withdraw(account.id, { amount: 10 })).body.data.account.balance).toBe(0);
  });

  it('refuses a deposit that would pass the balance limit', async () => {
    const account = (await api.createAccount({ title: 'Rich' })).body.data;
    // Seed 999,999,999,000.00 directly, balance and ledger together, instead of 1,000 deposits.
    const seeded = 99_999_999_900_000n;
    await t.database.db
      .updateTable('accounts')
      .set({ balance_cents: seeded.toString() })
      .where('id', '=', account.id)
      .execute();
    const owner = await t.database.db
      .selectFrom('accounts')
      .select(['book_id', 'created_by'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('transactions')
      .values({
        book_id: owner.book_id,
        created_by: owner.created_by,
        occurred_on: '2025-01-01',
        account_id: account.id,
        transaction_type: 'deposit',
        amount_cents: seeded.toString(),
        description: 'seed',
      })
      .execute();
    const toLimit = await api.deposit(account.id, { amount: 999.99 });
    expect(toLimit.body.data.account.balance).toBe(999_999_999_999.99);
    const over = await api.deposit(account.id, { amount: 0.01 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ success: false, code: 'BALANCE_LIMIT_EXCEEDED' });
    expect(over.body.message).toContain('999,999,999,999.99');
    expect((await api.getAccount(account.id)).body.data.balance).toBe(999_999_999_999.99);
  });

  it('deletes an account: gone everywhere, ledger kept', async () => {
    const account = (await api.createAccount({ title: 'Doomed' })).body.data;
    await api.deposit(account.id, { amount: 5 });
    const res = await api.deleteAccount(account.id);
    expect(res.body).toEqual({ success: true, message: 'Account deleted successfully' });
    expect((await api.getAccount(account.id)).status).toBe(404);
    expect((await api.deleteAccount(account.id)).status).toBe(404);
    expect((await api.deposit(account.id, { amount: 1 })).status).toBe(404);
    const ids = (await api.listAccounts()).body.data.map((a: { id: string }) => a.id);
    expect(ids).not.toContain(account.id);
    const ledger = (await api.listTransactions()).body.data.items;
    expect(ledger.some((row: { accountId: string }) => row.accountId === account.id)).toBe(true);
  });

  it('answers 404 "Account not found" for an unknown id', async () => {
    const res = await api.getAccount('6f1c2d3e-4b5a-4c6d-8e7f-001122334455');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Account not found',
    });
  });

  it('asks for the id when it is missing', async () => {
    if (api.name === 'trpc') {
      const res = await api.getAccount('');
      expect(res.body).toMatchObject({ success: false, message: 'Account ID is required' });
    } else {
      const res = await api.getAccount(' ');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Account ID is required');
    }
  });

  it('answers the test call', async () => {
    expect((await api.testNew()).body).toEqual({ success: true, message: 'API call successful' });
  });
});
