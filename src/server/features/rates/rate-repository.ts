import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { RateSource } from '../../db/schema.js';

// The exchange_rates table (docs/rates.md); one owner, like every table
// (docs/architecture.md#data-access). A rate is read back as text (`rate::text`): numeric
// without a declared scale keeps the digits it was written with, and no driver turns it into a
// float on the way.

export interface RateRow {
  id: string;
  base_currency: string;
  quote_currency: string;
  day: string;
  rate: string;
  source: RateSource;
  created_at: Date;
}

const rateColumns = [
  'id',
  'base_currency',
  'quote_currency',
  'day',
  sql<string>`rate::text`.as('rate'),
  'source',
  'created_at',
] as const;

export interface RateFilter {
  base?: string | undefined;
  quote?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The last row of the previous page: the page starts strictly after it. */
  after?: { day: string; id: string } | undefined;
}

/** A page of the book's rates, newest day first (then id), `limit` rows at most. */
export function listRates(
  db: DbOrTx,
  bookId: string,
  filter: RateFilter,
  limit: number,
): Promise<RateRow[]> {
  return listRatesQuery(db, bookId, filter, limit).execute();
}

/** The query of listRates, for its plan (tests/integration/rate-query-plans.test.ts). */
export function listRatesQuery(db: DbOrTx, bookId: string, filter: RateFilter, limit: number) {
  let query = db.selectFrom('exchange_rates').select(rateColumns).where('book_id', '=', bookId);
  if (filter.base) query = query.where('base_currency', '=', filter.base);
  if (filter.quote) query = query.where('quote_currency', '=', filter.quote);
  if (filter.from) query = query.where('day', '>=', filter.from);
  if (filter.to) query = query.where('day', '<=', filter.to);
  const after = filter.after;
  if (after) {
    query = query.where(sql<boolean>`(day, id) < (${after.day}::date, ${after.id}::uuid)`);
  }
  return query.orderBy('day', 'desc').orderBy('id', 'desc').limit(limit);
}

export interface RateValues {
  base: string;
  quote: string;
  day: string;
  rate: string;
}

/**
 * A rate entered by hand; one of the same pair and day by hand is replaced (its value), so the
 * book keeps one manual rate a day. `inserted` says which it was.
 */
export async function upsertManualRate(
  db: DbOrTx,
  bookId: string,
  values: RateValues,
): Promise<RateRow & { inserted: boolean }> {
  return (
    db
      .insertInto('exchange_rates')
      .values({
        book_id: bookId,
        base_currency: values.base,
        quote_currency: values.quote,
        day: values.day,
        rate: values.rate,
        source: 'manual',
      })
      // The unique lookup index names the source by its precedence (one to one with it).
      .onConflict((oc) =>
        oc
          .columns(['book_id', 'base_currency', 'quote_currency', 'day', 'precedence'])
          .doUpdateSet({ rate: sql<string>`excluded.rate` }),
      )
      .returning([...rateColumns, sql<boolean>`xmax = 0`.as('inserted')])
      .executeTakeFirstOrThrow()
  );
}

