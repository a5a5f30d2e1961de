import type { Db } from '../../db/connect.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  MAX_EXACT_CENTS,
  centsToUnits,
  formatCents,
  isExactInJson,
  sumCents,
} from '../../../shared/money.js';
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
  type Period,
  type Scope,
} from './analytics-repository.js';

// Rows of the analytics statements become the API's figures here: cents stay BigInt until the
// last step, shares and averages are computed from the exact cents (docs/analytics.md).

export const UNCATEGORISED = 'Uncategorised';
/** The colour of the uncategorised bucket: slate, readable on both themes. */
export const UNCATEGORISED_COLOR = '#64748b';

export const ANALYTICS_MESSAGES = {
  tooLarge: `A figure of this chart passes ${formatCents(MAX_EXACT_CENTS)} and cannot be shown exactly: choose a shorter period or one account`,
} as const;

/**
 * A figure in currency units. Sums of many entries or accounts can pass what a JSON number holds
 * exactly; such a chart is refused (422) rather than answered a few cents off
 * (docs/money.md#sums-past-the-exact-range).
 */
function units(cents: bigint): number {
  if (!isExactInJson(cents)) throw new AppError('UNPROCESSABLE', ANALYTICS_MESSAGES.tooLarge);
  return centsToUnits(cents);
}

/** A filter naming another book's, a deleted or a missing account answers 404, like elsewhere. */
function checked<T>(result: { accountOk: boolean; rows: T[] }): T[] {
  if (!result.accountOk) throw notFound();
  return result.rows;
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

function toCategories(rows: readonly CategoryCentsRow[]): {
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
      amount: units(cents),
      share: shareOf(cents, total),
      entries: row.entries,
    })),
  };
}

export async function getSpendingByCategory(db: Db, period: Period): Promise<SpendingByCategory> {
  const { total, categories } = toCategories(checked(await spendingByCategory(db, period)));
  return {
    period: { from: period.from, to: period.to },
    total: units(total),
    categories,
  };
}

export async function getIncomeVsSpending(
  db: Db,
  scope: Scope,
  now: Date,
): Promise<IncomeVsSpending> {
  const rows = checked(await incomeVsSpending(db, scope, now)).map((row) => {
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
  };
}

export async function getBalanceOverTime(db: Db, period: Period): Promise<BalanceOverTime> {
  const rows = checked(await balanceOverTime(db, period));
  const series = rows.map((row) => row.cents.split(',').map((cents) => BigInt(cents)));
  const days: BalanceOverTime['days'] = [];
  const start = Date.parse(`${period.from}T00:00:00Z`);
  const length = series[0]?.length ?? 0;
  for (let i = 0; i < length; i++) {
    const balances = series.map((values) => values[i] ?? 0n);
    days.push({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      total: units(sumCents(balances)),
      balances: balances.map(units),
    });
  }
  if (length === 0) {
    // No account: every day is still there, at zero.
    for (let time = start; time <= Date.parse(`${period.to}T00:00:00Z`); time += 86_400_000) {
      days.push({ date: new Date(time).toISOString().slice(0, 10), total: 0, balances: [] });
    }
  }
  return {
    period: { from: period.from, to: period.to },
    accounts: rows.map((row) => ({ id: row.id, title: row.title, color: row.color })),
    days,
  };
}

export async function getTopPayees(db: Db, period: Period): Promise<TopPayees> {
  const rows = checked(await topPayees(db, period));
  return {
    period: { from: period.from, to: period.to },
    payees: rows.map((row) => ({
      payee: row.payee,
      amount: units(BigInt(row.cents)),
      entries: row.entries,
    })),
  };
}

export async function getLargestEntries(db: Db, period: Period): Promise<LargestEntries> {
  const rows = checked(await largestEntries(db, period));
  return {
    period: { from: period.from, to: period.to },
    entries: rows.map((row) => ({
      id: row.id,
      occurredOn: row.occurred_on,
      transactionType: row.transaction_type,
      description: row.description,
      payee: row.payee,
      amount: units(BigInt(row.cents)),
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
): Promise<DashboardFigures> {
  const rows = checked(await dashboardFigures(db, bookId, now));
  const first = rows[0];
  if (!first) throw new Error('The dashboard statement returned no totals');
  const total = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.cents ?? '0');
  const { categories } = toCategories(rows.filter((row) => row.kind === 'category'));
  return {
    thisMonth: {
      from: first.this_start,
      to: first.this_end,
      spending: units(total('this_total')),
    },
    lastMonth: {
      from: first.last_start,
      to: first.last_end,
      spending: units(total('last_total')),
    },
    categories,
  };
}
