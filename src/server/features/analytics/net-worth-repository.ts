import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import {
  conversionJoins,
  converted,
  pendingCurrency,
  type Conversion,
} from './conversion-repository.js';

// The net worth statements (docs/analytics.md#net-worth): what each live account holds at the
// end of a day, and the same as the sum of its entries each converted at its own day's rate.

/** Today in the book's time zone (UTC while it has none), at the instant `now`. */
export async function bookToday(db: DbOrTx, bookId: string, now: Date): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    SELECT to_char((${now.toISOString()}::timestamptz AT TIME ZONE coalesce(time_zone, 'UTC'))::date,
      'YYYY-MM-DD') AS today
    FROM books WHERE id = ${bookId}::uuid`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The book has no row');
  return row.today;
}

/**
 * The first and last day of a live entry, on or before `valuedOn`, of a live account in another
 * currency than `base`: the days whose rates the entries need (none after the last, however far
 * ahead valuedOn is). null when there is none.
 */
export async function foreignDaySpan(
  db: DbOrTx,
  bookId: string,
  base: string,
  valuedOn: string,
): Promise<{ first: string; last: string } | null> {
  // Each account's first and last day through its (account_id, occurred_on) index: a min() over
  // the book's entries read every one of them (20 ms in 100,000).
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT to_char(min(f.day), 'YYYY-MM-DD') AS first, to_char(max(l.day), 'YYYY-MM-DD') AS last
    FROM accounts a
    CROSS JOIN LATERAL (
      SELECT t.occurred_on AS day FROM transactions t
      WHERE t.account_id = a.id AND t.deleted_at IS NULL AND t.occurred_on <= ${valuedOn}::date
      ORDER BY t.occurred_on LIMIT 1
    ) f
    CROSS JOIN LATERAL (
      SELECT t.occurred_on AS day FROM transactions t
      WHERE t.account_id = a.id AND t.deleted_at IS NULL AND t.occurred_on <= ${valuedOn}::date
      ORDER BY t.occurred_on DESC LIMIT 1
    ) l
    WHERE a.book_id = ${bookId}::uuid AND a.deleted_at IS NULL AND a.currency <> ${base}`.execute(
    db,
  );
  const row = rows[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

export interface NetWorthRow {
  id: string;
  title: string;
  currency: string;
  /** Minor units of `currency` at the end of valuedOn. */
  balance: string;
  /** The converted entries' sum in minor units of the base (only for another currency). */
  converted: string | null;
  /** Entries without a rate: their signed sum, count, days. */
  pending_amount: string | null;
  pending_entries: number;
  first_day: string | null;
  last_day: string | null;
  pending_days: number;
}

const SIGNED = sql`CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
  THEN t.amount_cents ELSE -t.amount_cents END`;

/**
 * The foreign accounts' sums from the recorded amounts (docs/analytics.md#recorded-conversions):
 * one pass over each foreign account's entries up to valuedOn through its covering index for the
 * converted sums, and the entries without a rate (base_amount NULL) through their own index,
 * grouped by account and day for the days they span. Used only when every entry is recorded.
 */
const recordedSums = (bookId: string, valuedOn: string, base: string) => {
  // Each foreign account's entries through its (account_id, occurred_on) covering index: the
  // base-currency accounts' entries are never read.
  const foreignEntries = sql`t.account_id = ca.id AND t.deleted_at IS NULL
    AND t.occurred_on <= ${valuedOn}::date`;
  return sql`
    SELECT f.account_id, f.converted, p.pending_amount,
      coalesce(p.pending_entries, 0)::int AS pending_entries,
      p.first_day, p.last_day, coalesce(p.pending_days, 0)::int AS pending_days
    FROM (
      SELECT t.account_id, sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
        THEN t.base_amount ELSE -t.base_amount END) AS converted
      FROM acc ca JOIN transactions t ON ${foreignEntries}
      WHERE ca.currency <> ${base}
      GROUP BY t.account_id
    ) f
    LEFT JOIN (
      SELECT account_id, sum(amount) AS pending_amount, sum(entries) AS pending_entries,
        min(day) AS first_day, max(day) AS last_day, count(*) AS pending_days
      FROM (
        SELECT t.account_id, t.occurred_on AS day, sum(${SIGNED}) AS amount, count(*) AS entries
        FROM acc ca JOIN transactions t ON ${foreignEntries} AND t.base_amount IS NULL
          AND t.book_id = ${bookId}::uuid
        WHERE ca.currency <> ${base}
        GROUP BY t.account_id, t.occurred_on
      ) d
      GROUP BY account_id
    ) p ON p.account_id = f.account_id`;
};

/**
 * Each live account: its balance at the end of `valuedOn` (its balance less the signed sum of its
 * live entries dated after, the ledger invariant of docs/ledger.md#entries), and, for an account
 * in another currency than the base, the signed sum of its entries up to `valuedOn` each
 * converted at its own day's rate, with the part that had no rate.
 */
export async function netWorthRows(
  db: DbOrTx,
  bookId: string,
  valuedOn: string,
  c: Conversion,
): Promise<NetWorthRow[]> {
  // One scan of the foreign accounts' entries, grouped first by account and day (a hash of a few
  // thousand groups): the converted sums, and the part without a rate with the days it spans.
  // A count(DISTINCT day) over the entries themselves made PostgreSQL sort every one of them,
  // past work_mem onto disk; the days are counted over the groups instead.
  const foreign = !c.active
    ? sql`
    SELECT NULL::uuid AS account_id, NULL::numeric AS converted, NULL::bigint AS pending_amount,
      0 AS pending_entries, NULL::date AS first_day, NULL::date AS last_day, 0 AS pending_days
    WHERE false`
    : c.recorded
      ? recordedSums(bookId, valuedOn, c.base)
      : sql`
    SELECT account_id, sum(converted) AS converted, sum(pending_amount) AS pending_amount,
      coalesce(sum(pending_entries), 0)::int AS pending_entries,
      min(day) FILTER (WHERE pending_entries > 0) AS first_day,
      max(day) FILTER (WHERE pending_entries > 0) AS last_day,
      count(*) FILTER (WHERE pending_entries > 0)::int AS pending_days
    FROM (
      SELECT t.account_id, t.occurred_on AS day,
        -- One branch per entry: the amount converted once, then signed.
        sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
          THEN ${converted(c, sql`t.amount_cents`)}
          ELSE -${converted(c, sql`t.amount_cents`)} END) AS converted,
        sum(${SIGNED}) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL) AS pending_amount,
        count(*) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL) AS pending_entries
      FROM acc ca
      -- The live entries of the book's foreign accounts (acc holds only the book's accounts),
      -- each account's currency from acc itself rather than one more join per entry.
      JOIN transactions t ON t.account_id = ca.id AND t.deleted_at IS NULL
        AND t.occurred_on <= ${valuedOn}::date
      ${conversionJoins(c, sql.ref('t'), true)}
      WHERE ca.currency <> ${c.base}
      GROUP BY t.account_id, t.occurred_on
    ) days
    GROUP BY account_id`;
  const { rows } = await sql<NetWorthRow>`
    WITH acc AS (
      SELECT id, title, currency, created_at, balance_cents FROM accounts
      WHERE book_id = ${bookId}::uuid AND deleted_at IS NULL
    ), later AS (
      SELECT t.account_id, sum(${SIGNED}) AS cents
      FROM transactions t JOIN acc ON acc.id = t.account_id
      WHERE t.book_id = ${bookId}::uuid AND t.deleted_at IS NULL
        AND t.occurred_on > ${valuedOn}::date
      GROUP BY t.account_id
    ), foreign_sums AS (${foreign})
    SELECT acc.id, acc.title, acc.currency,
      (acc.balance_cents - coalesce(later.cents, 0))::text AS balance,
      f.converted::text AS converted, f.pending_amount::text AS pending_amount,
      coalesce(f.pending_entries, 0) AS pending_entries,
      to_char(f.first_day, 'YYYY-MM-DD') AS first_day,
      to_char(f.last_day, 'YYYY-MM-DD') AS last_day,
      coalesce(f.pending_days, 0) AS pending_days
    FROM acc
    LEFT JOIN later ON later.account_id = acc.id
    LEFT JOIN foreign_sums f ON f.account_id = acc.id
    ORDER BY acc.created_at, acc.id`.execute(db);
  return rows;
}