/** One rate of the book, locked until the transaction ends. */
export function findRate(db: DbOrTx, bookId: string, id: string): Promise<RateRow | undefined> {
  return db
    .selectFrom('exchange_rates')
    .select(rateColumns)
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteRate(db: DbOrTx, bookId: string, id: string): Promise<void> {
  await db
    .deleteFrom('exchange_rates')
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .execute();
}

export interface WrittenRates {
  added: number;
  replaced: number;
}

/**
 * ECB rates (base EUR) as parallel columns, in one statement: new ones added, the same day's
 * and pair's ECB rate replaced when its text differs, identical ones left alone (not counted).
 * Other sources' rates of the same day are never touched.
 */
export async function upsertEcbRates(
  db: DbOrTx,
  bookId: string,
  rates: { currencies: string[]; days: string[]; rates: string[] },
): Promise<WrittenRates> {
  const { rows } = await sql<{ added: string | number; replaced: string | number }>`
    WITH written AS (
      INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
      SELECT ${bookId}::uuid, 'EUR', t.quote, t.day, t.rate, 'ecb'
      FROM unnest(${sql.val(rates.currencies)}::text[], ${sql.val(rates.days)}::date[],
                  ${sql.val(rates.rates)}::numeric[]) AS t(quote, day, rate)
      ON CONFLICT (book_id, base_currency, quote_currency, day, precedence)
      DO UPDATE SET rate = excluded.rate
      WHERE exchange_rates.rate::text <> excluded.rate::text
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted) AS added,
           count(*) FILTER (WHERE NOT inserted) AS replaced
    FROM written`.execute(db);
  const row = rows[0];
  return { added: Number(row?.added ?? 0), replaced: Number(row?.replaced ?? 0) };
}

export interface FoundRow {
  id: string;
  day: string;
  rate: string;
  source: RateSource;
}

/**
 * The rate of one pair on `day` or the nearest earlier day not before `earliest`, the winning
 * source of that day (precedence): one range of exchange_rates_lookup_idx, first row.
 */
export function nearestEarlierRow(
  db: DbOrTx,
  bookId: string,
  base: string,
  quote: string,
  day: string,
  earliest: string,
): Promise<FoundRow | undefined> {
  return nearestEarlierQuery(db, bookId, base, quote, day, earliest).executeTakeFirst();
}

/** The query of nearestEarlierRow, for its plan (tests/integration/rate-query-plans.test.ts). */
export function nearestEarlierQuery(
  db: DbOrTx,
  bookId: string,
  base: string,
  quote: string,
  day: string,
  earliest: string,
) {
  return db
    .selectFrom('exchange_rates')
    .select(['id', 'day', sql<string>`rate::text`.as('rate'), 'source'])
    .where('book_id', '=', bookId)
    .where('base_currency', '=', base)
    .where('quote_currency', '=', quote)
    .where('day', '<=', day)
    .where('day', '>=', earliest)
    .orderBy('day', 'desc')
    .orderBy('precedence')
    .limit(1);
}

export interface CrossRow {
  day: string;
  from_id: string;
  from_rate: string;
  from_source: RateSource;
  to_id: string;
  to_rate: string;
  to_source: RateSource;
}

/**
 * The nearest day on or before `day` (not before `earliest`) on which the book has both
 * `hub`->`from` and `hub`->`to`, each leg the winning source of that day: the first leg's range
 * of the lookup index, newest day first, and for each of its rows one probe of the same index
 * for the other leg on that day.
 */
export async function nearestEarlierCrossRow(
  db: DbOrTx,
  bookId: string,
  hub: string,
  from: string,
  to: string,
  day: string,
  earliest: string,
): Promise<CrossRow | undefined> {
  const { rows } = await crossQuery(bookId, hub, from, to, day, earliest).execute(db);
  return rows[0];
}

/** The query of nearestEarlierCrossRow, for its plan. */
export function crossQuery(
  bookId: string,
  hub: string,
  from: string,
  to: string,
  day: string,
  earliest: string,
) {
  return sql<CrossRow>`
    SELECT f.day, f.id AS from_id, f.rate::text AS from_rate, f.source AS from_source,
           t.id AS to_id, t.rate AS to_rate, t.source AS to_source
    FROM exchange_rates f
    CROSS JOIN LATERAL (
      SELECT o.id, o.rate::text AS rate, o.source
      FROM exchange_rates o
      WHERE o.book_id = f.book_id AND o.base_currency = ${hub} AND o.quote_currency = ${to}
        AND o.day = f.day
      ORDER BY o.precedence
      LIMIT 1
    ) t
    WHERE f.book_id = ${bookId}::uuid AND f.base_currency = ${hub} AND f.quote_currency = ${from}
      AND f.day <= ${day}::date AND f.day >= ${earliest}::date
    ORDER BY f.day DESC, f.precedence
    LIMIT 1`;
}

/**
 * The book's rate of source 'transfer' for a pair and day: written (inserted, or its value
 * replaced) or, with `rate` null, removed. The ledger keeps it equal to the rate the day's
 * latest transfer of the pair implies (docs/rates.md#transfer-rates); other sources untouched.
 */
export async function setTransferRate(
  db: DbOrTx,
  bookId: string,
  pair: { base: string; quote: string; day: string },
  rate: string | null,
): Promise<void> {
  if (rate === null) {
    await db
      .deleteFrom('exchange_rates')
      .where('book_id', '=', bookId)
      .where('base_currency', '=', pair.base)
      .where('quote_currency', '=', pair.quote)
      .where('day', '=', pair.day)
      .where('source', '=', 'transfer')
      .execute();
    return;
  }
  await db
    .insertInto('exchange_rates')
    .values({
      book_id: bookId,
      base_currency: pair.base,
      quote_currency: pair.quote,
      day: pair.day,
      rate,
      source: 'transfer',
    })
    .onConflict((oc) =>
      oc
        .columns(['book_id', 'base_currency', 'quote_currency', 'day', 'precedence'])
        .doUpdateSet({ rate: sql<string>`excluded.rate` })
        .where(sql<boolean>`exchange_rates.rate::text <> excluded.rate::text`),
    )
    .execute();
}
