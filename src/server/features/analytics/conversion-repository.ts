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

/**
 * The distinct days of the book's live entries in live or deleted accounts of other currencies
 * than `base`, within `from` and `to` when given, oldest first: the days a long span's day rates
 * are worked out for (day-rates.ts#dayRatesOver).
 */
export async function foreignEntryDays(
  db: DbOrTx,
  bookId: string,
  base: string,
  from: string | undefined,
  to: string | undefined,
): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    SELECT DISTINCT to_char(t.occurred_on, 'YYYY-MM-DD') AS day
    FROM accounts a
    JOIN transactions t ON t.book_id = a.book_id AND t.account_id = a.id
    WHERE a.book_id = ${bookId}::uuid AND a.currency <> ${base} AND t.deleted_at IS NULL
      ${from === undefined ? sql`` : sql`AND t.occurred_on >= ${from}::date`}
      ${to === undefined ? sql`` : sql`AND t.occurred_on <= ${to}::date`}
    ORDER BY day`.execute(db);
  return rows.map((row) => row.day);
}

export interface Conversion {
  base: string;
  /**
   * False for a book whose accounts are all in its base currency: nothing is converted and the
   * statements are the ones from before currencies, figure for figure.
   */
  active: boolean;
  /**
   * True when every entry the statement reads has its conversion recorded and no rate change is
   * waiting to be marked (conversion-record-repository.ts): the statement sums `base_amount`
   * instead of converting on read, and `rates` and `missing` are empty.
   */
  recorded: boolean;
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

/** The largest value a PostgreSQL bigint holds. */
const INT8_MAX = 9_223_372_036_854_775_807n;

/**
 * A day rate's integers as the statement reads them: numeric always, and bigint copies with
 * `lim`, the largest |amount| whose 2|a|n + d still fits a bigint, so most entries are converted
 * in bigint arithmetic (about twice as fast as numeric over 100,000 entries, and exact all the
 * same); -1 when the rate's own integers are too large for bigint (numeric alone then).
 */
export function rateColumns(rate: { numerator: bigint; denominator: bigint }) {
  const n2 = rate.numerator * 2n;
  const d = rate.denominator;
  const d2 = d * 2n;
  const fits = n2 > 0n && d2 <= INT8_MAX && n2 <= INT8_MAX;
  return {
    n2: n2.toString(),
    d: d.toString(),
    d2: d2.toString(),
    n2i: fits ? n2.toString() : '0',
    di: fits ? d.toString() : '0',
    d2i: fits ? d2.toString() : '1',
    lim: fits ? ((INT8_MAX - d) / n2).toString() : '-1',
  };
}

/**
 * The joins a converted amount needs: the entry's account as `ca` (its currency) and its day's
 * rate as `cr`. A statement that has joined the entry's account as `ca` itself (with a
 * `currency`) passes `accountJoined`, which saves a join per entry.
 */
export function conversionJoins(
  c: Conversion,
  entry = sql.ref('t'),
  accountJoined = false,
): RawBuilder<unknown> {
  if (!c.active || c.recorded) return sql``;
  const columns = c.rates.map(rateColumns);
  const column = (name: keyof ReturnType<typeof rateColumns>) => columns.map((r) => r[name]);
  const account = accountJoined
    ? sql``
    : sql`LEFT JOIN accounts ca ON ca.book_id = ${entry}.book_id AND ca.id = ${entry}.account_id`;
  return sql`
    ${account}
    LEFT JOIN unnest(
      ${sql.val(c.rates.map((r) => r.currency))}::text[],
      ${sql.val(c.rates.map((r) => r.day))}::date[],
      ${sql.val(column('n2'))}::numeric[],
      ${sql.val(column('d'))}::numeric[],
      ${sql.val(column('d2'))}::numeric[],
      ${sql.val(column('n2i'))}::int8[],
      ${sql.val(column('di'))}::int8[],
      ${sql.val(column('d2i'))}::int8[],
      ${sql.val(column('lim'))}::int8[]
    ) AS cr(currency, day, n2, d, d2, n2i, di, d2i, lim)
      ON cr.currency = ca.currency AND cr.day = ${entry}.occurred_on`;
}

/**
 * `amount` (minor units of the entry's currency) in minor units of the base currency: as it is
 * for an entry in the base currency (or without an account), amount x n / d rounded half-even for
 * one with a rate, NULL for one without. Half-even in integers: r = floor((2|a|n + d) / 2d) is
 * the half-up rounding; on an exact tie ((2|a|n + d) divisible by 2d) an odd r steps back by one.
 * In bigint while 2|a|n + d fits one (`lim`), else in numeric: the same integers either way.
 */
export function converted(
  c: Conversion,
  amount: RawBuilder<unknown>,
  recordedAmount: RawBuilder<unknown> = sql`t.base_amount`,
): RawBuilder<unknown> {
  if (!c.active) return amount;
  if (c.recorded) return recordedAmount;
  // The magnitude is rounded and the sign put back (no sign(): on a bigint it answers a float).
  const halfEven = (a: RawBuilder<unknown>, type: 'int8' | 'numeric') => {
    const [n2, d, d2] =
      type === 'int8' ? ['cr.n2i', 'cr.di', 'cr.d2i'] : ['cr.n2', 'cr.d', 'cr.d2'];
    const v = sql`(abs(${a}) * ${sql.ref(n2)} + ${sql.ref(d)})`;
    // Integer division: `/` truncates a bigint (v >= 0: the floor); div() does it for numeric.
    const r = type === 'int8' ? sql`(${v} / ${sql.ref(d2)})` : sql`div(${v}, ${sql.ref(d2)})`;
    const magnitude = sql`(${r} - CASE WHEN ${v} % ${sql.ref(d2)} = 0 AND ${r} % 2 = 1
      THEN 1 ELSE 0 END)`;
    return sql`(CASE WHEN ${a} < 0 THEN -${magnitude} ELSE ${magnitude} END)::numeric`;
  };
  const a = sql`(${amount})`;
  return sql`(CASE
    WHEN ca.currency IS NULL OR ca.currency = ${c.base} THEN ${a}::numeric
    WHEN cr.d IS NULL THEN NULL
    WHEN abs(${a}::int8) <= cr.lim THEN ${halfEven(sql`${a}::int8`, 'int8')}
    ELSE ${halfEven(sql`${a}::numeric`, 'numeric')}
  END)`;
}

/** The entry's currency when it has no rate for its day (it is "not converted"), else NULL. */
export function pendingCurrency(c: Conversion): RawBuilder<string | null> {
  if (!c.active) return sql<null>`NULL::text`;
  // Recorded: base_amount is NULL only for an entry in another currency without a rate.
  if (c.recorded) return sql<string | null>`(CASE WHEN t.base_amount IS NULL THEN ca.currency END)`;
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
  if (!c.active) return null;
  const part = (join: RawBuilder<unknown>, only: RawBuilder<unknown>) => sql`
    SELECT ${kind} AS kind, ca.currency, sum(t.amount_cents)::text AS amount,
      count(*)::int AS entries,
      to_char(min(t.occurred_on), 'YYYY-MM-DD') AS first_day,
      to_char(max(t.occurred_on), 'YYYY-MM-DD') AS last_day,
      count(DISTINCT t.occurred_on)::int AS days
    FROM transactions t
    JOIN accounts ca ON ca.book_id = t.book_id AND ca.id = t.account_id
    ${join}
    WHERE ${where} AND ${only}
    GROUP BY 1, ca.currency
    ORDER BY 1, ca.currency`;
  // Recorded: through the index of entries whose base_amount is NULL, only those without a rate.
  if (c.recorded) return part(sql``, sql`t.base_amount IS NULL`);
  if (c.missing.length === 0) return null;
  const days = [...new Set(c.missing.map((m) => m.day))];
  return part(
    sql`JOIN unnest(${sql.val(c.missing.map((m) => m.currency))}::text[],
                ${sql.val(c.missing.map((m) => m.day))}::date[]) AS m(currency, day)
      ON m.currency = ca.currency AND m.day = t.occurred_on`,
    sql`t.occurred_on = ANY(${sql.val(days)}::date[])`,
  );
}
