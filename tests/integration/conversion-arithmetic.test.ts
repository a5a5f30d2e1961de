import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import {
  converted,
  rateColumns,
  type Conversion,
} from '../../src/server/features/analytics/conversion-repository.js';
import { roundHalfEven } from '../../src/shared/exchange-rate.js';
import { openTestDatabase } from '../helpers/test-database.js';

/**
 * The SQL that converts every entry of a chart (docs/analytics.md#performance) takes bigint
 * arithmetic while 2|a|n + d fits a bigint and numeric past it. Both must be the JS reference
 * (roundHalfEven of a x n / d) for every amount and rate, ties included, on each engine: here the
 * same (amount, rate) goes through the bigint path and, with the bigint path switched off, the
 * numeric one.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const c: Conversion = { base: 'USD', active: true, recorded: false, rates: [], missing: [] };

/** The statement's conversion of `amounts` at numerator / denominator, one path forced or not. */
async function convertInSql(
  amounts: bigint[],
  rate: { numerator: bigint; denominator: bigint },
  path: 'chosen' | 'numeric',
): Promise<bigint[]> {
  const r = rateColumns(rate);
  const lim = path === 'numeric' ? '-1' : r.lim;
  const { rows } = await sql<{ minor: string | null }>`
    SELECT (${converted(c, sql`x.a`)})::text AS minor
    FROM unnest(${sql.val(amounts.map(String))}::int8[]) WITH ORDINALITY AS x(a, i)
    CROSS JOIN (SELECT 'JPY'::text AS currency) ca
    CROSS JOIN (SELECT ${r.n2}::numeric AS n2, ${r.d}::numeric AS d, ${r.d2}::numeric AS d2,
      ${r.n2i}::int8 AS n2i, ${r.di}::int8 AS di, ${r.d2i}::int8 AS d2i, ${lim}::int8 AS lim) cr
    ORDER BY x.i`.execute(database.db);
  return rows.map((row) => BigInt(row.minor ?? 'NaN'));
}

const reference = (amounts: bigint[], rate: { numerator: bigint; denominator: bigint }) =>
  amounts.map((a) => roundHalfEven(a * rate.numerator, rate.denominator));

const amount = fc.bigInt({ min: -999_999_999_999_999n, max: 999_999_999_999_999n });
const small = fc.bigInt({ min: -10_000n, max: 10_000n });
const rate = fc.record({
  numerator: fc.oneof(
    fc.bigInt({ min: 1n, max: 10_000n }),
    fc.bigInt({ min: 1n, max: 10n ** 17n }),
  ),
  denominator: fc.oneof(
    fc.bigInt({ min: 1n, max: 10_000n }),
    fc.bigInt({ min: 1n, max: 10n ** 17n }),
  ),
});

describe('converting in SQL, bigint and numeric alike', () => {
  it('rounds ties to even, either way, and both ways agree with the reference', async () => {
    // n / d = 1/2: every odd amount is a tie (0.5 -> 0, 1.5 -> 2, -2.5 -> -2).
    const half = { numerator: 1n, denominator: 2n };
    const amounts = [1n, 3n, 5n, -1n, -3n, -5n, 0n, 2n, 7n];
    expect(await convertInSql(amounts, half, 'chosen')).toEqual([
      0n,
      2n,
      2n,
      0n,
      -2n,
      -2n,
      0n,
      1n,
      4n,
    ]);
    expect(await convertInSql(amounts, half, 'numeric')).toEqual(reference(amounts, half));
  });

  it('takes the numeric path where 2|a|n + d passes a bigint, with the same result', async () => {
    const big = { numerator: 10n ** 17n + 3n, denominator: 7n };
    const amounts = [999_999_999_999_999n, -123_456_789n, 1n];
    expect(BigInt(rateColumns(big).lim)).toBeLessThan(999_999_999_999_999n);
    expect(await convertInSql(amounts, big, 'chosen')).toEqual(reference(amounts, big));
  });

  it('random amounts and rates: the chosen path and the numeric one are the reference', async () => {
    await fc.assert(
      fc.asyncProperty(
        rate,
        fc.array(fc.oneof(amount, small), { minLength: 1, maxLength: 20 }),
        async (r, amounts) => {
          const expected = reference(amounts, r);
          expect(await convertInSql(amounts, r, 'chosen')).toEqual(expected);
          expect(await convertInSql(amounts, r, 'numeric')).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
