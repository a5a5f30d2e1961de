import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { ANALYTICS_LIST_MAX } from '../../../shared/limits.js';
import {
  conversionJoins,
  converted,
  pendingPart,
  type Conversion,
  type PendingRow,
} from './conversion-repository.js';

// The analytics queries (docs/analytics.md): read-only SQL over the ledger (transactions,
// entry_splits), accounts and categories. Each chart is ONE statement: it answers one row
// holding whether the account filter names a live account of the book and the chart's rows as
// JSON text. Sums are bigint/numeric in SQL and leave it as text, so no total passes through a
// float; the service turns them into BigInt. In a book with accounts in other currencies than
// its base one, every sum is of entries converted one by one into the base currency
// (conversion-repository.ts), and a second part of the statement sums, per currency, the
// entries that had no rate ("not converted").

export interface Scope {
  bookId: string;
  /** Only this account; undefined: all of the book. */
  accountId?: string | undefined;
}

export interface Period extends Scope {
  from: string;
  to: string;
}

/** Whether the account filter is absent or names a live account of the book. */
const accountOk = ({ bookId, accountId }: Scope) =>
  accountId === undefined
    ? sql<boolean>`true`
    : sql<boolean>`EXISTS (SELECT 1 FROM accounts WHERE book_id = ${bookId}::uuid
        AND id = ${accountId}::uuid AND deleted_at IS NULL)`;

const accountFilter = ({ accountId }: Scope) =>
  accountId === undefined ? sql`` : sql`AND t.account_id = ${accountId}::uuid`;

/** Live entries of the book (and of the account, when filtered), as `t`. */
const liveEntries = (scope: Scope) =>
  sql`t.book_id = ${scope.bookId}::uuid AND t.deleted_at IS NULL ${accountFilter(scope)}`;

/** Spending is expenses and withdrawals; transfers move money between accounts, never spend it. */
const SPENDING = sql`t.transaction_type IN ('expense', 'withdraw')`;

/** Today in the book's time zone (UTC while it has none), at the instant `now`. */
const bookToday = (bookId: string, now: Date) =>
  sql`(SELECT (${now.toISOString()}::timestamptz AT TIME ZONE coalesce(time_zone, 'UTC'))::date
        FROM books WHERE id = ${bookId}::uuid)`;

interface Wrapped {
  account_ok: boolean;
  rows: string;
  pending: string;
}

export interface ChartResult<T> {
  accountOk: boolean;
  rows: T[];
  /** The entries left out for want of a rate, per kind and currency (none in a one-currency book). */
  pending: PendingRow[];
}

/**
 * Runs a chart's statement: one row, the account check, the rows as JSON text and the "not
 * converted" part (conversion-repository.ts#pendingPart) when there is one.
 */
async function runChart<T>(
  db: DbOrTx,
  scope: Scope,
  rows: RawBuilder<unknown>,
  pending: RawBuilder<unknown> | null = null,
): Promise<ChartResult<T>> {
  const pendingJson =
    pending === null
      ? sql`'[]'`
      : sql`(SELECT coalesce(json_agg(p), '[]'::json)::text FROM (${pending}) p)`;
  const result = await sql<Wrapped>`
    SELECT ${accountOk(scope)} AS account_ok,
      (SELECT coalesce(json_agg(r), '[]'::json)::text FROM (${rows}) r) AS rows,
      ${pendingJson} AS pending`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('The analytics statement returned no row');
  return {
    accountOk: row.account_ok,
    rows: JSON.parse(row.rows) as T[],
    pending: JSON.parse(row.pending) as PendingRow[],
  };
}

export interface CategoryCentsRow {
  category_id: string | null;
  name: string | null;
  color: string | null;
  group_name: string | null;
  cents: string;
  entries: number;
}

/**
 * What was spent in a period per category: a split entry counts each line in its line's
 * category, any other expense or withdrawal in its own (NULL: uncategorised).
 */
