import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';

// The rates the day rates of a chart are worked out from (day-rates.ts): read-only, over the
// exchange_rates table's lookup index (docs/rates.md#lookup).

/** The winning rate of one pair on one day. */
export interface PairRow {
  base: string;
  quote: string;
  day: string;
  rate: string;
}

/** The winning rate of each day of each pair asked for: one read of the lookup index per pair. */
export async function readPairs(
  db: DbOrTx,
  bookId: string,
  pairs: { base: string; quote: string }[],
  earliest: string,
  to: string,
): Promise<PairRow[]> {
  const { rows } = await sql<PairRow>`
    SELECT p.base, p.quote, r.day, r.rate
    FROM unnest(${sql.val(pairs.map((p) => p.base))}::text[],
                ${sql.val(pairs.map((p) => p.quote))}::text[]) AS p(base, quote)
    CROSS JOIN LATERAL (
      SELECT DISTINCT ON (e.day) to_char(e.day, 'YYYY-MM-DD') AS day, e.rate::text AS rate
      FROM exchange_rates e
      WHERE e.book_id = ${bookId}::uuid AND e.base_currency = p.base
        AND e.quote_currency = p.quote
        AND e.day >= ${earliest}::date AND e.day <= ${to}::date
      ORDER BY e.day, e.precedence, e.created_at DESC, e.id DESC
    ) r`.execute(db);
  return rows;
}
