import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import {
  crossQuery,
  listRatesQuery,
  nearestEarlierQuery,
  upsertEcbRates,
  upsertManualRate,
} from '../../src/server/features/rates/rate-repository.js';
import { insertUser } from '../../src/server/features/users/user-repository.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';
import { ecbHistory } from '../helpers/ecb-files.js';

/**
 * The rate lookup is one indexed query per route (docs/rates.md#lookup): the direct or inverse
 * pair reads the one row it returns from exchange_rates_lookup_idx, the EUR cross reads its first
 * leg's rows newest first and probes the same index for the other leg, never the table; the list
 * reads its page by index. A book of 2,000 ECB days x 30 currencies, beside another book's.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

describe.runIf(testBackend === 'postgres')('query plans of the rate lookup on PostgreSQL', () => {
  let database: Database;
  let book = '';
  let history = ecbHistory({ days: 1 });

  async function planOf(compiled: CompiledQuery): Promise<PlanNode[]> {
    const result = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) throw new Error('no plan');
    return nodesOf(plan);
  }

  const rateScans = (nodes: PlanNode[]) =>
    nodes.filter((node) => node['Relation Name'] === 'exchange_rates');

  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 2 });
    await migrateToLatest(database);
    book = (await insertUser(database.db, { email: 'rates@example.com' })).bookId;
    const neighbour = (await insertUser(database.db, { email: 'neighbour@example.com' })).bookId;
    history = ecbHistory({ days: 2_000, currencies: 30 });
    const parsed = { currencies: [] as string[], days: [] as string[], rates: [] as string[] };
    // The generator's CSV read back into columns: day, then one rate per currency (N/A left out).
    for (const line of history.csv.trim().split('\n').slice(1)) {
      const [day = '', ...cells] = line.split(',');
      cells.slice(0, history.currencies.length).forEach((cell, i) => {
        if (cell === 'N/A') return;
        parsed.currencies.push(history.currencies[i] ?? '');
        parsed.days.push(day);
        parsed.rates.push(cell);
      });
    }
    for (const target of [book, neighbour]) {
      await database.db.transaction().execute(async (trx) => {
        await upsertEcbRates(trx, target, parsed);
      });
    }
    await upsertManualRate(database.db, book, {
      base: 'EUR',
      quote: 'USD',
      day: history.days[10] ?? '',
      rate: '1.09',
    });
    await database.db.executeQuery(CompiledQuery.raw('VACUUM ANALYZE exchange_rates'));
  }, 120_000);
  afterAll(() => database?.close());

  it('a pair on a day reads the one row it returns, by the lookup index', async () => {
    const day = history.days[10] ?? '';
    for (const [base, quote] of [
      ['EUR', 'USD'],
      ['USD', 'EUR'],
      ['EUR', 'JPY'],
    ]) {
      const nodes = await planOf(
        nearestEarlierQuery(
          database.db,
          book,
          base ?? '',
          quote ?? '',
          day,
          '2000-01-01',
        ).compile(),
      );
      const scans = rateScans(nodes);
      expect(scans.map((node) => node['Node Type'])).toEqual(['Index Scan']);
      expect(scans[0]?.['Index Name']).toBe('exchange_rates_lookup_idx');
      expect(scans[0]?.['Rows Removed by Filter'] ?? 0).toBe(0);
      expect(scans[0]?.['Actual Rows']).toBeLessThanOrEqual(1);
    }
  });

  it('the EUR cross walks one leg by index and probes the other by index, no sort of the table', async () => {
    const day = history.days[500] ?? '';
    const nodes = await planOf(
      crossQuery(book, 'EUR', 'USD', 'JPY', day, '2000-01-01').compile(database.db),
    );
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const scans = rateScans(nodes);
    expect(scans.length).toBe(2);
    for (const scan of scans) {
      expect(scan['Node Type']).toBe('Index Scan');
      expect(scan['Index Name']).toBe('exchange_rates_lookup_idx');
      // Rows read per loop: the first leg stops at the first day with both, the probe reads one.
      expect(scan['Actual Rows']).toBeLessThanOrEqual(2);
    }
  });

  it.each([
    ['the first page', {}],
    ['a pair', { base: 'EUR', quote: 'GBP' }],
    ['a deep page', { after: { day: '2020-01-01', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' } }],
  ])('the list reads %s by index', async (_name, filter) => {
    const nodes = await planOf(listRatesQuery(database.db, book, filter, 51).compile());
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const scans = rateScans(nodes);
    for (const scan of scans) {
      expect(scan['Index Name']).toMatch(/^exchange_rates_(list|lookup)_idx$/);
    }
  });
});