const categorySpending = (
  scope: Scope,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
  c: Conversion,
) => sql`
  WITH spent AS (
    SELECT coalesce(s.category_id, t.category_id) AS category_id,
      ${converted(
        c,
        sql`coalesce(s.amount_cents, t.amount_cents)`,
        sql`CASE WHEN s.id IS NULL THEN t.base_amount ELSE s.base_amount END`,
      )} AS cents
    FROM transactions t
    LEFT JOIN entry_splits s ON s.book_id = t.book_id AND s.entry_id = t.id
    ${conversionJoins(c)}
    WHERE ${liveEntries(scope)} AND ${SPENDING}
      AND t.occurred_on BETWEEN ${from} AND ${to}
  ), grouped AS (
    -- A line without a rate (NULL) is in the "not converted" part, not in its category.
    SELECT category_id, sum(cents) AS cents, count(*)::int AS entries
    FROM spent WHERE cents IS NOT NULL GROUP BY category_id
  )
  SELECT g.category_id, c.name, c.color, cg.name AS group_name, g.cents::text AS cents, g.entries
  FROM grouped g
  LEFT JOIN categories c ON c.book_id = ${scope.bookId}::uuid AND c.id = g.category_id
  LEFT JOIN category_groups cg ON cg.book_id = ${scope.bookId}::uuid AND cg.id = c.group_id`;

export function spendingByCategory(db: DbOrTx, period: Period, c: Conversion) {
  const from = sql`${period.from}::date`;
  const to = sql`${period.to}::date`;
  return runChart<CategoryCentsRow>(
    db,
    period,
    categorySpending(period, from, to, c),
    pendingPart(
      c,
      sql`${liveEntries(period)} AND ${SPENDING} AND t.occurred_on BETWEEN ${from} AND ${to}`,
    ),
  );
}

export interface MonthCentsRow {
  month: string;
  income: string;
  spending: string;
}

/**
 * Deposits against expenses and withdrawals, per month, for the 12 months ending this one: one
 * range scan over the year, grouped by month, then joined to the 12 months so empty ones show.
 */
export function incomeVsSpending(db: DbOrTx, scope: Scope, now: Date, c: Conversion) {
  const month = sql`date_trunc('month', ${bookToday(scope.bookId, now)}::timestamp)`;
  const cents = converted(c, sql`t.amount_cents`);
  return runChart<MonthCentsRow>(
    db,
    scope,
    sql`
    WITH bounds AS (
      SELECT (${month} - interval '11 months')::date AS first, (${month} + interval '1 month')::date AS next
    ), months AS (
      -- An integer series: the planner knows it has 12 rows.
      SELECT (b.first + make_interval(months => i))::date AS start
      FROM bounds b, generate_series(0, 11) AS i
    ), sides AS (
      -- Grouped by month and side first, so each entry is converted once (two FILTERed sums
      -- over it converted it twice).
      SELECT date_trunc('month', t.occurred_on::timestamp)::date AS start,
        t.transaction_type = 'deposit' AS income, sum(${cents}) AS cents
      FROM transactions t ${conversionJoins(c)}, bounds b
      WHERE ${liveEntries(scope)} AND t.occurred_on >= b.first AND t.occurred_on < b.next
        AND t.transaction_type IN ('deposit', 'expense', 'withdraw')
      GROUP BY 1, 2
    ), totals AS (
      SELECT start, sum(cents) FILTER (WHERE income) AS income,
        sum(cents) FILTER (WHERE NOT income) AS spending
      FROM sides GROUP BY start
    )
    SELECT to_char(months.start, 'YYYY-MM') AS month,
      coalesce(totals.income, 0)::text AS income, coalesce(totals.spending, 0)::text AS spending
    FROM months LEFT JOIN totals ON totals.start = months.start
    ORDER BY months.start`,
    pendingPart(
      c,
      sql`${liveEntries(scope)} AND t.transaction_type IN ('deposit', 'expense', 'withdraw')
        AND t.occurred_on >= (${month} - interval '11 months')::date
        AND t.occurred_on < (${month} + interval '1 month')::date`,
      sql`CASE WHEN t.transaction_type = 'deposit' THEN 'income' ELSE 'spending' END`,
    ),
  );
}

export interface AccountSeriesRow {
  id: string;
  title: string;
  color: string;
  currency: string;
  /** The account's balance at the end of each day of the period, comma-separated cents. */
  cents: string;
}

