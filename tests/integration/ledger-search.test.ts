import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.js';
import { cursorOfOtherSort } from '../../src/server/features/ledger/search/cursor.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { PROCEDURE_DOORS, procedureDoor, type ProcedureDoor } from '../helpers/procedure-doors.js';

interface Item {
  id: string;
  description: string;
  payee: string;
  amount: number;
  occurredOn: string;
  categoryId: string | null;
  tags: string[];
  transactionType: string;
  splits: unknown[];
}

/**
 * GET /api/transactions: search (substring, any case, accents ignored, in description, payee,
 * tags and category name), filters, sorts and their cursors; payee suggestions, tags, and the
 * paged expenses lists (docs/ledger.md#search-filters-sorts-and-cursors).
 */
describe.each(PROCEDURE_DOORS)('finding entries through %s', (door) => {
  let t: TestApp;
  let user: TestUser;
  let api: ProcedureDoor;
  let wallet = '';
  let card = '';
  let groceries = '';
  let rent = '';
  const ids: Record<string, string> = {};

  const list = async (query: Record<string, unknown> = {}) => {
    const res = await api('transaction.list', query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: Item[]; nextCursor: string | null };
  };
  const found = async (query: Record<string, unknown>) =>
    (await list({ limit: 200, ...query })).items.map((item) => item.description).sort();

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = procedureDoor(t, user, door);
    const caller = t.caller(user);
    wallet = (await caller.account.create({ title: 'Wallet' })).data.id;
    card = (await caller.account.create({ title: 'Card' })).data.id;
    const food = (await caller.category.list({})).data;
    groceries = food[0]?.categories.find((c) => c.name === 'Groceries')?.id ?? '';
    rent = food[1]?.categories.find((c) => c.name === 'Rent')?.id ?? '';
    const add = async (name: string, made: Promise<{ data: { transaction: { id: string } } }>) => {
      ids[name] = (await made).data.transaction.id;
    };
    await add(
      'salary',
      caller.account.deposit({
        id: wallet,
        amount: 2000,
        description: 'Salary March',
        occurredOn: '2025-03-01',
      }),
    );
    await add(
      'card',
      caller.account.deposit({
        id: card,
        amount: 500,
        description: 'Top-up',
        occurredOn: '2025-03-02',
      }),
    );
    await add(
      'cafe',
      caller.expense.create({
        accountId: wallet,
        amount: 4.5,
        description: 'Flat white',
        payee: 'Café Müller',
        tags: ['coffee', 'work'],
        occurredOn: '2025-03-03',
      }),
    );
    await add(
      'cafe2',
      caller.expense.create({
        accountId: card,
        amount: 3.2,
        description: 'Croissant',
        payee: 'CAFE MULLER',
        occurredOn: '2025-03-04',
      }),
    );
    await add(
      'market',
      caller.expense.create({
        accountId: wallet,
        amount: 62.15,
        description: 'Weekly shop',
        payee: 'Marché Bio',
        categoryId: groceries,
        occurredOn: '2025-03-05',
      }),
    );
    await add(
      'rent',
      caller.account.withdraw({
        id: wallet,
        amount: 950,
        description: 'March rent',
        payee: 'Landlord',
        categoryId: rent,
        tags: ['home'],
        occurredOn: '2025-03-01',
      }),
    );
    await add(
      'strasse',
      caller.expense.create({
        amount: 12,
        description: 'Parking Hauptstraße',
        tags: ['trip'],
        occurredOn: '2024-12-31',
      }),
    );
    await add(
      'percent',
      caller.expense.create({ amount: 1, description: '100% juice_box', occurredOn: '2025-03-06' }),
    );
  });
  afterAll(() => t.close());

  it('lists newest day first, then newest entry first, with category, payee, tags and date', async () => {
    const { items, nextCursor } = await list();
    expect(nextCursor).toBeNull();
    expect(items.map((i) => i.description)).toEqual([
      '100% juice_box',
      'Weekly shop',
      'Croissant',
      'Flat white',
      'Top-up',
      'March rent',
      'Salary March',
      'Parking Hauptstraße',
    ]);
    expect(items.find((i) => i.id === ids.market)).toMatchObject({
      categoryId: groceries,
      payee: 'Marché Bio',
      occurredOn: '2025-03-05',
      amount: 62.15,
      transactionType: 'expense',
      splits: [],
    });
  });

  it.each([
    ['a payee in any case, accents ignored', 'cafe muller', ['Croissant', 'Flat white']],
    ['accents in the query', 'CAFÉ', ['Croissant', 'Flat white']],
    ['a substring of a word', 'ülle', ['Croissant', 'Flat white']],
    ['a tag', 'COFFEE', ['Flat white']],
    ['ß as ss', 'strasse', ['Parking Hauptstraße']],
    ['ss as ß', 'straße', ['Parking Hauptstraße']],
    ['a category name', 'grocer', ['Weekly shop']],
    ['words anywhere, all of them', 'march  rent', ['March rent']],
    ['words in different fields', 'white work', ['Flat white']],
    ['a percent sign as plain text', '%', ['100% juice_box']],
    ['an underscore as plain text', '_', ['100% juice_box']],
    ['nothing found', 'zebra', []],
  ])('searches %s', async (_name, q, expected) => {
    expect(await found({ q })).toEqual(expected);
  });

  it('filters by account, type, category (or none), tag, amount and date range', async () => {
    expect(await found({ accountId: card })).toEqual(['Croissant', 'Top-up']);
    expect(await found({ type: 'withdraw' })).toEqual(['March rent']);
    expect(await found({ categoryId: groceries })).toEqual(['Weekly shop']);
    expect(await found({ categoryId: 'none', type: 'expense' })).toEqual([
      '100% juice_box',
      'Croissant',
      'Flat white',
      'Parking Hauptstraße',
    ]);
    expect(await found({ tag: ' Work ' })).toEqual(['Flat white']);
    expect(await found({ minAmount: 4.5, maxAmount: 62.15 })).toEqual([
      'Flat white',
      'Parking Hauptstraße',
      'Weekly shop',
    ]);
    expect(await found({ dateFrom: '2025-03-01', dateTo: '2025-03-01' })).toEqual([
      'March rent',
      'Salary March',
    ]);
    expect(await found({ dateTo: '2024-12-31' })).toEqual(['Parking Hauptstraße']);
    expect(await found({ q: 'cafe', accountId: wallet, minAmount: 4 })).toEqual(['Flat white']);
  });

  it('sorts by amount either way, ties by entry order, paging with cursors of that sort', async () => {
    const first = await list({ sort: 'amount_desc', limit: 3 });
    expect(first.items.map((i) => i.amount)).toEqual([2000, 950, 500]);
    const second = await list({ sort: 'amount_desc', limit: 3, cursor: first.nextCursor });
    expect(second.items.map((i) => i.amount)).toEqual([62.15, 12, 4.5]);
    const third = await list({ sort: 'amount_desc', limit: 3, cursor: second.nextCursor });
    expect(third.items.map((i) => i.amount)).toEqual([3.2, 1]);
    expect(third.nextCursor).toBeNull();
    const ascending = await list({ sort: 'amount_asc', limit: 2 });
    expect(ascending.items.map((i) => i.amount)).toEqual([1, 3.2]);
    const oldest = await list({ sort: 'date_asc', limit: 1 });
    expect(oldest.items[0]?.description).toBe('Parking Hauptstraße');
  });

  it('refuses a cursor of another sort, or one it never wrote, with a 400 that says so', async () => {
    const { nextCursor } = await list({ sort: 'amount_desc', limit: 1 });
    const other = await api('transaction.list', { sort: 'date_desc', cursor: nextCursor });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: cursorOfOtherSort('amount_desc', 'date_desc'),
    });
    const left = await api('transaction.list', { cursor: nextCursor });
    expect(left.body.message).toBe(cursorOfOtherSort('amount_desc', 'date_desc'));
    const forged = await api('transaction.list', {
      cursor: Buffer.from('date_desc:2025-02-30:1').toString('base64url'),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid cursor');
  });

  it('refuses bad bounds and unknown ids clearly', async () => {
    const bounds = await api('transaction.list', { minAmount: 5, maxAmount: 4 });
    expect(bounds.status).toBe(400);
    expect(bounds.body.message).toMatch(/minAmount must not be above maxAmount/);
    const dates = await api('transaction.list', { dateFrom: '2025-03-02', dateTo: '2025-03-01' });
    expect(dates.body.message).toMatch(/dateFrom must not be after dateTo/);
    const cents = await api('transaction.list', { minAmount: 1.005 });
    expect(cents.body.message).toMatch(/minAmount must have at most two decimal places/);
    const sort = await api('transaction.list', { sort: 'price' });
    expect(sort.body.message).toMatch(
      /sort must be date_desc, date_asc, amount_desc or amount_asc/,
    );
    const theirs = procedureDoor(t, await t.signUp(), door);
    const category = await theirs('transaction.list', { categoryId: groceries });
    expect(category.status).toBe(404);
    expect(category.body.message).toBe(MESSAGES.categoryNotFound);
    const account = await theirs('transaction.list', { accountId: wallet });
    expect(account.status).toBe(404);
    expect(account.body.message).toBe(MESSAGES.accountNotFound);
  });

  it('suggests payees, most used first, with the last category used', async () => {
    const res = await api('transaction.payees', { q: 'mull' });
    expect(res.body).toEqual({
      success: true,
      data: [
        { payee: 'CAFE MULLER', uses: 1, lastCategoryId: null },
        { payee: 'Café Müller', uses: 1, lastCategoryId: null },
      ],
    });
    const all = (await api('transaction.payees')).body.data as { payee: string }[];
    expect(all.map((p) => p.payee)).toEqual([
      'CAFE MULLER',
      'Café Müller',
      'Landlord',
      'Marché Bio',
    ]);
    const landlord = await api('transaction.payees', { q: 'LANDLORD' });
    expect(landlord.body.data).toEqual([{ payee: 'Landlord', uses: 1, lastCategoryId: rent }]);
    expect((await api('transaction.payees', { q: '%' })).body.data).toEqual([]);
  });

  it('lists the tags in use, most used first', async () => {
    await t.caller(user).expense.create({ amount: 2, tags: ['work'] });
    const res = await api('transaction.tags');
    expect(res.body).toEqual({
      success: true,
      data: [
        { tag: 'work', uses: 2 },
        { tag: 'coffee', uses: 1 },
        { tag: 'home', uses: 1 },
        { tag: 'trip', uses: 1 },
      ],
    });
  });

  it('pages the expenses lists with cursors, and lists them all without', async () => {
    const all = await api('expense.list');
    expect(all.body.nextCursor).toBeNull();
    const expenses = all.body.data as Item[];
    expect(expenses.map((e) => e.transactionType)).toEqual(expenses.map(() => 'expense'));
    const first = await api('expense.list', { limit: 2 });
    expect(first.body.data).toEqual(expenses.slice(0, 2));
    const rest = await api('expense.list', { limit: 200, cursor: first.body.nextCursor });
    expect(rest.body).toMatchObject({ data: expenses.slice(2), nextCursor: null });
    const byAccount = await api('expense.byAccount', { accountId: wallet, limit: 1 });
    expect(byAccount.body.data.map((e: Item) => e.description)).toEqual(['Weekly shop']);
    const next = await api('expense.byAccount', {
      accountId: wallet,
      limit: 1,
      cursor: byAccount.body.nextCursor,
    });
    expect(next.body).toMatchObject({ data: [{ description: 'Flat white' }], nextCursor: null });
  });
});
