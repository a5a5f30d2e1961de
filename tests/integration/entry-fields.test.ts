import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toApiSnapshot } from '../../src/server/features/ledger/changes/entry-snapshot.js';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import { calendarDateIn } from '../../src/shared/dates.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { DOORS, type Door } from '../helpers/doors.js';
import { rsaKeyPair } from '../helpers/rsa-keys.js';
import { categoryIdByName } from '../helpers/set-up-steps.js';
import { createTestApp, testEnv, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * What every entry carries since books own the ledger (docs/ledger.md): a date, a category of
 * the book, a payee and tags, given at creation; the history row each creation writes in the
 * same statement; the credit floor of the balance guard; and the book every user gets.
 */

async function historyOf(t: TestApp, entryId: string) {
  return t.database.db
    .selectFrom('entry_history')
    .innerJoin('entry_changes', 'entry_changes.id', 'entry_history.change_id')
    .select([
      'entry_changes.id as change_id',
      'entry_changes.kind',
      'entry_changes.actor_id',
      'entry_changes.book_id',
      'entry_history.fields',
      'entry_history.before',
      'entry_history.after',
    ])
    .where('entry_history.entry_id', '=', entryId)
    .execute();
}

describe('the book every user gets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is made with the user, with an owner membership and the default categories', async () => {
    const user = await t.signUp();
    const book = await t.database.db
      .selectFrom('books')
      .innerJoin('memberships', 'memberships.book_id', 'books.id')
      .select([
        'books.id',
        'books.name',
        'books.time_zone',
        'memberships.user_id',
        'memberships.role',
      ])
      .where('books.personal_owner_id', '=', user.id)
      .execute();
    expect(book).toEqual([
      { id: user.bookId, name: 'Personal', time_zone: null, user_id: user.id, role: 'owner' },
    ]);
    const groups = await sql<{ name: string; kind: string; categories: string[] }>`
      SELECT g.name, g.kind, array_agg(c.name ORDER BY c.position) AS categories
      FROM category_groups g JOIN categories c ON c.group_id = g.id
      WHERE g.book_id = ${user.bookId} GROUP BY g.id ORDER BY g.position`.execute(t.database.db);
    expect(groups.rows.map((g) => g.name)).toEqual([
      'Food',
      'Housing',
      'Transport',
      'Shopping',
      'Health',
      'Leisure',
      'Bills',
      'Income',
    ]);
    expect(groups.rows[0]).toEqual({
      name: 'Food',
      kind: 'spending',
      categories: ['Groceries', 'Dining out', 'Coffee'],
    });
    expect(groups.rows.at(-1)?.kind).toBe('income');
  });

  it('is made for a key registration too', async () => {
    await t.caller(null).keyAuth.register({
      email: 'keyed@example.com',
      publicKey: rsaKeyPair().publicPem,
    });
    const books = await t.database.db
      .selectFrom('books')
      .innerJoin('users', 'users.id', 'books.personal_owner_id')
      .select('books.id')
      .where('users.email', '=', 'keyed@example.com')
      .execute();
    expect(books).toHaveLength(1);
  });

  it('is what a session reaches: a user without one has no session that works', async () => {
    const policy = {
      idleTimeoutSeconds: testEnv.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: testEnv.SESSION_MAX_AGE_SECONDS,
    };
    // Only a raw insert can make one: insertUser always gives the user their book.
    const bookless = await t.database.db
      .insertInto('users')
      .values({ email: 'bookless@example.com', firebase_uid: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(
      t.database.db,
      bookless.id,
      'password',
      policy,
      () => new Date(),
    );
    const res = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe.each(DOORS)('entry fields through %s', (_name, makeDoor) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let api: Door;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    other = await t.signUp();
    api = makeDoor(t, user);
    account = (await api.createAccount({ title: 'Wallet' })).body.data.id;
    await api.deposit(account, { amount: 100 });
  });
  afterAll(() => t.close());

  it('records the date, category, payee and tags given, on every kind of movement', async () => {
    const groceries = await categoryIdByName(t, user, 'Groceries');
    const salary = await categoryIdByName(t, user, 'Salary');
    const extras = { payee: '  Corner Shop ', tags: ['Food', ' weekly', 'food'] };
    const calls = [
      api.deposit(account, { amount: 10, occurredOn: '2024-02-29', categoryId: salary, ...extras }),
      api.withdraw(account, {
        amount: 1,
        occurredOn: '2025-01-31',
        categoryId: groceries,
        ...extras,
      }),
      api.createExpense({
        accountId: account,
        amount: 2,
        occurredOn: '1999-12-31',
        categoryId: groceries.toUpperCase(),
        ...extras,
      }),
      api.createExpense({ amount: 3, occurredOn: '2025-06-01', categoryId: null, ...extras }),
    ];
    const [deposit, withdraw, expense, unbooked] = await Promise.all(calls);
    for (const [res, date, category] of [
      [deposit, '2024-02-29', salary],
      [withdraw, '2025-01-31', groceries],
      [expense, '1999-12-31', groceries],
      [unbooked, '2025-06-01', null],
    ] as const) {
      expect(res?.status, JSON.stringify(res?.body)).toBe(200);
      expect(res?.body.data.transaction).toMatchObject({
        occurredOn: date,
        categoryId: category,
        payee: 'Corner Shop',
        tags: ['food', 'weekly'],
        transfer: null,
        splits: [],
        version: 1,
      });
    }
    // The lists show them the same way (newest day first: the back-dated ones further down).
    const ids = [deposit, withdraw, expense, unbooked].map((res) => res?.body.data.transaction.id);
    const listed = (await api.listTransactions({ limit: 200 })).body.data.items.filter(
      (item: { id: string }) => ids.includes(item.id),
    );
    expect(listed.map((item: { id: string }) => item.id).sort()).toEqual([...ids].sort());
    const fromList = listed.find((item: { id: string }) => item.id === ids[1]);
    expect(fromList).toEqual(withdraw?.body.data.transaction);
  });

  it('reports the credit limit and what is available with every account', async () => {
    const res = await api.getAccount(account);
    expect(res.body.data).toMatchObject({ creditLimit: 0 });
    expect(res.body.data.available).toBe(res.body.data.balance);
  });

  it('dates an entry today in the book’s time zone, UTC while it has none', async () => {
    const before = new Date();
    const utc = (await api.deposit(account, { amount: 1 })).body.data.transaction.occurredOn;
    expect([calendarDateIn(null, before), calendarDateIn(null, new Date())]).toContain(utc);

    // Kiritimati is UTC+14: its today is not UTC's for ten hours of every day.
    const zone = 'Pacific/Kiritimati';
    await t.database.db
      .updateTable('books')
      .set({ time_zone: zone })
      .where('id', '=', user.bookId)
      .execute();
    try {
      const start = new Date();
      const zoned = (await api.createExpense({ amount: 1 })).body.data.transaction.occurredOn;
      expect([calendarDateIn(zone, start), calendarDateIn(zone, new Date())]).toContain(zoned);
    } finally {
      await t.database.db
        .updateTable('books')
        .set({ time_zone: null })
        .where('id', '=', user.bookId)
        .execute();
    }
  });

  it('refuses a category that is not the book’s with 404, changing nothing', async () => {
    const theirs = await categoryIdByName(t, other, 'Groceries');
    const unknown = '3b1f9a52-7c4d-4e8f-9a61-0d2c5e7b8f14';
    for (const categoryId of [theirs, unknown]) {
      const before = await moneySnapshot(t);
      const changesBefore = await t.database.db.selectFrom('entry_changes').select('id').execute();
      for (const res of [
        await api.deposit(account, { amount: 1, categoryId }),
        await api.withdraw(account, { amount: 1, categoryId }),
        await api.createExpense({ accountId: account, amount: 1, categoryId }),
        await api.createExpense({ amount: 1, categoryId }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          success: false,
          code: 'NOT_FOUND',
          message: 'Category not found',
        });
      }
      expect(await moneySnapshot(t)).toEqual(before);
      expect(await t.database.db.selectFrom('entry_changes').select('id').execute()).toEqual(
        changesBefore,
      );
    }
    // The account's own refusal comes first.
    const res = await api.deposit('8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11', {
      amount: 1,
      categoryId: theirs,
    });
    expect(res.body.message).toBe('Account not found');
  });

  it('records each creation as a change with its history row, in the same statement', async () => {
    const coffee = await categoryIdByName(t, user, 'Coffee');
    const made = [
      await api.deposit(account, { amount: 5.5, payee: 'Boss', tags: ['pay'] }),
      await api.withdraw(account, { amount: 0.25, description: 'Tip' }),
      await api.createExpense({
        accountId: account,
        amount: 3.2,
        categoryId: coffee,
        occurredOn: '2025-05-05',
      }),
      await api.createExpense({ amount: 7 }),
    ];
    for (const res of made) {
      const { transaction, changeId } = res.body.data;
      const history = await historyOf(t, transaction.id);
      expect(history).toHaveLength(1);
      const [row] = history;
      expect(row).toMatchObject({
        change_id: changeId,
        kind: 'create',
        actor_id: user.id,
        book_id: user.bookId,
        before: null,
      });
      expect(row?.fields).toContain('amount');
      expect(toApiSnapshot(row?.after ?? null, () => 'USD')).toEqual({
        accountId: transaction.accountId,
        type: transaction.transactionType,
        amount: transaction.amount,
        currency: 'USD',
        occurredOn: transaction.occurredOn,
        description: transaction.description,
        payee: transaction.payee,
        categoryId: transaction.categoryId,
        tags: transaction.tags,
        splits: [],
        deleted: false,
      });
    }
  });

  it('writes nothing, not even history, for a refused movement', async () => {
    const changes = async () =>
      (await t.database.db.selectFrom('entry_changes').select('id').execute()).length;
    const before = await changes();
    const res = await api.withdraw(account, { amount: 1_000_000 });
    expect(res.status).toBe(422);
    expect(await changes()).toBe(before);
  });

  it('lets a balance go down to minus its credit limit, and no further', async () => {
    const card = (await api.createAccount({ title: 'Card', icon: 'credit-card' })).body.data.id;
    // Set in SQL until accounts take a credit limit through the API.
    await t.database.db
      .updateTable('accounts')
      .set({ credit_limit_cents: '5000' })
      .where('id', '=', card)
      .execute();
    const spent = await api.createExpense({ accountId: card, amount: 30 });
    expect(spent.body.data.account).toMatchObject({ balance: -30, creditLimit: 50, available: 20 });
    const over = await api.withdraw(card, { amount: 20.01 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' });
    const toTheFloor = await api.withdraw(card, { amount: 20 });
    expect(toTheFloor.body.data.account).toMatchObject({ balance: -50, available: 0 });
    expect((await api.getAccount(card)).body.data.balance).toBe(-50);
  });
});
