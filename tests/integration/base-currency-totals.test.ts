import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertEntry, insertSplitExpense } from '../helpers/ledger-sql.js';
import { nearestEarlierRate } from '../../src/server/features/rates/index.js';
import { CONVERSION_WINDOW_DAYS } from '../../src/server/features/analytics/day-rates.js';
import { convertedTotal } from '../../src/shared/converted-total.js';
import { convertMinorUnits, crossRate, decimalRate } from '../../src/shared/exchange-rate.js';
import { minorUnitsToUnits } from '../../src/shared/currency-money.js';
import { missingRateText } from '../../src/shared/missing-rates.js';
import type { EntryType } from '../../src/server/db/schema.js';

/**
 * Totals across accounts in the book's base currency (docs/money.md#totals-in-the-base-currency):
 * a USD book with JPY (exponent 0), KWD (3) and EUR (2) accounts. Every figure is checked against
 * an oracle computed another way: each entry's rate found by nearestEarlierRate (one indexed
 * lookup per entry), converted by convertMinorUnits and summed by convertedTotal, the shared
 * rule. Entries without a rate are "not converted", never 1:1; adding the rate converts them.
 */

const NOW = new Date('2026-11-25T12:00:00Z');
const FROM = '2026-11-01';
const TO = '2026-11-30';

interface Model {
  accountId: string;
  currency: string;
  type: EntryType;
  minor: bigint;
  day: string;
}

let t: TestApp;
let user: TestUser;
const accounts: Record<string, string> = {};
const model: Model[] = [];

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
}

async function rest(method: string, url: string, payload?: object): Promise<Outcome> {
  const res = await t.rest(user, {
    method,
    url,
    ...(payload !== undefined && { payload }),
    headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
  });
  return { status: res.statusCode, body: res.json() };
}

async function addRate(base: string, quote: string, day: string, rate: string) {
  const added = await rest('POST', '/api/rates', { base, quote, day, rate });
  expect(added.status).toBe(200);
  return added.body.data.id as string;
}

async function entry(currency: string, type: EntryType, minor: bigint, day: string) {
  const accountId = accounts[currency];
  if (!accountId) throw new Error(`no ${currency} account`);
  model.push({ accountId, currency, type, minor, day });
  await insertEntry(t.database.db, {
    bookId: user.bookId,
    accountId,
    type,
    cents: minor,
    occurredOn: day,
  });
}

/** The oracle: each entry at the rate nearestEarlierRate finds for its own day. */
async function oracle(entries: Model[], signed: (e: Model) => bigint) {
  const withRates = [];
  for (const e of entries) {
    const found =
      e.currency === 'USD'
        ? null
        : await nearestEarlierRate(
            t.database.db,
            user.bookId,
            e.currency,
            'USD',
            e.day,
            CONVERSION_WINDOW_DAYS,
          );
    withRates.push({
      amount: signed(e),
      currency: e.currency,
      rate:
        found === null
          ? null
          : crossRate(decimalRate(found.rate.denominator), decimalRate(found.rate.numerator)),
    });
  }
  const total = convertedTotal('USD', withRates);
  if (!total.ok) throw new Error(total.reason);
  return total.value;
}

