import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { ledgerQuery } from '../../src/server/features/ledger/ledger-repository.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/**
 * Every ledger list query reads only the rows it returns, through the index made for it, even
 * for a user whose 20,000 rows are buried under 5,000 newer rows of someone else: the shape that
 * once sent the first page backwards through the whole table (20 ms instead of 0.1 ms).
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

describe.runIf(testBackend === 'postgres')('query plans of the ledger lists on PostgreSQL', () => {
  let database: Database;
  const heavy = '00000000-0000-4000-8000-000000000001';
  const newer = '00000000-0000-4000-8000-000000000002';
  let heavyAccount = '';
  let deepSeq = '';

  async function planOf(query: Compilable<unknown>): Promise<PlanNode[]> {
    const compiled = query.compile();
    // Custom plans, as the app's connections use (plan_cache_mode=force_custom_plan).
    const result = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) throw new Error('no plan');
    return nodesOf(plan);
  }

  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 2 });
    await migrateToLatest(database);
    await database.db
      .insertInto('users')
      .values([
        { id: heavy, email: 'heavy@example.com' },
        { id: newer, email: 'newer@example.com' },
      ])
      .execute();
    const accounts = await database.db
      .insertInto('accounts')
      .values([
        { user_id: heavy, title: 'Heavy', description: '', icon: 'wallet', color: '#10b981' },
        { user_id: newer, title: 'Newer', description: '', icon: 'wallet', color: '#10b981' },
      ])
      .returning(['id', 'user_id'])
      .execute();
    heavyAccount = accounts.find((a) => a.user_id === heavy)?.id ?? '';
    const newerAccount = accounts.find((a) => a.user_id === newer)?.id ?? '';
    await database.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO transactions (user_id, account_id, transaction_type, amount_cents)
         SELECT $1, $2, 'deposit', 100 FROM generate_series(1, 20000)`,
        [heavy, heavyAccount],
      ),
    );
    await database.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO transactions (user_id, account_id, transaction_type, amount_cents)
         SELECT $1, $2, 'deposit', 100 FROM generate_series(1, 5000)`,
        [newer, newerAccount],
      ),
    );
    await database.db.executeQuery(CompiledQuery.raw('ANALYZE transactions'));
    const deep = await ledgerQuery(database.db, { userId: heavy })
      .offset(15000)
      .limit(1)
      .executeTakeFirstOrThrow();
    deepSeq = String(deep.seq);
  });
  afterAll(() => database?.close());

  it.each([
    ['first page', () => ({ userId: heavy, limit: 51 })],
    ['deep page', () => ({ userId: heavy, beforeSeq: BigInt(deepSeq), limit: 51 })],
    ['one type, none of that type', () => ({ userId: heavy, type: 'expense' as const, limit: 51 })],
    ['one account', () => ({ userId: heavy, accountId: heavyAccount, limit: 51 })],
    [
      'expenses of an account',
      () => ({ userId: heavy, accountId: heavyAccount, type: 'expense' as const }),
    ],
  ])('%s reads only the rows it returns, by index', async (_name, query) => {
    const nodes = await planOf(ledgerQuery(database.db, query()));
    const scans = nodes.filter((node) => node['Relation Name'] === 'transactions');
    expect(scans.map((node) => node['Node Type'])).toEqual(['Index Scan']);
    expect(scans[0]?.['Index Name']).toMatch(/^transactions_(user|account)_/);
    expect(scans[0]?.['Rows Removed by Filter'] ?? 0).toBe(0);
    expect(scans[0]?.['Actual Rows']).toBeLessThanOrEqual(51);
  });
});
