/**
 * The base-currency analytics of issue 23 (docs/analytics.md#performance): every chart, the
 * dashboard and net worth over a book of 100,000 entries in three currencies of exponents 2, 0
 * and 3 (USD, the base; JPY; KWD), with ECB-like rates (EUR-based, working days only, so JPY and
 * KWD convert through the EUR cross and weekends through the window). One client's p99 per chart,
 * target <= 50 ms. Runs alone: `BENCH_ONLY=currency-analytics npm run bench` (needs the build).
 */
import postgres from 'postgres';
import { analyticsCharts } from './analytics.js';
import { measure, type LoadFigures } from './load.js';
import { signInWithNewKey } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDatabase,
  freePort,
} from '../tests/reliability/server-process.js';

export const CURRENCY_ANALYTICS_TARGET_P99_MS = 50;
const ROWS = 100_000;
/** The accounts' currencies: the base first. */
const CURRENCIES = ['USD', 'JPY', 'KWD'] as const;

interface Book {
  token: string;
  from: string;
  to: string;
}

/**
 * The book: one account per currency, 100,000 live entries over two years spread across them (in
 * bulk SQL, amounts in each currency's minor units), balances set to the ledger's sums, and EUR
 * to USD, JPY and KWD rates for every working day of the two years.
 */
async function seedBook(baseUrl: string, databaseUrl: string): Promise<Book> {
  const api = new ApiClient(baseUrl, 30_000);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const session = await signInWithNewKey(api, 'bench-currency@example.test');
    for (const currency of CURRENCIES) {
      const created = await api.request('POST', '/api/account', {
        token: session.token,
        body: { title: `${currency} account` },
      });
      if (!dataOf<{ id: string }>(created)?.id) throw new Error(`account: ${created.bodyText}`);
    }
    const [book] = await sql<{ id: string }[]>`
      SELECT id FROM books WHERE personal_owner_id = ${session.userId}`;
    if (!book) throw new Error('The bench user has no book');
    await sql.begin(async (trx) => {
      // Accounts without entries yet: their currency is set as the account form sets it.
      await trx`
        UPDATE accounts a SET currency = c.currency, credit_limit_cents = 10000000000000
        FROM (SELECT id, (ARRAY['USD', 'JPY', 'KWD'])[row_number() OVER (ORDER BY created_at)]
                AS currency FROM accounts WHERE book_id = ${book.id}) c
        WHERE a.id = c.id`;
      await trx`
        WITH acc AS (SELECT array_agg(id ORDER BY created_at) AS ids FROM accounts
                     WHERE book_id = ${book.id}),
             cat AS (SELECT array_agg(id ORDER BY name) AS ids FROM categories
                     WHERE book_id = ${book.id})
        INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
          description, occurred_on, category_id, payee, tags)
        SELECT ${book.id}, ${session.userId}, acc.ids[1 + i % 3],
          CASE WHEN i % 10 = 0 THEN 'deposit' WHEN i % 7 = 0 THEN 'withdraw' ELSE 'expense' END,
          -- USD cents, JPY yen (about 150 to the dollar), KWD fils (about 0.3 KWD to the dollar).
          (CASE WHEN i % 10 = 0 THEN 250000 + i % 1000 ELSE 100 + (i * 37) % 20000 END)
            * (ARRAY[100, 150, 3])[1 + i % 3] / 100,
          'Bench entry ' || i, current_date - (i % 730),
          CASE WHEN i % 13 = 0 THEN NULL ELSE cat.ids[1 + i % cardinality(cat.ids)] END,
          'Payee ' || (i % 40), '{}'
        FROM generate_series(1, ${ROWS}) AS i, acc, cat`;
      await trx`
        UPDATE accounts a SET balance_cents = coalesce((SELECT sum(CASE WHEN t.transaction_type
          IN ('deposit', 'transfer_in') THEN t.amount_cents ELSE -t.amount_cents END)
          FROM transactions t WHERE t.account_id = a.id AND t.deleted_at IS NULL), 0)
        WHERE a.book_id = ${book.id}`;
      // ECB-like reference rates: EUR-based, weekdays only, for the two years and a week.
      await trx`
        INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
        SELECT ${book.id}, 'EUR', q.quote, d::date,
          round((q.base * (1 + 0.05 * sin(extract(epoch FROM d) / 8640000)))::numeric, q.scale), 'ecb'
        FROM generate_series(current_date - 740, current_date, interval '1 day') AS d,
          (VALUES ('USD', 1.0823, 4), ('JPY', 157.12, 2), ('KWD', 0.3321, 4)) AS q(quote, base, scale)
        WHERE extract(isodow FROM d) < 6`;
    });
    await sql`ANALYZE`;
    const [range] = await sql<{ from: string; to: string }[]>`
      SELECT (current_date - 29)::text AS from, current_date::text AS to`;
    if (!range) throw new Error('No date range');
    return { token: session.token, from: range.from, to: range.to };
  } finally {
    api.close();
    await sql.end();
  }
}

