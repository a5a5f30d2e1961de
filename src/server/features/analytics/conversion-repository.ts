import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { DayRate } from './day-rates.js';

// Converting entries into the book's base currency inside a chart's statement
// (docs/analytics.md#totals-in-the-base-currency, decision 029): the day rates worked out in
// day-rates.ts reach SQL as arrays (unnest), joined on (currency, day), and each entry is
// converted with exact numeric integer arithmetic, rounded half-even on the base currency's minor
// unit, before anything is summed. An entry in another currency without a rate for its day
// converts to NULL, which sum() leaves out; its currency is named by `pendingCurrency` so the
// chart can report it as "not converted", never at 1:1.

export interface BookCurrencies {
  base: string;
  /** Currencies of the book's accounts (deleted ones too: their entries still count) other than the base. */
  others: string[];
}

/** The book's base currency and the other currencies its accounts are in: one small query. */
export async function bookCurrencies(db: DbOrTx, bookId: string): Promise<BookCurrencies> {
  const { rows } = await sql<{ base: string; others: string }>`
    SELECT b.base_currency AS base,
      coalesce(string_agg(DISTINCT a.currency, ',')
        FILTER (WHERE a.currency <> b.base_currency), '') AS others
    FROM books b LEFT JOIN accounts a ON a.book_id = b.id
    WHERE b.id = ${bookId}::uuid
    GROUP BY b.base_currency`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The book has no row');
  return { base: row.base, others: row.others === '' ? [] : row.others.split(',').sort() };
}

/**
 * The first and last day of the book's live entries in accounts of other currencies than `base`,
 * within `from` and `to` when given; null when there is none.
 */
export async function foreignDayRange(
  db: DbOrTx,
  bookId: string,
  base: string,
  from: string | undefined,
  to: string | undefined,
): Promise<{ first: string; last: string } | null> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT to_char(min(t.occurred_on), 'YYYY-MM-DD') AS first,
      to_char(max(t.occurred_on), 'YYYY-MM-DD') AS last
    FROM accounts a
    JOIN transactions t ON t.book_id = a.book_id AND t.account_id = a.id
    WHERE a.book_id = ${bookId}::uuid AND a.currency <> ${base} AND t.deleted_at IS NULL
      ${from === undefined ? sql`` : sql`AND t.occurred_on >= ${from}::date`}
      ${to === undefined ? sql`` : sql`AND t.occurred_on <= ${to}::date`}`.execute(db);
  const row = rows[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

export interface Conversion {
  base: string;
  /**
   * False for a book whose accounts are all in its base currency: nothing is converted and the
   * statements are the ones from before currencies, figure for figure.
   */
  active: boolean;
  rates: readonly DayRate[];
  /**
   * The (currency, day) of the range with no rate: only entries of these can be "not converted",
   * so the part that sums them reads only those days (none: it is not run at all).
   */
  missing: readonly { currency: string; day: string }[];
}

/** The (currency, day) of `from`..`to` that `rates` has no rate for, for every currency. */
export function missingDays(
  currencies: readonly string[],
  days: readonly string[],
  rates: readonly DayRate[],
): { currency: string; day: string }[] {
  const have = new Set(rates.map((rate) => `${rate.currency}>${rate.day}`));
  return currencies.flatMap((currency) =>
    days.filter((day) => !have.has(`${currency}>${day}`)).map((day) => ({ currency, day })),
  );
}

/** The joins a converted amount needs: the entry's account (its currency) and its day's rate. */
export function conversionJoins(c: Conversion, entry = sql.ref('t')): RawBuilder<unknown> {
  if (!c.active) return sql``;
  const rates = c.rates;
  return sql`
    LEFT JOIN accounts ca ON ca.book_id = ${entry}.book_id AND ca.id = ${entry}.account_id
    LEFT JOIN unnest(
      ${sql.val(rates.map((r) => r.currency))}::text[],
      ${sql.val(rates.map((r) => r.day))}::date[],
      ${sql.val(rates.map((r) => (r.numerator * 2n).toString()))}::numeric[],
      ${sql.val(rates.map((r) => r.denominator.toString()))}::numeric[],
      ${sql.val(rates.map((r) => (r.denominator * 2n).toString()))}::numeric[]
    ) AS cr(currency, day, n2, d, d2)
      ON cr.currency = ca.currency AND cr.day = ${entry}.occurred_on`;
}

/**
 * `amount` (minor units of the entry's currency) in minor units of the base currency: as it is
 * for an entry in the base currency (or without an account), amount x n / d rounded half-even for
 * one with a rate, NULL for one without. Half-even in integers: r = floor((2|a|n + d) / 2d) is
 * the half-up rounding; on an exact tie ((2|a|n + d) divisible by 2d) an odd r steps back by one.
 */
export function converted(c: Conversion, amount: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!c.active) return amount;
  const v = sql`(abs((${amount})::numeric) * cr.n2 + cr.d)`;
  const r = sql`div(${v}, cr.d2)`;
  return sql`(CASE
    WHEN ca.currency IS NULL OR ca.currency = ${c.base} THEN (${amount})::numeric
    WHEN cr.d IS NULL THEN NULL
    ELSE sign((${amount})::numeric) * (${r} - CASE WHEN mod(${v}, cr.d2) = 0 AND mod(${r}, 2) = 1
      THEN 1 ELSE 0 END)
  END)`;
}

/** The entry's currency when it has no rate for its day (it is "not converted"), else NULL. */
export function pendingCurrency(c: Conversion): RawBuilder<string | null> {
  if (!c.active) return sql<null>`NULL::text`;
  return sql<string | null>`(CASE WHEN ca.currency <> ${c.base} AND cr.d IS NULL
    THEN ca.currency END)`;
}

/** A row of a chart's "not converted" part: one currency's entries without a rate. */
export interface PendingRow {
  kind: string;
  currency: string;
  /** Minor units of `currency`, as text. */
  amount: string;
  entries: number;
  first_day: string;
  last_day: string;
  days: number;
}

/**
 * The "not converted" part of a chart: of the entries `where` picks (over `transactions t`), those
 * in another currency on a day without a rate, per `kind` and currency. It reads only the days
 * some currency lacks a rate on (through the date index); none when every day has its rates.
 */
export function pendingPart(
  c: Conversion,
  where: RawBuilder<unknown>,
  kind: RawBuilder<unknown> = sql`''`,
): RawBuilder<unknown> | null {
  if (!c.active || c.missing.length === 0) return null;
  const days = [...new Set(c.missing.map((m) => m.day))];
  return sql`
    SELECT ${kind} AS kind, ca.currency, sum(t.amount_cents)::text AS amount,
      count(*)::int AS entries,
      to_char(min(t.occurred_on), 'YYYY-MM-DD') AS first_day,
      to_char(max(t.occurred_on), 'YYYY-MM-DD') AS last_day,
      count(DISTINCT t.occurred_on)::int AS days
    FROM transactions t
    JOIN accounts ca ON ca.book_id = t.book_id AND ca.id = t.account_id
    JOIN unnest(${sql.val(c.missing.map((m) => m.currency))}::text[],
                ${sql.val(c.missing.map((m) => m.day))}::date[]) AS m(currency, day)
      ON m.currency = ca.currency AND m.day = t.occurred_on
    WHERE ${where} AND t.occurred_on = ANY(${sql.val(days)}::date[])
    GROUP BY 1, ca.currency
    ORDER BY 1, ca.currency`;
}
