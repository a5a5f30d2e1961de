import type { Db, DbOrTx } from '../../db/connect.js';
import { readSnapshot } from '../../db/read-snapshot.js';
import { notFound } from '../../lib/app-error.js';
import { sumCents } from '../../../shared/money.js';
import type {
  BalanceOverTime,
  CategorySpending,
  DashboardFigures,
  IncomeVsSpending,
  LargestEntries,
  SpendingByCategory,
  TopPayees,
} from '../../../shared/schemas/analytics.js';
import {
  balanceOverTime,
  dashboardFigures,
  incomeVsSpending,
  largestEntries,
  spendingByCategory,
  topPayees,
  type CategoryCentsRow,
  type ChartResult,
  type Period,
  type Scope,
} from './analytics-repository.js';
import { bookCurrencies, missingDays, type Conversion } from './conversion-repository.js';
import { CONVERSION_WINDOW_DAYS, dayRates, daysBefore, daysOf } from './day-rates.js';
import { allRecorded } from './conversion-record-repository.js';
import type { RecordLater } from './background-recorder.js';
import { missingRatesOf, notConvertedOf, unitsIn } from './not-converted.js';
import { valueBalances } from './balance-valuation.js';

export { ANALYTICS_MESSAGES } from './not-converted.js';

// Rows of the analytics statements become the API's figures here: minor units stay BigInt until
// the last step, shares and averages are computed from the exact minor units (docs/analytics.md).
// Every figure is in the book's base currency: in a book with accounts in other currencies each
// entry is converted at its own day's rate before it is summed (conversion-repository.ts), and
// what had no rate is answered apart as notConverted, with the missing pairs
// (docs/money.md#not-converted).

export const UNCATEGORISED = 'Uncategorised';
/** The colour of the uncategorised bucket: slate, readable on both themes. */
export const UNCATEGORISED_COLOR = '#64748b';

/**
 * How a chart over entries from `from` to `to` converts: nothing in a book whose accounts are all
 * in its base currency; the recorded amounts when every entry of the range has one
 * (docs/analytics.md#recorded-conversions) and `useRecorded`; else the rate of every day of the
 * range (day-rates.ts), converted on read.
 */
export async function conversionFor(
  db: DbOrTx,
  bookId: string,
  from: string,
  to: string,
  useRecorded = true,
): Promise<Conversion> {
  const { base, others } = await bookCurrencies(db, bookId);
  if (others.length === 0) return { base, active: false, recorded: false, rates: [], missing: [] };
  if (useRecorded && (await allRecorded(db, bookId, from, to, CONVERSION_WINDOW_DAYS)))
    return { base, active: true, recorded: true, rates: [], missing: [] };
  const rates = await dayRates(db, bookId, base, others, from, to);
  return {
    base,
    active: true,
    recorded: false,
    rates,
    missing: missingDays(others, daysOf(from, to), rates),
  };
}

/**
 * A chart in the base currency: how it converts and the chart itself read in one snapshot, so a
 * conversion recorded or unmarked in between cannot make the two disagree. A chart that had to
 * convert on read asks for the book to be recorded, for the next read.
 */
async function convertedChart<T>(
  db: Db,
  bookId: string,
  range: { from: string; to: string },
  recordLater: RecordLater,
  read: (trx: DbOrTx, c: Conversion) => Promise<T>,
): Promise<{ c: Conversion; result: T }> {
  const answer = await readSnapshot(db, async (trx) => {
    const c = await conversionFor(trx, bookId, range.from, range.to);
    return { c, result: await read(trx, c) };
  });
  if (answer.c.active && !answer.c.recorded) recordLater(bookId);
  return answer;
}

/** `day` plus `days` calendar days. */
const daysAfter = (day: string, days: number) => daysBefore(day, -days);

/**
 * The days a chart relative to today may read (this month, the last 12): a margin either side,
 * since the book's today (its time zone) may be a day off UTC's and an entry may be dated ahead.
 */
function aroundToday(now: Date, monthsBack: number) {
  const today = now.toISOString().slice(0, 10);
  return { from: daysBefore(today, 31 * (monthsBack + 1) + 2), to: daysAfter(today, 33) };
}

