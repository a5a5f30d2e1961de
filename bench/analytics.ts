/**
 * The analytics part of `npm run bench` (issue 14): each chart's procedure, and the summary of a
 * Transactions view (issue 22), on a book of 100,000 entries (one client, then 32 connections) and the CSV export of all of them (time, and the
 * server's peak memory). Seeds its own book, apart from bench/seed.ts. Alone:
 * `BENCH_ONLY=analytics npm run bench`.
 */
import postgres from 'postgres';
import { measure, type LoadFigures } from './load.js';
import { peakRssBytes } from './rss.js';
import { signInWithNewKey, type Session } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';

/** Deleted entries seeded beside the live ones. */
const DELETED_ROWS = 2000;

export const ANALYTICS_TARGETS = { p99Ms: 50, exportSeconds: 5, exportRssBytes: 250 * 1024 ** 2 };

export interface AnalyticsBook extends Session {
  rows: number;
  from: string;
  to: string;
  /** The first account: about a quarter of the entries, a third of them cleared. */
  accountId: string;
}

/**
 * A person with four accounts and `rows` entries over the last two years: deposits, expenses
 * and withdrawals across every default category and 40 payees, and some deleted ones beside
 * them, in bulk SQL; balances set to the ledger's sums.
 */
/** The charts both analytics benches measure, each with its path over the book's period. */
export function analyticsCharts(book: { from: string; to: string }): (readonly [string, string])[] {
  const period = `from=${book.from}&to=${book.to}`;
  return [
    ['spending by category (30 days)', `/api/analytics/spending-by-category?${period}`],
    ['income vs spending (12 months)', '/api/analytics/income-vs-spending'],
    ['balance over time (30 days)', `/api/analytics/balance-over-time?${period}`],
    ['top payees (30 days)', `/api/analytics/top-payees?${period}`],
    ['largest entries (30 days)', `/api/analytics/largest-entries?${period}`],
    ['dashboard figures', '/api/analytics/dashboard'],
  ];
}

export async function seedAnalyticsBook(
  baseUrl: string,
  databaseUrl: string,
  rows = 100_000,
): Promise<AnalyticsBook> {
  const api = new ApiClient(baseUrl, 30_000);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const session = await signInWithNewKey(api, 'bench-analytics@example.test');
    for (const title of ['Checking', 'Card', 'Savings', 'Cash']) {
      const created = await api.request('POST', '/api/account', {
        token: session.token,
        body: { title },
      });
      if (!dataOf<{ id: string }>(created)?.id) throw new Error(`account: ${created.bodyText}`);
    }
    const [book] = await sql<{ id: string }[]>`
      SELECT id FROM books WHERE personal_owner_id = ${session.userId}`;
    if (!book) throw new Error('The analytics user has no book');
    await sql.begin(async (trx) => {
      await trx`UPDATE accounts SET credit_limit_cents = 10000000000 WHERE book_id = ${book.id}`;
      await trx`
        WITH acc AS (SELECT array_agg(id ORDER BY created_at) AS ids FROM accounts
                     WHERE book_id = ${book.id}),
             cat AS (SELECT array_agg(id ORDER BY name) AS ids FROM categories
                     WHERE book_id = ${book.id})
        INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
          description, occurred_on, category_id, payee, tags, cleared_state)
        SELECT ${book.id}, ${session.userId}, acc.ids[1 + i % 4],
          CASE WHEN i % 10 = 0 THEN 'deposit' WHEN i % 7 = 0 THEN 'withdraw' ELSE 'expense' END,
          CASE WHEN i % 10 = 0 THEN 250000 + i % 1000 ELSE 100 + (i * 37) % 20000 END,
          'Bench entry ' || i, current_date - (i % 730),
          CASE WHEN i % 13 = 0 THEN NULL ELSE cat.ids[1 + i % cardinality(cat.ids)] END,
          'Payee ' || (i % 40), CASE WHEN i % 5 = 0 THEN ARRAY['bench'] ELSE '{}' END,
          CASE WHEN i % 3 = 0 THEN 'cleared' ELSE 'uncleared' END
        FROM generate_series(1, ${rows + DELETED_ROWS}) AS i, acc, cat`;
      // Some deleted entries besides the live ones, which every figure must leave out.
      await trx`UPDATE transactions SET deleted_at = now()
        WHERE book_id = ${book.id} AND seq > (SELECT min(seq) + ${rows - 1} FROM transactions
          WHERE book_id = ${book.id})`;
      await trx`
        UPDATE accounts a SET balance_cents = coalesce((SELECT sum(CASE WHEN t.transaction_type
          IN ('deposit', 'transfer_in') THEN t.amount_cents ELSE -t.amount_cents END)
          FROM transactions t WHERE t.account_id = a.id AND t.deleted_at IS NULL), 0)
        WHERE a.book_id = ${book.id}`;
    });
    await sql`ANALYZE`;
    const [range] = await sql<{ from: string; to: string }[]>`
      SELECT (current_date - 29)::text AS from, current_date::text AS to`;
    if (!range) throw new Error('No date range');
    const [first] = await sql<{ id: string }[]>`
      SELECT id FROM accounts WHERE book_id = ${book.id} ORDER BY created_at LIMIT 1`;
    if (!first) throw new Error('The analytics user has no account');
    return { ...session, rows, from: range.from, to: range.to, accountId: first.id };
  } finally {
    api.close();
    await sql.end();
  }
}