const isSpending = (e: Model) => e.type === 'expense' || e.type === 'withdraw';
const inPeriod = (e: Model) => e.day >= FROM && e.day <= TO;
const usd = (minor: bigint) => minorUnitsToUnits(minor, 'USD');

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  user = await t.signUp();
  const caller = t.caller(user);
  for (const currency of ['USD', 'JPY', 'KWD', 'EUR']) {
    const created = (await caller.account.create({ title: `${currency} account` })).data;
    accounts[currency] = created.id;
    // The account has no entry yet: its currency is set the way the account form will.
    await sql`UPDATE accounts SET currency = ${currency}, credit_limit_cents = 100000000000
      WHERE id = ${created.id}::uuid`.execute(t.database.db);
  }
  // JPY -> USD direct rates: an exact tie rate (half a cent a yen) on the 2nd, none from the
  // 10th to the 19th (more than the window after the 2nd), 0.0065 from the 20th.
  await addRate('JPY', 'USD', '2026-11-02', '0.005');
  await addRate('JPY', 'USD', '2026-11-20', '0.0065');
  // KWD only through EUR (a cross), on the 3rd.
  await addRate('EUR', 'KWD', '2026-11-03', '0.3321');
  await addRate('EUR', 'USD', '2026-11-03', '1.0823');
  // Ties: 1, 3 and 5 yen at half a cent are 0, 2 and 2 cents (half-even), not 1, 2, 3.
  for (const yen of [1n, 3n, 5n]) await entry('JPY', 'expense', yen, '2026-11-02');
  await entry('JPY', 'deposit', 1_000_000n, '2026-10-20'); // no rate at all: not converted
  await entry('JPY', 'expense', 12_345n, '2026-11-15'); // no rate within the window yet
  await entry('JPY', 'expense', 4_321n, '2026-11-21');
  await entry('KWD', 'deposit', 500_000n, '2026-11-03');
  await entry('KWD', 'expense', 12_345n, '2026-11-05');
  await entry('EUR', 'deposit', 100_000n, '2026-11-03');
  await entry('EUR', 'expense', 2_550n, '2026-11-04');
  await entry('USD', 'deposit', 250_000n, '2026-11-01');
  await entry('USD', 'expense', 1_999n, '2026-11-06');
  // A split expense in yen: each line converts on its own.
  await insertSplitExpense(t.database.db, {
    bookId: user.bookId,
    accountId: accounts.JPY ?? '',
    occurredOn: '2026-11-22',
    lines: [
      { categoryId: null, cents: 333n },
      { categoryId: null, cents: 667n },
    ],
  });
  model.push({
    accountId: accounts.JPY ?? '',
    currency: 'JPY',
    type: 'expense',
    minor: 1_000n,
    day: '2026-11-22',
  });
});
afterAll(() => t.close());

