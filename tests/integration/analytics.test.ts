import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import {
  categoriesByName,
  insertEntry,
  insertSplitExpense,
  insertTransfer,
} from '../helpers/ledger-sql.js';
import type { EntryType } from '../../src/server/db/schema.js';

/**
 * Every chart against figures the test computes itself from the entries it wrote: a model list
 * of entries (transfers, split lines, deleted and back-dated entries, entries on the edges of the
 * period) is summed here in plain integer cents and compared with what the API answers.
 */

interface ModelEntry {
  accountId: string | null;
  type: EntryType;
  cents: number;
  occurredOn: string;
  categoryId: string | null;
  payee: string;
  deleted: boolean;
  lines?: { categoryId: string | null; cents: number }[];
}

const NOW = new Date('2026-03-20T12:00:00Z');
const FROM = '2026-03-01';
const TO = '2026-03-31';

/** A small deterministic random source (the test must be reproducible). */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The value, which the test knows is there (fails loudly otherwise). */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('Expected a value');
  return value;
}

const units = (cents: number) => cents / 100;
const isSpending = (e: ModelEntry) => e.type === 'expense' || e.type === 'withdraw';
const inPeriod = (e: ModelEntry, from = FROM, to = TO) =>
  e.occurredOn >= from && e.occurredOn <= to;
const signed = (e: ModelEntry) =>
  e.type === 'deposit' || e.type === 'transfer_in' ? e.cents : -e.cents;