/** A missed chart says why when requests failed (a 429 from a limit reads like a fast chart). */
function failedNote(failures: number): string {
  return failures === 0 ? '' : ` (${failures} requests failed)`;
}

export interface AnalyticsFigures {
  charts: { name: string; alone: LoadFigures; loaded: LoadFigures }[];
  exportSeconds: number;
  exportRows: number;
  exportBytes: number;
  peakRssBytes: number;
}

/** Measures every chart and the CSV export against a running server (process `pid`). */
export async function benchAnalytics(options: {
  baseUrl: string;
  pid: number | undefined;
  book: AnalyticsBook;
  seconds: number;
  connections: number;
}): Promise<AnalyticsFigures> {
  const { book } = options;
  const headers = { authorization: `Bearer ${book.token}`, accept: 'application/json' };
  const charts = [
    ...analyticsCharts(book),
    // The count and total of a Transactions view (decision 028): the whole book is over the
    // summary's cap (it reads SUMMARY_ROWS_MAX + 1 rows and says "more than"); a month is not.
    ['view summary (whole book, capped)', '/api/transactions/summary?transfers=one'],
    [
      'view summary (30 days)',
      `/api/transactions/summary?transfers=one&dateFrom=${book.from}&dateTo=${book.to}`,
    ],
    // A reconciliation's summary (docs/ledger.md#reconciliation): the cleared balance of one
    // account of about 25,000 entries on a statement's date, a third of them cleared.
    [
      'reconciliation summary (1 account)',
      `/api/account/${book.accountId}/reconciliation?statementOn=${book.to}&statementBalance=0`,
    ],
  ] as const;
  const figures: AnalyticsFigures['charts'] = [];
  for (const [name, path] of charts) {
    console.log(`measuring: analytics ${name}`);
    const run = (connections: number) =>
      measure({
        baseUrl: options.baseUrl,
        connections,
        seconds: options.seconds,
        warmupSeconds: 1,
        nextRequest: () => ({ method: 'GET', path, headers }),
      });
    figures.push({ name, alone: await run(1), loaded: await run(options.connections) });
  }
  console.log(`measuring: CSV export of ${book.rows.toLocaleString('en-US')} rows`);
  const began = performance.now();
  const response = await fetch(`${options.baseUrl}/api/transactions/export.csv`, { headers });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const exportSeconds = (performance.now() - began) / 1000;
  return {
    charts: figures,
    exportSeconds,
    exportRows: lines - 1,
    exportBytes: bytes,
    peakRssBytes: peakRssBytes(options.pid),
  };
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

/** Prints the analytics figures with their targets; false when a target is missed. */
export function printAnalyticsReport(f: AnalyticsFigures, connections: number): boolean {
  let ok = true;
  console.log('\nAnalytics on a book of 100,000 entries');
  console.log(
    `${'chart'.padEnd(34)} ${'1 client p99'.padStart(13)} ${`${connections} conn req/s`.padStart(14)} ${`${connections} conn p99`.padStart(12)}  target 1-client p99 <= ${ANALYTICS_TARGETS.p99Ms} ms`,
  );
  for (const c of f.charts) {
    const pass =
      c.alone.p99Ms <= ANALYTICS_TARGETS.p99Ms && c.alone.failures + c.loaded.failures === 0;
    ok &&= pass;
    console.log(
      `${c.name.padEnd(34)} ${`${c.alone.p99Ms} ms`.padStart(13)} ${c.loaded.requestsPerSecond.toFixed(0).padStart(14)} ${`${c.loaded.p99Ms} ms`.padStart(12)}  ${pass ? 'ok' : 'MISSED'}${failedNote(c.alone.failures + c.loaded.failures)}`,
    );
  }
  const exportOk =
    f.exportRows >= 100_000 &&
    f.exportSeconds < ANALYTICS_TARGETS.exportSeconds &&
    f.peakRssBytes <= ANALYTICS_TARGETS.exportRssBytes;
  ok &&= exportOk;
  console.log(
    `CSV export: ${f.exportRows.toLocaleString('en-US')} rows, ${mb(f.exportBytes)} in ${f.exportSeconds.toFixed(2)} s (target < ${ANALYTICS_TARGETS.exportSeconds} s); server peak RSS ${mb(f.peakRssBytes)} (target <= ${mb(ANALYTICS_TARGETS.exportRssBytes)})  ${exportOk ? 'ok' : 'MISSED'}`,
  );
  return ok;
}