/**
 * Each live account's balance at the end of every day of the period, from the ledger: the
 * balance before the period is the account's balance less the signed sum of its live entries
 * dated from the period's first day on (the ledger invariant, docs/ledger.md#entries: the
 * balance is the signed sum of the live entries, kept so in the statement of every change),
 * and each day adds the signed sum of that day's entries. So only the entries from the period
 * on are read, and a back-dated entry moves every later day.
 */
export function balanceOverTime(db: DbOrTx, period: Period) {
  const { bookId, from, to } = period;
  const onlyAccount =
    period.accountId === undefined ? sql`` : sql`AND id = ${period.accountId}::uuid`;
  return runChart<AccountSeriesRow>(
    db,
    period,
    sql`
    WITH acc AS (
      SELECT id, title, color, currency, created_at, balance_cents FROM accounts
      WHERE book_id = ${bookId}::uuid AND deleted_at IS NULL ${onlyAccount}
    ), later AS (
      SELECT t.account_id, t.occurred_on,
        CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
          THEN t.amount_cents ELSE -t.amount_cents END AS cents
      FROM transactions t JOIN acc ON acc.id = t.account_id
      WHERE t.book_id = ${bookId}::uuid AND t.deleted_at IS NULL AND t.occurred_on >= ${from}::date
    ), opening AS (
      SELECT acc.id AS account_id, acc.balance_cents - coalesce(sum(later.cents), 0) AS cents
      FROM acc LEFT JOIN later ON later.account_id = acc.id
      GROUP BY acc.id, acc.balance_cents
    ), daily AS (
      SELECT account_id, occurred_on AS day, sum(cents) AS cents FROM later
      WHERE occurred_on <= ${to}::date GROUP BY account_id, occurred_on
    ), days AS (
      SELECT (${from}::date + i) AS day
      FROM generate_series(0, ${to}::date - ${from}::date) AS i
    ), series AS (
      SELECT acc.id, days.day,
        o.cents + sum(coalesce(dl.cents, 0)) OVER (PARTITION BY acc.id ORDER BY days.day) AS cents
      FROM acc CROSS JOIN days
      JOIN opening o ON o.account_id = acc.id
      LEFT JOIN daily dl ON dl.account_id = acc.id AND dl.day = days.day
    )
    SELECT acc.id, acc.title, acc.color, acc.currency,
      string_agg(series.cents::text, ',' ORDER BY series.day) AS cents
    FROM acc JOIN series ON series.id = acc.id
    GROUP BY acc.id, acc.title, acc.color, acc.currency, acc.created_at
    ORDER BY acc.created_at, acc.id`,
  );
}

export interface PayeeCentsRow {
  payee: string;
  cents: string;
  entries: number;
}

/** The payees most spent with in the period (entries with no payee are left out). */
export function topPayees(db: DbOrTx, period: Period, c: Conversion) {
  const where = sql`${liveEntries(period)} AND ${SPENDING} AND t.payee <> ''
      AND t.occurred_on BETWEEN ${period.from}::date AND ${period.to}::date`;
  const cents = converted(c, sql`t.amount_cents`);
  return runChart<PayeeCentsRow>(
    db,
    period,
    // Entries without a rate count nowhere here (count() and sum() skip their NULL); a payee
    // with nothing converted is left out.
    sql`
    SELECT t.payee, sum(${cents})::text AS cents, count(${cents})::int AS entries
    FROM transactions t ${conversionJoins(c)}
    WHERE ${where}
    GROUP BY t.payee
    HAVING count(${cents}) > 0
    ORDER BY sum(${cents}) DESC, t.payee
    LIMIT ${ANALYTICS_LIST_MAX}`,
    pendingPart(c, where),
  );
}

export interface LargeEntryRow {
  id: string;
  occurred_on: string;
  transaction_type: 'expense' | 'withdraw';
  description: string;
  payee: string;
  cents: string;
  currency: string;
  /** In the base currency; null without a rate. */
  base_cents: string | null;
  account_id: string | null;
  account_title: string | null;
  category_id: string | null;
  category_name: string | null;
  split: boolean;
}