/**
 * Entries written in bulk SQL have no recorded conversion yet: the first chart read converts on
 * read and asks for the book to be recorded in the background (docs/analytics.md#recorded-
 * conversions). Waits until none is left, and says how long that took, so the figures below are
 * of a book in its steady state.
 */
async function recordBook(
  baseUrl: string,
  databaseUrl: string,
  headers: Record<string, string>,
): Promise<{ reads: number; ms: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    for (let reads = 1; reads <= 600; reads += 1) {
      if (reads > 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(`${baseUrl}/api/analytics/net-worth`, { headers });
      if (!response.ok) throw new Error(`net worth: ${response.status} ${await response.text()}`);
      const [left] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM transactions WHERE NOT base_recorded AND deleted_at IS NULL`;
      if (left?.n === 0) {
        const ms = Math.round(performance.now() - started);
        // What autovacuum does after a bulk write (this machine's PostgreSQL runs without it):
        // the index-only scans the charts rely on need the visibility map set again.
        await sql`VACUUM ANALYZE transactions`;
        // The seeding and the recording wrote a lot of WAL: its checkpoint happens now, not
        // while the charts are measured (it once took 44 s of disk writes in the middle of them).
        await sql`CHECKPOINT`;
        return { reads, ms };
      }
    }
    throw new Error('The book was not recorded in 600 reads (a minute)');
  } finally {
    await sql.end();
  }
}

/** Seeds a fresh database, measures one client per chart, prints; true when every target holds. */
export async function runCurrencyAnalyticsBench(
  baseDatabaseUrl: string,
  seconds: number,
): Promise<boolean> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: 'bench-currency-analytics',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info', ANALYTICS_RATE_LIMIT_PER_USER: '1000000' },
  });
  try {
    await app.start();
    const book = await seedBook(app.url, database.url);
    const headers = { authorization: `Bearer ${book.token}`, accept: 'application/json' };
    const recording = await recordBook(app.url, database.url, headers);
    console.log(
      `recorded the conversions of ${ROWS.toLocaleString('en-US')} entries written in bulk SQL: ` +
        `${recording.ms} ms in the background (${recording.reads} reads polled; once: the charts below read the recorded amounts)`,
    );
    const charts = [
      ...analyticsCharts(book),
      ['net worth (today)', '/api/analytics/net-worth'],
    ] as const;
    const figures: { name: string; alone: LoadFigures }[] = [];
    for (const [name, path] of charts) {
      console.log(`measuring: currency analytics ${name}`);
      const alone = await measure({
        baseUrl: app.url,
        connections: 1,
        seconds,
        warmupSeconds: 1,
        nextRequest: () => ({ method: 'GET', path, headers }),
      });
      figures.push({ name, alone });
    }
    let ok = true;
    console.log(
      `\nAnalytics in the base currency, ${ROWS.toLocaleString('en-US')} entries in USD, JPY, KWD`,
    );
    console.log(
      `${'chart'.padEnd(34)} ${'1 client p50'.padStart(13)} ${'1 client p99'.padStart(13)}  target p99 <= ${CURRENCY_ANALYTICS_TARGET_P99_MS} ms`,
    );
    for (const { name, alone } of figures) {
      const pass = alone.p99Ms <= CURRENCY_ANALYTICS_TARGET_P99_MS && alone.failures === 0;
      ok &&= pass;
      console.log(
        `${name.padEnd(34)} ${`${alone.p50Ms} ms`.padStart(13)} ${`${alone.p99Ms} ms`.padStart(13)}  ${pass ? 'ok' : 'MISSED'}${alone.failures ? ` (${alone.failures} requests failed)` : ''}`,
      );
    }
    return ok;
  } finally {
    await app.stop();
    await database.drop();
  }
}