/** A filter naming another book's, a deleted or a missing account answers 404, like elsewhere. */
function checked<T>(result: ChartResult<T>): T[] {
  if (!result.accountOk) throw notFound();
  return result.rows;
}

/**
 * A book whose base currency and accounts are all USD answers as before currencies, byte for
 * byte: the conversion fields are left out (docs/analytics.md#totals-in-the-base-currency).
 */
export const isLegacy = (c: Conversion) => !c.active && c.base === 'USD';

/** `fields` unless the book answers as before currencies. */
export function unlessLegacy<T extends object>(c: Conversion, fields: () => T): T | object {
  return isLegacy(c) ? {} : fields();
}

/** What every chart adds: its currency, its "not converted" part and the pairs missing. */
function conversionFields(c: Conversion, result: ChartResult<unknown>, kind = '') {
  return unlessLegacy(c, () => ({
    currency: c.base,
    notConverted: notConvertedOf(result.pending, kind),
    missingRates: missingRatesOf(c.base, result.pending),
  }));
}

/** part / whole as a fraction with four decimals, from exact cents (0 when whole is 0). */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  // Rounded half up in integer arithmetic: (part * 10000 * 2 + whole) / (2 * whole).
  return Number((part * 20_000n + whole) / (2n * whole)) / 10_000;
}

/** The mean of some cents, rounded half away from zero to the cent. */
export function averageCents(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const total = sumCents(values);
  const n = BigInt(values.length);
  const half = total >= 0n ? n : -n;
  return (total * 2n + half) / (2n * n);
}

function toCategories(
  rows: readonly CategoryCentsRow[],
  currency: string,
): {
  total: bigint;
  categories: CategorySpending[];
} {
  const withCents = rows.map((row) => ({ row, cents: BigInt(row.cents) }));
  const total = sumCents(withCents.map((r) => r.cents));
  withCents.sort((a, b) =>
    a.cents === b.cents
      ? (a.row.name ?? '').localeCompare(b.row.name ?? '')
      : a.cents > b.cents
        ? -1
        : 1,
  );
  return {
    total,
    categories: withCents.map(({ row, cents }) => ({
      categoryId: row.category_id,
      name: row.category_id === null ? UNCATEGORISED : (row.name ?? UNCATEGORISED),
      color: row.color ?? UNCATEGORISED_COLOR,
      groupName: row.group_name,
      amount: unitsIn(cents, currency),
      share: shareOf(cents, total),
      entries: row.entries,
    })),
  };
}

export async function getSpendingByCategory(
  db: Db,
  period: Period,
  recordLater: RecordLater,
): Promise<SpendingByCategory> {
  const { c, result } = await convertedChart(db, period.bookId, period, recordLater, (trx, c) =>
    spendingByCategory(trx, period, c),
  );
  const { total, categories } = toCategories(checked(result), c.base);
  return {
    period: { from: period.from, to: period.to },
    total: unitsIn(total, c.base),
    categories,
    ...conversionFields(c, result),
  };
}

export async function getIncomeVsSpending(
  db: Db,
  scope: Scope,
  now: Date,
  recordLater: RecordLater,
): Promise<IncomeVsSpending> {
  const range = aroundToday(now, 12);
  const { c, result } = await convertedChart(db, scope.bookId, range, recordLater, (trx, c) =>
    incomeVsSpending(trx, scope, now, c),
  );
  const units = (minorUnits: bigint) => unitsIn(minorUnits, c.base);
  const rows = checked(result).map((row) => {
    const income = BigInt(row.income);
    const spending = BigInt(row.spending);
    return { month: row.month, income, spending, net: income - spending };
  });
  return {
    months: rows.map((row) => ({
      month: row.month,
      income: units(row.income),
      spending: units(row.spending),
      net: units(row.net),
    })),
    average: {
      income: units(averageCents(rows.map((r) => r.income))),
      spending: units(averageCents(rows.map((r) => r.spending))),
      net: units(averageCents(rows.map((r) => r.net))),
    },
    ...conversionFields(c, result, 'spending'),
    ...unlessLegacy(c, () => ({ notConvertedIncome: notConvertedOf(result.pending, 'income') })),
  };
}

