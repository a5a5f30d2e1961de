import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';

// The provider's reads and writes (docs/rates.md#an-online-provider): the books that want its
// rates, and its rates written into one book. Part of the rates feature, whose table this is
// (rate-repository.ts keeps the other sources').

/** A book that holds money in a currency other than its base, and the currencies it uses. */
export interface BookWanting {
  id: string;
  /** Its base currency and every currency of its live accounts (the base may come twice). */
  currencies: string[];
}

/**
 * A page of the books that want rates (a live account in another currency than the book's
 * base), by id after `after`: one statement over the accounts, `limit` books at most.
 */
export async function booksWantingRates(
  db: DbOrTx,
  after: string | null,
  limit: number,
): Promise<BookWanting[]> {
  const { rows } = await sql<{ id: string; currencies: string[] }>`
    SELECT b.id, array_agg(DISTINCT a.currency) || b.base_currency AS currencies
    FROM books b
    JOIN accounts a ON a.book_id = b.id AND a.deleted_at IS NULL
    WHERE (${after}::uuid IS NULL OR b.id > ${after}::uuid)
    GROUP BY b.id, b.base_currency
    HAVING bool_or(a.currency <> b.base_currency)
    ORDER BY b.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * A day of the provider's EUR rates into one book, as parallel lists, in one statement: new
 * ones added, the provider's own rate of the same pair and day replaced when its text differs;
 * other sources' rates are never touched. Answers how many were written.
 */
export async function upsertProviderRates(
  db: DbOrTx,
  bookId: string,
  day: string,
  rates: { quotes: string[]; rates: string[] },
): Promise<number> {
  if (rates.quotes.length === 0) return 0;
  const { rows } = await sql<{ written: string | number }>`
    WITH written AS (
      INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
      SELECT ${bookId}::uuid, 'EUR', t.quote, ${day}::date, t.rate, 'provider'
      FROM unnest(${sql.val(rates.quotes)}::text[], ${sql.val(rates.rates)}::numeric[])
        AS t(quote, rate)
      ON CONFLICT (book_id, base_currency, quote_currency, day, precedence)
      DO UPDATE SET rate = excluded.rate
      WHERE exchange_rates.rate::text <> excluded.rate::text
      RETURNING 1
    )
    SELECT count(*) AS written FROM written`.execute(db);
  return Number(rows[0]?.written ?? 0);
}
