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
 * The first day of a live entry, on or before `valuedOn`, of a live account in another currency
 * than `base`: where the rates the entries need start. null when there is none.
 */
export async function firstForeignDay(
  db: DbOrTx,
  bookId: string,
  base: string,
  valuedOn: string,
): Promise<string | null> {
  const { rows } = await sql<{ first: string | null }>`
    SELECT to_char(min(t.occurred_on), 'YYYY-MM-DD') AS first
    FROM accounts a
    JOIN transactions t ON t.book_id = a.book_id AND t.account_id = a.id
    WHERE a.book_id = ${bookId}::uuid AND a.deleted_at IS NULL AND a.currency <> ${base}
      AND t.deleted_at IS NULL AND t.occurred_on <= ${valuedOn}::date`.execute(db);
  return rows[0]?.first ?? null;
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
  const foreign = c.active
    ? sql`
    SELECT t.account_id,
      sum(${converted(c, SIGNED)}) AS converted,
      sum(${SIGNED}) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL) AS pending_amount,
      count(*) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL)::int AS pending_entries,
      min(t.occurred_on) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL) AS first_day,
      max(t.occurred_on) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL) AS last_day,
      count(DISTINCT t.occurred_on) FILTER (WHERE ${pendingCurrency(c)} IS NOT NULL)::int
        AS pending_days
    FROM transactions t
    JOIN acc ON acc.id = t.account_id AND acc.currency <> ${c.base}
    ${conversionJoins(c)}
    WHERE t.book_id = ${bookId}::uuid AND t.deleted_at IS NULL
      AND t.occurred_on <= ${valuedOn}::date
    GROUP BY t.account_id`
    : sql`
    SELECT NULL::uuid AS account_id, NULL::numeric AS converted, NULL::bigint AS pending_amount,
      0 AS pending_entries, NULL::date AS first_day, NULL::date AS last_day, 0 AS pending_days
    WHERE false`;
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