/**
 * Each account's balance at the end of every day in its own currency, and the day's total in the
 * base currency with every balance valued at that day's rate (balance-valuation.ts).
 */
export async function getBalanceOverTime(db: Db, period: Period): Promise<BalanceOverTime> {
  // Balances are valued at each day's rate (balance-valuation.ts): the day rates, not the recorded amounts.
  const c = await conversionFor(db, period.bookId, period.from, period.to, false);
  const rows = checked(await balanceOverTime(db, period));
  const accounts = rows.map((row) => ({
    currency: row.currency,
    balances: row.cents.split(',').map((cents) => BigInt(cents)),
  }));
  const valued = valueBalances(c, period.from, period.to, accounts);
  const last = valued.days[valued.days.length - 1];
  const legacy = isLegacy(c);
  return {
    period: { from: period.from, to: period.to },
    accounts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      color: row.color,
      ...(!legacy && { currency: row.currency }),
    })),
    days: legacy
      ? valued.days.map(({ date, total, balances }) => ({ date, total, balances }))
      : valued.days,
    ...unlessLegacy(c, () => ({
      currency: c.base,
      notConverted: last?.notConverted ?? [],
      missingRates: valued.missingRates,
    })),
  };
}

export async function getTopPayees(
  db: Db,
  period: Period,
  recordLater: RecordLater,
): Promise<TopPayees> {
  const { c, result } = await convertedChart(db, period.bookId, period, recordLater, (trx, c) =>
    topPayees(trx, period, c),
  );
  return {
    period: { from: period.from, to: period.to },
    payees: checked(result).map((row) => ({
      payee: row.payee,
      amount: unitsIn(BigInt(row.cents), c.base),
      entries: row.entries,
    })),
    ...conversionFields(c, result),
  };
}

export async function getLargestEntries(
  db: Db,
  period: Period,
  recordLater: RecordLater,
): Promise<LargestEntries> {
  const { c, result } = await convertedChart(db, period.bookId, period, recordLater, (trx, c) =>
    largestEntries(trx, period, c),
  );
  return {
    period: { from: period.from, to: period.to },
    ...conversionFields(c, result),
    entries: checked(result).map((row) => ({
      id: row.id,
      occurredOn: row.occurred_on,
      transactionType: row.transaction_type,
      description: row.description,
      payee: row.payee,
      amount: unitsIn(BigInt(row.cents), row.currency),
      ...unlessLegacy(c, () => ({
        currency: row.currency,
        baseAmount: row.base_cents === null ? null : unitsIn(BigInt(row.base_cents), c.base),
      })),
      accountId: row.account_id,
      accountTitle: row.account_title,
      categoryId: row.category_id,
      categoryName: row.split ? 'Split' : row.category_name,
    })),
  };
}

export async function getDashboardFigures(
  db: Db,
  bookId: string,
  now: Date,
  recordLater: RecordLater,
): Promise<DashboardFigures> {
  const range = aroundToday(now, 1);
  const { c, result } = await convertedChart(db, bookId, range, recordLater, (trx, c) =>
    dashboardFigures(trx, bookId, now, c),
  );
  const rows = checked(result);
  const first = rows[0];
  if (!first) throw new Error('The dashboard statement returned no totals');
  const total = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.cents ?? '0');
  const { categories } = toCategories(
    rows.filter((row) => row.kind === 'category'),
    c.base,
  );
  return {
    thisMonth: {
      from: first.this_start,
      to: first.this_end,
      spending: unitsIn(total('this_total'), c.base),
      ...unlessLegacy(c, () => ({ notConverted: notConvertedOf(result.pending, 'this') })),
    },
    lastMonth: {
      from: first.last_start,
      to: first.last_end,
      spending: unitsIn(total('last_total'), c.base),
      ...unlessLegacy(c, () => ({ notConverted: notConvertedOf(result.pending, 'last') })),
    },
    categories,
    ...conversionFields(c, result, 'this'),
  };
}
