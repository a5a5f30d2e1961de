import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import {
  accountPageQuery,
  searchEntriesQuery,
  summaryQuery,
  type EntrySearch,
} from '../../src/server/features/ledger/search/search-repository.js';
import { insertUser } from '../../src/server/features/users/user-repository.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/**
 * Every ledger list query reads only the rows it returns, through the index made for it, even
 * for a book whose 20,000 rows are buried under 5,000 newer rows of another book: the shape that
 * once sent the first page backwards through the whole table (20 ms instead of 0.1 ms). A search
 * for a word reads the rows holding it through the trigram index, never the whole book.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

const HEAVY_ROWS = 20000;
/** Rows of the heavy book with the rare payee a search looks for (1 in 1,000). */
const RARE_ROWS = HEAVY_ROWS / 1000;

describe.runIf(testBackend === 'postgres')('query plans of the ledger lists on PostgreSQL', () => {
  let database: Database;
  let heavy = '';
  let newer = '';
  let heavyAccount = '';
  let category = '';
  let deep = { key: '', seq: '' };
  let deepAmount = { key: '', seq: '' };

  async function planOf(query: Compilable<unknown>): Promise<PlanNode[]> {
    const compiled = query.compile();
    // Planned for these values, as the app plans every statement that is not a query template
    // (docs/decisions/017-templates-planned-once-the-rest-per-call.md).
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
    heavy = (await insertUser(database.db, { email: 'heavy@example.com' })).bookId;
    newer = (await insertUser(database.db, { email: 'newer@example.com' })).bookId;
    const accounts = await database.db
      .insertInto('accounts')
      .values([
        { book_id: heavy, title: 'Heavy', description: '', icon: 'wallet', color: '#10b981' },
        { book_id: newer, title: 'Newer', description: '', icon: 'wallet', color: '#10b981' },
      ])
      .returning(['id', 'book_id'])
      .execute();
    heavyAccount = accounts.find((a) => a.book_id === heavy)?.id ?? '';
    const newerAccount = accounts.find((a) => a.book_id === newer)?.id ?? '';
    // Dates over three years, amounts spread, one of the book's 24 categories each, one of 20
    // payees (one in 20 rows is Café Müller, one in 1,000 Smørrebrød Hjørnet) and some tags.
    for (const [book, account, rows] of [
      [heavy, heavyAccount, HEAVY_ROWS],
      [newer, newerAccount, 5000],
    ] as const) {
      await database.db.executeQuery(
        CompiledQuery.raw(
          `WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE book_id = $1)
           INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents,
             occurred_on, category_id, payee, tags, description)
           SELECT $1, $2, 'deposit', 100 + (i::bigint * 104729) % 25000,
             DATE '2025-01-01' - (i % 1100), cats.ids[1 + (i * 31) % cardinality(cats.ids)],
             CASE WHEN i % 1000 = 0 THEN 'Smørrebrød Hjørnet' ELSE
             (ARRAY['Café Müller', 'Boulangerie', 'Shell', 'Amazon', 'Uber', 'Netflix', 'Zara',
               'Pharmacie', 'Cinéma', 'Bahn', 'Orange', 'IKEA', 'Fnac', 'Lidl', 'Crêperie',
               'Total', 'Spotify', 'Ålborg', 'Apple', 'Leroy'])[1 + i % 20] END,
             CASE WHEN i % 3 = 0 THEN ARRAY['tag' || (i % 32)] ELSE '{}' END,
             'Seeded entry'
           FROM generate_series(1, ${rows}) AS i, cats`,
          [book, account],
        ),
      );
    }
    // As autovacuum would: statistics, and the GIN indexes' pending lists merged.
    await database.db.executeQuery(CompiledQuery.raw('VACUUM ANALYZE transactions'));
    const at = (offset: number, sort: EntrySearch['sort']) =>
      searchEntriesQuery(database.db, { bookId: heavy, sort })
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow();
    const deepRow = await at(15000, 'date_desc');
    deep = { key: deepRow.occurred_on, seq: String(deepRow.seq) };
    const deepAmountRow = await at(15000, 'amount_asc');
    deepAmount = { key: String(deepAmountRow.amount_cents), seq: String(deepAmountRow.seq) };
    const row = await database.db
      .selectFrom('categories')
      .select('id')
      .where('book_id', '=', heavy)
      .where('name', '=', 'Groceries')
      .executeTakeFirstOrThrow();
    category = row.id;
  });
  afterAll(() => database?.close());

  const page = (s: Omit<EntrySearch, 'bookId' | 'sort'> & { sort?: EntrySearch['sort'] }) =>
    ({ bookId: heavy, sort: 'date_desc', limit: 51, ...s }) as EntrySearch;

  it.each([
    ['first page', () => page({})],
    ['deep page', () => page({ after: deep })],
    ['oldest first', () => page({ sort: 'date_asc' })],
    ['largest amounts first', () => page({ sort: 'amount_desc' })],
    ['deep page by amount', () => page({ sort: 'amount_asc', after: deepAmount })],
    ['one type, none of that type', () => page({ types: ['expense'] })],
    ['one account', () => page({ accountId: heavyAccount })],
    [
      'a category in a date range',
      () =>
        page({
          category: { kind: 'one', id: category, splitEntryIds: [] },
          dateFrom: '2024-01-01',
          dateTo: '2024-12-31',
        }),
    ],
    [
      'expenses of an account',
      () => page({ accountId: heavyAccount, types: ['expense'], limit: undefined }),
    ],
  ])('%s reads only the rows it returns, by index', async (_name, query) => {
    const nodes = await planOf(searchEntriesQuery(database.db, query()));
    const scans = nodes.filter((node) => node['Relation Name'] === 'transactions');
    expect(scans.map((node) => node['Node Type'])).toEqual(['Index Scan']);
    expect(scans[0]?.['Index Name']).toMatch(/^transactions_(book|account)_/);
    expect(scans[0]?.['Rows Removed by Filter'] ?? 0).toBe(0);
    expect(scans[0]?.['Actual Rows']).toBeLessThanOrEqual(51);
  });

  it.each([
    ['first page', () => undefined, 51],
    ['deep page', () => deep, 15000 + 51 + 100],
  ])(
    "one account's %s with the balance after each entry reads its page by index and sums only the entries before it",
    async (_name, after, bound) => {
      const nodes = await planOf(
        accountPageQuery(database.db, {
          bookId: heavy,
          accountId: heavyAccount,
          after: after(),
          limit: 51,
        }),
      );
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
      const scans = nodes.filter((node) => node['Relation Name'] === 'transactions');
      if (after() !== undefined) {
        // The days after the cursor's are summed from the covering index alone.
        expect(scans).toContainEqual(
          expect.objectContaining({
            'Node Type': 'Index Only Scan',
            'Index Name': 'transactions_account_date_totals_idx',
          }),
        );
      }
      // Every read of the table goes through one of the account's or book's indexes (the few rows
      // of the cursor's day may be fetched through a bitmap of the same index).
      for (const scan of scans) {
        expect(scan['Node Type']).toMatch(/^(Index (Only )?Scan|Bitmap Heap Scan)$/);
      }
      const transactionIndexes = nodes.filter(
        (n) => n['Relation Name'] === 'transactions' || n['Node Type'] === 'Bitmap Index Scan',
      );
      for (const node of transactionIndexes.filter((n) => n['Index Name'] !== undefined)) {
        expect(node['Index Name']).toMatch(/^transactions_(book|account)_/);
      }
      // The page (51 rows) and, past the first page, the entries the earlier pages showed.
      const read = scans.reduce(
        (sum, scan) => sum + scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0),
        0,
      );
      expect(read).toBeLessThanOrEqual(bound);
    },
  );

  const searchFor = (word: string) =>
    planOf(
      searchEntriesQuery(
        database.db,
        page({ words: [{ word, categoryIds: [], splitEntryIds: [] }] }),
      ),
    );

  it.each([
    ['accents and case ignored', 'SMORREBROD'],
    ['a substring', 'rrebr'],
  ])('a search for a rare word (%s) reads its rows through the trigram index', async (_n, word) => {
    const nodes = await searchFor(word);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const indexes = nodes.flatMap((node) => node['Index Name'] ?? []);
    expect(indexes).toEqual(['transactions_search_trgm_idx']);
    const heap = nodes.find((node) => node['Node Type'] === 'Bitmap Heap Scan');
    // Only the rows holding the word: this book's, and the other book's filtered out.
    expect(heap?.['Actual Rows']).toBe(RARE_ROWS);
    expect(heap?.['Rows Removed by Index Recheck'] ?? 0).toBeLessThanOrEqual(RARE_ROWS);
    expect(nodes[0]?.['Actual Rows']).toBe(RARE_ROWS);
  });

  it('a search for a common word (1 row in 20) reads a bounded number of rows, newest first', async () => {
    const nodes = await searchFor('muller');
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const scans = nodes.filter((node) => node['Relation Name'] === 'transactions');
    expect(nodes[0]?.['Actual Rows']).toBe(51);
    for (const scan of scans) {
      // Walking the date index, about 20 rows read per row returned; or the trigram index.
      const read = scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0);
      expect(read).toBeLessThanOrEqual(HEAVY_ROWS / 20 + 51 * 21);
    }
  });

  // The summary of a view (GET /api/transactions/summary, decision 028): one statement that
  // reads at most the cap and one more of the rows the filters pick, by whichever index suits.
  const SUMMARY_CAP = 1000;
  it.each([
    ['the whole book, over the cap', {}, SUMMARY_CAP + 1],
    ['one account, over the cap', { accountId: 'heavy' }, SUMMARY_CAP + 1],
    ['a category in a date range', { categoryInYear: true }, HEAVY_ROWS / 24 / 3 + 100],
    ['a rare word', { word: 'smorrebrod' }, RARE_ROWS],
  ] as const)('the summary of %s reads a bounded number of rows', async (_name, shape, bound) => {
    const filters: Omit<EntrySearch, 'sort'> = {
      bookId: heavy,
      ...('accountId' in shape && { accountId: heavyAccount }),
      ...('categoryInYear' in shape && {
        category: { kind: 'one', id: category, splitEntryIds: [] },
        dateFrom: '2024-01-01',
        dateTo: '2024-12-31',
      }),
      ...('word' in shape && { words: [{ word: shape.word, categoryIds: [], splitEntryIds: [] }] }),
    };
    const nodes = await planOf(summaryQuery(database.db, filters, SUMMARY_CAP));
    const scans = nodes.filter(
      (node) =>
        node['Relation Name'] === 'transactions' || node['Node Type'] === 'Bitmap Index Scan',
    );
    // Every row read, kept or filtered out, counts; another book's rows are never walked through.
    for (const scan of scans) {
      const read = scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0);
      expect(read, JSON.stringify(scan)).toBeLessThanOrEqual(Math.ceil(bound * 1.3));
    }
    expect(scans.length).toBeGreaterThan(0);
  });
});