describe('analytics', () => {
  let t: TestApp;
  let user: TestUser;
  let accounts: { id: string; title: string }[];
  const model: ModelEntry[] = [];
  let cats: Map<string, { id: string; color: string }>;

  async function add(e: ModelEntry) {
    model.push(e);
    const base = {
      bookId: user.bookId,
      accountId: e.accountId,
      occurredOn: e.occurredOn,
      payee: e.payee,
      deleted: e.deleted,
    };
    if (e.lines) {
      await insertSplitExpense(t.database.db, {
        ...base,
        lines: e.lines.map((l) => ({ categoryId: l.categoryId, cents: BigInt(l.cents) })),
      });
    } else {
      await insertEntry(t.database.db, {
        ...base,
        type: e.type,
        cents: BigInt(e.cents),
        categoryId: e.categoryId,
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    user = await t.signUp();
    const caller = t.caller(user);
    accounts = [];
    for (const title of ['Checking', 'Card', 'Savings']) {
      const created = (await caller.account.create({ title })).data;
      accounts.push({ id: created.id, title });
    }
    const [checking, card, savings] = accounts.map((a) => a.id) as [string, string, string];
    // Room below zero (as on a card): the random batch may spend more than it deposits.
    await sql`UPDATE accounts SET credit_limit_cents = 100000000 WHERE book_id = ${user.bookId}::uuid`.execute(
      t.database.db,
    );
    // Through the API too: an entry made by the real movement statement counts like the others.
    await caller.account.deposit({ id: checking, amount: 5000, occurredOn: '2025-01-15' });
    model.push({
      accountId: checking,
      type: 'deposit',
      cents: 500_000,
      occurredOn: '2025-01-15',
      categoryId: null,
      payee: '',
      deleted: false,
    });
    cats = await categoriesByName(t.database.db, user.bookId);
    const cat = (name: string) => cats.get(name)?.id ?? null;
    const groceries = cat('Groceries');
    const dining = cat('Dining out');
    const rent = cat('Rent');
    const salary = cat('Salary');
    const plain = { categoryId: null, payee: '', deleted: false };

    // The edges of the period: the day before, the first and last days, the day after.
    for (const occurredOn of ['2026-02-28', FROM, TO, '2026-04-01']) {
      await add({
        ...plain,
        accountId: checking,
        type: 'expense',
        cents: 1_001,
        occurredOn,
        categoryId: groceries,
        payee: 'Edge Mart',
      });
    }
    // A split expense: each line counts in its own category, one line uncategorised.
    await add({
      ...plain,
      accountId: card,
      type: 'expense',
      cents: 9_000,
      occurredOn: '2026-03-10',
      payee: 'Big Store',
      lines: [
        { categoryId: groceries, cents: 4_000 },
        { categoryId: dining, cents: 3_500 },
        { categoryId: null, cents: 1_500 },
      ],
    });
    // Deleted entries count nowhere.
    await add({
      ...plain,
      accountId: checking,
      type: 'expense',
      cents: 77_700,
      occurredOn: '2026-03-11',
      categoryId: rent,
      payee: 'Ghost',
      deleted: true,
    });
    // An expense without an account is spending but moves no balance.
    await add({
      ...plain,
      accountId: null,
      type: 'expense',
      cents: 2_345,
      occurredOn: '2026-03-12',
      payee: 'Cash Cafe',
      categoryId: dining,
    });
    // A withdrawal with no category is spending in the uncategorised bucket.
    await add({
      ...plain,
      accountId: checking,
      type: 'withdraw',
      cents: 20_000,
      occurredOn: '2026-03-13',
      payee: 'ATM',
    });
    await add({
      ...plain,
      accountId: checking,
      type: 'expense',
      cents: 120_000,
      occurredOn: '2026-03-02',
      categoryId: rent,
      payee: 'Landlord',
    });
    await add({
      ...plain,
      accountId: checking,
      type: 'deposit',
      cents: 300_000,
      occurredOn: '2026-03-01',
      categoryId: salary,
      payee: 'Employer',
    });
    // Back-dated into the period after later entries were written.
    await add({
      ...plain,
      accountId: savings,
      type: 'deposit',
      cents: 10_050,
      occurredOn: '2026-03-05',
    });
    // A seeded batch over 14 months across accounts, categories and payees.
    const rnd = lcg(42);
    const names = ['Groceries', 'Dining out', 'Coffee', 'Fuel', 'Taxi', 'Rent'];
    const payees = ['Corner Shop', 'Bistro', '', 'Fuel Co', 'Cab'];
    for (let i = 0; i < 80; i++) {
      const day = new Date(Date.UTC(2025, 1, 1) + Math.floor(rnd() * 440) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const type: EntryType = rnd() < 0.2 ? 'deposit' : rnd() < 0.8 ? 'expense' : 'withdraw';
      await add({
        accountId: must(accounts[Math.floor(rnd() * 2)]).id,
        type,
        cents: 100 + Math.floor(rnd() * 5_000),
        occurredOn: day,
        categoryId: rnd() < 0.15 ? null : cat(must(names[Math.floor(rnd() * names.length)])),
        payee: must(payees[Math.floor(rnd() * payees.length)]),
        deleted: rnd() < 0.1,
      });
    }
    // Transfers move balances between accounts and are never spending or income.
    for (const [from, to, cents, occurredOn] of [
      [checking, savings, 50_000, '2026-03-15'],
      [checking, card, 12_345, '2026-02-10'],
      [savings, checking, 1_000, TO],
    ] as const) {
      await insertTransfer(t.database.db, {
        bookId: user.bookId,
        from,
        to,
        cents: BigInt(cents),
        occurredOn,
      });
      model.push({ ...plain, accountId: from, type: 'transfer_out', cents, occurredOn });
      model.push({ ...plain, accountId: to, type: 'transfer_in', cents, occurredOn });
    }
  });
  afterAll(() => t.close());

  /** Spending per category in a period, the way a person would add it up by hand. */
  function expectedByCategory(from: string, to: string, accountId?: string) {
    const sums = new Map<string | null, { cents: number; n: number }>();
    const count = (categoryId: string | null, cents: number) => {
      const row = sums.get(categoryId) ?? { cents: 0, n: 0 };
      sums.set(categoryId, { cents: row.cents + cents, n: row.n + 1 });
    };
    for (const e of model) {
      if (e.deleted || !isSpending(e) || !inPeriod(e, from, to)) continue;
      if (accountId && e.accountId !== accountId) continue;
      if (e.lines) for (const line of e.lines) count(line.categoryId, line.cents);
      else count(e.categoryId, e.cents);
    }
    return sums;
  }

  it('spending by category: split lines, uncategorised bucket, shares, no transfers', async () => {
    const res = await t.caller(user).analytics.spendingByCategory({ from: FROM, to: TO });
    const expected = expectedByCategory(FROM, TO);
    const total = [...expected.values()].reduce((s, r) => s + r.cents, 0);
    expect(res.data.total).toBe(units(total));
    expect(res.data.categories.length).toBe(expected.size);
    for (const row of res.data.categories) {
      const want = expected.get(row.categoryId);
      expect(want, `category ${row.name}`).toBeDefined();
      expect(row.amount).toBe(units(must(want).cents));
      expect(row.entries).toBe(must(want).n);
      expect(row.share).toBeCloseTo(must(want).cents / total, 4);
      if (row.categoryId === null) expect(row.name).toBe('Uncategorised');
    }
    const amounts = res.data.categories.map((row) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // The split's uncategorised line and the ATM withdrawal share the bucket.
    expect(must(expected.get(null)).cents).toBeGreaterThanOrEqual(21_500);
  });

  it('filters by account, and answers 404 for an account that is not the caller', async () => {
    const card = must(accounts[1]).id;
    const res = await t
      .caller(user)
      .analytics.spendingByCategory({ from: FROM, to: TO, accountId: card });
    const expected = expectedByCategory(FROM, TO, card);
    expect(res.data.total).toBe(units([...expected.values()].reduce((s, r) => s + r.cents, 0)));
    const other = await t.signUp();
    const rest = await t.rest(other, {
      method: 'GET',
      url: `/api/analytics/spending-by-category?from=${FROM}&to=${TO}&accountId=${card}`,
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toMatchObject({ success: false, message: 'Account not found' });
  });

  it('income vs spending: the 12 months ending this month of the book, net and average', async () => {
    const res = await t.caller(user).analytics.incomeVsSpending({});
    const months = res.data.months.map((m) => m.month);
    expect(months[0]).toBe('2025-04');
    expect(months.at(-1)).toBe('2026-03');
    expect(months).toHaveLength(12);
    let incomeSum = 0;
    let spendingSum = 0;
    for (const row of res.data.months) {
      const of = model.filter((e) => !e.deleted && e.occurredOn.startsWith(row.month));
      const income = of.filter((e) => e.type === 'deposit').reduce((s, e) => s + e.cents, 0);
      const spending = of.filter(isSpending).reduce((s, e) => s + e.cents, 0);
      expect(row).toEqual({
        month: row.month,
        income: units(income),
        spending: units(spending),
        net: units(income - spending),
      });
      incomeSum += income;
      spendingSum += spending;
    }
    expect(res.data.average.income).toBe(units(Math.round(incomeSum / 12)));
    expect(res.data.average.spending).toBe(units(Math.round(spendingSum / 12)));
  });

  it('balance over time: every day, each account and the total, from the ledger', async () => {
    const res = await t.caller(user).analytics.balanceOverTime({ from: FROM, to: TO });
    expect(res.data.accounts.map((a) => a.id)).toEqual(accounts.map((a) => a.id));
    expect(res.data.days).toHaveLength(31);
    for (const point of res.data.days) {
      const balances = accounts.map(({ id }) =>
        model
          .filter((e) => !e.deleted && e.accountId === id && e.occurredOn <= point.date)
          .reduce((s, e) => s + signed(e), 0),
      );
      expect(point.balances).toEqual(balances.map(units));
      expect(point.total).toBe(units(balances.reduce((a, b) => a + b, 0)));
    }
    // The last day equals each account's balance today (nothing is dated after the period
    // except one expense on 2026-04-01, which today's balance already includes).
    const listed = (await t.caller(user).account.list({})).data;
    const last = must(res.data.days.at(-1));
    const after = model.filter((e) => !e.deleted && e.occurredOn > TO);
    accounts.forEach(({ id }, i) => {
      const later = after.filter((e) => e.accountId === id).reduce((s, e) => s + signed(e), 0);
      const today = must(listed.find((a) => a.id === id)).balance;
      expect(units(Math.round(must(last.balances[i]) * 100) + later)).toBe(today);
    });
  });

  it('a back-dated entry moves every later day of the curve', async () => {
    const before = (await t.caller(user).analytics.balanceOverTime({ from: FROM, to: TO })).data;
    const savings = must(accounts[2]).id;
    await add({
      accountId: savings,
      type: 'deposit',
      cents: 999,
      occurredOn: '2026-02-01',
      categoryId: null,
      payee: '',
      deleted: false,
    });
    const after = (await t.caller(user).analytics.balanceOverTime({ from: FROM, to: TO })).data;
    after.days.forEach((point, i) => {
      expect(point.balances[2]).toBe(must(must(before.days[i]).balances[2]) + 9.99);
    });
  });

  it('top payees and largest entries of the period', async () => {
    const caller = t.caller(user);
    const payees = (await caller.analytics.topPayees({ from: FROM, to: TO })).data.payees;
    const sums = new Map<string, { cents: number; n: number }>();
    for (const e of model) {
      if (e.deleted || !isSpending(e) || !inPeriod(e) || e.payee === '') continue;
      const row = sums.get(e.payee) ?? { cents: 0, n: 0 };
      sums.set(e.payee, { cents: row.cents + e.cents, n: row.n + 1 });
    }
    const want = [...sums.entries()]
      .sort((a, b) => b[1].cents - a[1].cents || (a[0] < b[0] ? -1 : 1))
      .slice(0, 10)
      .map(([payee, r]) => ({ payee, amount: units(r.cents), entries: r.n }));
    expect(payees).toEqual(want);

    const largest = (await caller.analytics.largestEntries({ from: FROM, to: TO })).data.entries;
    const amounts = model
      .filter((e) => !e.deleted && isSpending(e) && inPeriod(e))
      .map((e) => e.cents)
      .sort((a, b) => b - a)
      .slice(0, 10)
      .map(units);
    expect(largest.map((e) => e.amount)).toEqual(amounts);
    expect(largest[0]).toMatchObject({
      payee: 'Landlord',
      categoryName: 'Rent',
      accountTitle: 'Checking',
    });
    expect(largest.find((e) => e.payee === 'Big Store')?.categoryName).toBe('Split');
    expect(largest.some((e) => e.payee === 'Ghost')).toBe(false);
  });

  it('dashboard: this month against last month in the book time zone', async () => {
    const res = (await t.caller(user).analytics.dashboard({})).data;
    const spent = (from: string, to: string) =>
      model
        .filter((e) => !e.deleted && isSpending(e) && inPeriod(e, from, to))
        .reduce((s, e) => s + e.cents, 0);
    expect(res.thisMonth).toEqual({ from: FROM, to: TO, spending: units(spent(FROM, TO)) });
    expect(res.lastMonth).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      spending: units(spent('2026-02-01', '2026-02-28')),
    });
    expect(res.categories.reduce((s, c) => s + Math.round(c.amount * 100), 0)).toBe(
      spent(FROM, TO),
    );

    // 2026-03-31T23:30Z is already April 1st in Auckland: the book's month is April there.
    const late = await createTestApp({ clock: () => new Date('2026-03-31T23:30:00Z') });
    try {
      const someone = await late.signUp();
      const caller = late.caller(someone);
      const utc = (await caller.analytics.dashboard({})).data;
      expect(utc.thisMonth.from).toBe('2026-03-01');
      await sql`UPDATE books SET time_zone = 'Pacific/Auckland' WHERE id = ${someone.bookId}::uuid`.execute(
        late.database.db,
      );
      const auckland = (await caller.analytics.dashboard({})).data;
      expect(auckland.thisMonth).toMatchObject({ from: '2026-04-01', to: '2026-04-30' });
      expect(auckland.lastMonth).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
      const months = (await caller.analytics.incomeVsSpending({})).data.months;
      expect(must(months.at(-1)).month).toBe('2026-04');
    } finally {
      await late.close();
    }
  });

  it('refuses bad periods with clear messages, through REST too', async () => {
    const bad = async (query: string) => {
      const res = await t.rest(user, { method: 'GET', url: `/api/analytics/top-payees?${query}` });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('from=2026-03-02&to=2026-03-01')).toMatch('from must not be after to');
    expect(await bad('from=2020-01-01&to=2026-03-01')).toMatch(
      'The period must be at most 731 days',
    );
    expect(await bad('from=2026-02-30&to=2026-03-01')).toMatch('from must be a real date');
    expect(await bad('to=2026-03-01')).toMatch('from must be a date like 2025-03-31');
    const ok = await t.rest(user, {
      method: 'GET',
      url: `/api/analytics/top-payees?from=${FROM}&to=${TO}`,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('an empty book answers zeros and empty lists', async () => {
    const someone = await t.signUp();
    const caller = t.caller(someone);
    expect((await caller.analytics.spendingByCategory({ from: FROM, to: TO })).data).toEqual({
      period: { from: FROM, to: TO },
      total: 0,
      categories: [],
    });
    const balance = (await caller.analytics.balanceOverTime({ from: FROM, to: '2026-03-03' })).data;
    expect(balance).toEqual({
      period: { from: FROM, to: '2026-03-03' },
      accounts: [],
      days: ['2026-03-01', '2026-03-02', '2026-03-03'].map((date) => ({
        date,
        total: 0,
        balances: [],
      })),
    });
    expect((await caller.analytics.topPayees({ from: FROM, to: TO })).data.payees).toEqual([]);
    expect((await caller.analytics.largestEntries({ from: FROM, to: TO })).data.entries).toEqual(
      [],
    );
    const flows = (await caller.analytics.incomeVsSpending({})).data;
    expect(flows.months.every((m) => m.income === 0 && m.spending === 0)).toBe(true);
  });
});