/** The largest expenses and withdrawals of the period (a split entry counts whole). */
export function largestEntries(db: DbOrTx, period: Period, c: Conversion) {
  const where = sql`${liveEntries(period)} AND ${SPENDING}
      AND t.occurred_on BETWEEN ${period.from}::date AND ${period.to}::date`;
  const cents = converted(c, sql`t.amount_cents`);
  const order = c.active
    ? sql`${cents} DESC NULLS LAST, t.seq DESC`
    : // "+ 0" keeps the planner off the book's amount index: walking every entry of the book
      // from the largest down until ten fall in the period is far slower than sorting the
      // period's entries (found through the date index).
      sql`t.amount_cents + 0 DESC, t.seq DESC`;
  return runChart<LargeEntryRow>(
    db,
    period,
    sql`
    SELECT t.id, t.occurred_on, t.transaction_type, t.description, t.payee,
      t.amount_cents::text AS cents, coalesce(a.currency, ${c.base}) AS currency,
      (${cents})::text AS base_cents, t.account_id, a.title AS account_title,
      t.category_id, c.name AS category_name,
      EXISTS (SELECT 1 FROM entry_splits s WHERE s.book_id = t.book_id AND s.entry_id = t.id)
        AS split
    FROM transactions t
    LEFT JOIN accounts a ON a.book_id = t.book_id AND a.id = t.account_id
    LEFT JOIN categories c ON c.book_id = t.book_id AND c.id = t.category_id
    ${conversionJoins(c)}
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${ANALYTICS_LIST_MAX}`,
    pendingPart(c, where),
  );
}

export interface DashboardRow extends CategoryCentsRow {
  /** Which month the row is of: this one's categories, or the two months' totals. */
  kind: 'category' | 'this_total' | 'last_total';
  this_start: string;
  this_end: string;
  last_start: string;
  last_end: string;
}

/**
 * The dashboard's figures in one statement: this month's spending by category, and the totals
 * of this month and the last, months of the book's calendar.
 */
export function dashboardFigures(db: DbOrTx, bookId: string, now: Date, c: Conversion) {
  const scope = { bookId };
  const month = sql`date_trunc('month', ${bookToday(bookId, now)}::timestamp)`;
  const cents = converted(c, sql`t.amount_cents`);
  const thisStart = sql`${month}::date`;
  return runChart<DashboardRow>(
    db,
    scope,
    sql`
    WITH bounds AS (
      SELECT ${month}::date AS this_start,
        (${month} + interval '1 month - 1 day')::date AS this_end,
        (${month} - interval '1 month')::date AS last_start,
        (${month} - interval '1 day')::date AS last_end
    ), cats AS (
      ${categorySpending(
        scope,
        sql`(SELECT this_start FROM bounds)`,
        sql`(SELECT this_end FROM bounds)`,
        c,
      )}
    ), totals AS (
      SELECT
        coalesce(sum(${cents}) FILTER (WHERE t.occurred_on >= b.this_start), 0) AS this_cents,
        coalesce(sum(${cents}) FILTER (WHERE t.occurred_on < b.this_start), 0) AS last_cents
      FROM bounds b
      LEFT JOIN transactions t ON ${liveEntries(scope)} AND ${SPENDING}
        AND t.occurred_on BETWEEN b.last_start AND b.this_end
      ${conversionJoins(c)}
    )
    SELECT 'category' AS kind, cats.*, b.* FROM cats CROSS JOIN bounds b
    UNION ALL
    SELECT 'this_total', NULL, NULL, NULL, NULL, totals.this_cents::text, 0, b.*
    FROM totals CROSS JOIN bounds b
    UNION ALL
    SELECT 'last_total', NULL, NULL, NULL, NULL, totals.last_cents::text, 0, b.*
    FROM totals CROSS JOIN bounds b`,
    pendingPart(
      c,
      sql`${liveEntries(scope)} AND ${SPENDING}
        AND t.occurred_on BETWEEN (${month} - interval '1 month')::date
          AND (${month} + interval '1 month - 1 day')::date`,
      sql`CASE WHEN t.occurred_on >= ${thisStart} THEN 'this' ELSE 'last' END`,
    ),
  );
}