describe('totals in the base currency', () => {
  it('spending by category: each entry at its own day, rounded half-even, then summed; the rest apart', async () => {
    const res = await rest('GET', `/api/analytics/spending-by-category?from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    const spent = model.filter((e) => isSpending(e) && inPeriod(e));
    // The split's lines convert one by one (333 and 667 yen at 0.65 cents: 216 + 434 = 650).
    const lines = spent.flatMap((e) =>
      e.minor === 1_000n && e.day === '2026-11-22'
        ? [
            { ...e, minor: 333n },
            { ...e, minor: 667n },
          ]
        : [e],
    );
    const expected = await oracle(lines, (e) => e.minor);
    expect(res.body.data.currency).toBe('USD');
    expect(res.body.data.total).toBe(usd(expected.converted));
    expect(res.body.data.notConverted).toEqual([{ currency: 'JPY', amount: 12_345, entries: 1 }]);
    expect(res.body.data.missingRates).toEqual([
      { from: 'JPY', to: 'USD', firstDay: '2026-11-15', lastDay: '2026-11-15', days: 1 },
    ]);
    expect(missingRateText(res.body.data.missingRates[0])).toBe(
      'No USD rate for JPY on or before 2026-11-15',
    );
    // The three tie entries: 0 + 2 + 2 cents.
    const ties = await oracle(
      spent.filter((e) => e.day === '2026-11-02'),
      (e) => e.minor,
    );
    expect(ties.converted).toBe(4n);
  });

  it('after the missing rate is added, the same total converts everything (tRPC door)', async () => {
    const id = await addRate('USD', 'JPY', '2026-11-14', '150');
    const res = await t.caller(user).analytics.spendingByCategory({ from: FROM, to: TO });
    expect(res.data.notConverted).toEqual([]);
    expect(res.data.missingRates).toEqual([]);
    const spent = model.filter((e) => isSpending(e) && inPeriod(e));
    const lines = spent.flatMap((e) =>
      e.minor === 1_000n && e.day === '2026-11-22'
        ? [
            { ...e, minor: 333n },
            { ...e, minor: 667n },
          ]
        : [e],
    );
    expect(res.data.total).toBe(usd((await oracle(lines, (e) => e.minor)).converted));
    // Taken away again: not converted again, never 1:1.
    expect((await rest('DELETE', `/api/rates/${id}`)).status).toBe(200);
    const again = await t.caller(user).analytics.spendingByCategory({ from: FROM, to: TO });
    expect(again.data.notConverted).toEqual([{ currency: 'JPY', amount: 12_345, entries: 1 }]);
  });

  it('the dashboard: this month in USD with its not converted part, both doors agree', async () => {
    const restRes = await rest('GET', '/api/analytics/dashboard');
    const trpcRes = await t.caller(user).analytics.dashboard({});
    expect(restRes.body.data).toEqual(JSON.parse(JSON.stringify(trpcRes.data)));
    const data = trpcRes.data;
    const month = model.filter((e) => isSpending(e) && inPeriod(e));
    const expected = await oracle(month, (e) => e.minor);
    expect(data.thisMonth.spending).toBe(usd(expected.converted));
    expect(data.notConverted).toEqual([{ currency: 'JPY', amount: 12_345, entries: 1 }]);
    expect(data.thisMonth.notConverted).toEqual(data.notConverted);
    expect(data.lastMonth.notConverted).toEqual([]);
    // The category figures add up to the month's total but for the split's line rounding.
    expect(data.currency).toBe('USD');
  });

  it('income vs spending: deposits without a rate are named apart from spending', async () => {
    const data = (await t.caller(user).analytics.incomeVsSpending({})).data;
    expect(data.notConvertedIncome).toEqual([{ currency: 'JPY', amount: 1_000_000, entries: 1 }]);
    expect(data.notConverted).toEqual([{ currency: 'JPY', amount: 12_345, entries: 1 }]);
    const november = data.months.find((m) => m.month === '2026-11');
    const deposits = model.filter((e) => e.type === 'deposit' && inPeriod(e));
    expect(november?.income).toBe(usd((await oracle(deposits, (e) => e.minor)).converted));
    expect(data.missingRates).toEqual([
      { from: 'JPY', to: 'USD', firstDay: '2026-10-20', lastDay: '2026-11-15', days: 2 },
    ]);
  });

  it('the summary of a Transactions view: in USD, the yen without a rate apart (both doors)', async () => {
    const query = `dateFrom=${FROM}&dateTo=${TO}`;
    const res = await rest('GET', `/api/transactions/summary?${query}`);
    expect(res.status).toBe(200);
    const trpcRes = await t.caller(user).transaction.summary({ dateFrom: FROM, dateTo: TO });
    expect(res.body.data).toEqual(JSON.parse(JSON.stringify(trpcRes.data)));
    const inPeriodEntries = model.filter(inPeriod);
    const signed = (e: Model) => (e.type === 'deposit' ? e.minor : -e.minor);
    const money = await oracle(inPeriodEntries, signed);
    expect(trpcRes.data.net).toBe(usd(money.converted));
    expect(trpcRes.data).toMatchObject({
      currency: 'USD',
      count: inPeriodEntries.length,
      notConverted: [{ currency: 'JPY', amount: -12_345, entries: 1 }],
      missingRates: [
        { from: 'JPY', to: 'USD', firstDay: '2026-11-15', lastDay: '2026-11-15', days: 1 },
      ],
    });
  });

  it('top payees and largest entries rank in the base currency', async () => {
    const largest = (await t.caller(user).analytics.largestEntries({ from: FROM, to: TO })).data;
    const kwd = largest.entries.find((e) => e.currency === 'KWD');
    // 12.345 KWD through EUR on the 3rd: 12.345 x 1.0823 / 0.3321 USD.
    const expected = convertMinorUnits(
      12_345n,
      'KWD',
      'USD',
      crossRate(decimalRate('0.3321'), decimalRate('1.0823')),
    );
    if (!expected.ok) throw new Error(expected.reason);
    expect(kwd).toMatchObject({ amount: 12.345, baseAmount: usd(expected.value) });
    const bases = largest.entries.map((e) => e.baseAmount);
    const known = bases.filter((b): b is number => b !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    // The one without a rate comes last.
    expect(bases.at(-1)).toBeNull();
    const payees = await rest('GET', `/api/analytics/top-payees?from=${FROM}&to=${TO}`);
    expect(payees.status).toBe(200);
    expect(payees.body.data.currency).toBe('USD');
  });

  it("balance over time: each balance in its own currency, the total at each day's rate", async () => {
    const data = (
      await t.caller(user).analytics.balanceOverTime({ from: '2026-11-20', to: '2026-11-22' })
    ).data;
    expect(data.accounts.map((a) => a.currency)).toEqual(['USD', 'JPY', 'KWD', 'EUR']);
    // KWD and EUR have no rate within 7 days of the 20th (the cross was on the 3rd).
    const first = data.days[0];
    expect(first?.notConverted?.map((n) => n.currency)).toEqual(['EUR', 'KWD']);
    expect(data.missingRates?.map((m) => m.from)).toEqual(['EUR', 'KWD']);
  });

  it("net worth: at each entry's day, on a chosen day, and the exchange gain or loss", async () => {
    const valuedOn = '2026-11-05';
    const res = await rest('GET', `/api/analytics/net-worth?valuedOn=${valuedOn}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.valuedOn).toBe(valuedOn);
    const upTo = model.filter((e) => e.day <= valuedOn);
    const signed = (e: Model) =>
      e.type === 'deposit' || e.type === 'transfer_in' ? e.minor : -e.minor;
    const atEntries = await oracle(upTo, signed);
    expect(data.atEntryDays).toBe(usd(atEntries.converted));
    expect(data.notConvertedAtEntryDays).toEqual([
      { currency: 'JPY', amount: 1_000_000, entries: 1 },
    ]);
    // On the 5th: EUR and KWD at the cross of the 3rd, JPY at the tie rate of the 2nd.
    const balance = (currency: string) =>
      upTo.filter((e) => e.currency === currency).reduce((s, e) => s + signed(e), 0n);
    const eur = convertMinorUnits(balance('EUR'), 'EUR', 'USD', decimalRate('1.0823'));
    if (!eur.ok) throw new Error(eur.reason);
    const eurAccount = data.accounts.find((a: { currency: string }) => a.currency === 'EUR');
    expect(eurAccount).toMatchObject({
      balance: minorUnitsToUnits(balance('EUR'), 'EUR'),
      onValuedDay: usd(eur.value),
    });
    // EUR moved on the 3rd and 4th at rates of the 3rd: no gain or loss.
    expect(eurAccount.exchangeGainOrLoss).toBe(0);
    // JPY has an entry without a rate: no figure at entry days, and no gain for it.
    const jpyAccount = data.accounts.find((a: { currency: string }) => a.currency === 'JPY');
    expect(jpyAccount).toMatchObject({ atEntryDays: null, exchangeGainOrLoss: null });
    expect(data.rates.map((r: { currency: string }) => r.currency)).toEqual(['EUR', 'JPY', 'KWD']);

    // A later rate for EUR: valued on the 6th, the EUR balance is worth more: a gain.
    await addRate('EUR', 'USD', '2026-11-06', '1.2');
    const later = (await t.caller(user).analytics.netWorth({ valuedOn: '2026-11-06' })).data;
    const eurLater = later.accounts.find((a) => a.currency === 'EUR');
    const worth = convertMinorUnits(balance('EUR'), 'EUR', 'USD', decimalRate('1.2'));
    if (!worth.ok) throw new Error(worth.reason);
    expect(eurLater?.onValuedDay).toBe(usd(worth.value));
    expect(eurLater?.exchangeGainOrLoss).toBe(usd(worth.value - eur.value));
    expect(later.exchangeGainOrLoss).toBeGreaterThan(0);
  });

  it('net worth valued at the last day a date can name answers the same entries, not converted where no rate reaches', async () => {
    // valuedOn is the asker's: years ahead of every entry must not make the request's work
    // grow with the days in between (a list of the days without a rate once hung it).
    const res = await rest('GET', '/api/analytics/net-worth?valuedOn=9999-12-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.valuedOn).toBe('9999-12-31');
    const signed = (e: Model) =>
      e.type === 'deposit' || e.type === 'transfer_in' ? e.minor : -e.minor;
    const atEntries = await oracle(model, signed);
    expect(data.atEntryDays).toBe(usd(atEntries.converted));
    // No rate within the window of 9999-12-31: every foreign balance is not converted that day.
    expect(data.rates).toEqual([]);
    expect(
      data.notConvertedOnValuedDay.map((n: { currency: string }) => n.currency).sort(),
    ).toEqual(['EUR', 'JPY', 'KWD']);
  });

  it('entries eight thousand years apart: net worth and a view summary work out the rates of their days, not of the years between', async () => {
    const far = await t.signUp();
    const caller = t.caller(far);
    const yen = (await caller.account.create({ title: 'Far yen' })).data.id;
    await sql`UPDATE accounts SET currency = 'JPY' WHERE id = ${yen}::uuid`.execute(t.database.db);
    for (const [day, minor] of [
      ['1900-01-02', 1_000n],
      ['9999-12-30', 2_000n],
    ] as const)
      await insertEntry(t.database.db, {
        bookId: far.bookId,
        accountId: yen,
        type: 'deposit',
        cents: minor,
        occurredOn: day,
      });
    await sql`UPDATE accounts SET balance_cents = 3000 WHERE id = ${yen}::uuid`.execute(
      t.database.db,
    );
    await caller.rates.add({ base: 'JPY', quote: 'USD', day: '9999-12-29', rate: '0.01' });
    // Converted on read (nothing is recorded yet): the 9999 entry at 0.01, the 1900 one without.
    const worth = (await caller.analytics.netWorth({ valuedOn: '9999-12-31' })).data;
    expect(worth.atEntryDays).toBe(20);
    expect(worth.notConvertedAtEntryDays).toEqual([{ currency: 'JPY', amount: 1000, entries: 1 }]);
    const summary = (await caller.transaction.summary({})).data;
    expect(summary).toMatchObject({ count: 2, moneyIn: 20 });
  });

  it('a USD-only book answers the same figures as before, with nothing not converted', async () => {
    const plain = await t.signUp();
    const caller = t.caller(plain);
    const account = (await caller.account.create({ title: 'Checking' })).data;
    await caller.account.deposit({ id: account.id, amount: 100, occurredOn: '2026-11-03' });
    await caller.account.withdraw({ id: account.id, amount: 12.34, occurredOn: '2026-11-04' });
    // Its answers are the ones from before currencies: no conversion field at all.
    const data = (await caller.analytics.dashboard({})).data;
    expect(data.thisMonth).toEqual({ from: '2026-11-01', to: '2026-11-30', spending: 12.34 });
    for (const field of ['currency', 'notConverted', 'missingRates'])
      expect(data).not.toHaveProperty(field);
    const summary = (await caller.transaction.summary({})).data;
    expect(summary).toEqual({
      count: 2,
      complete: true,
      moneyIn: 100,
      moneyOut: 12.34,
      net: 87.66,
    });
    const worth = (await caller.analytics.netWorth({})).data;
    expect(worth).toMatchObject({
      currency: 'USD',
      valuedOn: '2026-11-25',
      atEntryDays: 87.66,
      onValuedDay: 87.66,
      exchangeGainOrLoss: 0,
      missingRates: [],
    });
  });
});
