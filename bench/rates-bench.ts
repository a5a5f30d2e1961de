/**
 * The ECB import scenario of npm run bench (docs/rates.md#performance): a full-history file of
 * the ECB's layout (6,000 working days x 30 currencies, N/A cells included) imported through
 * POST /api/rates/import into an empty book, timed end to end (target under 5 s), the same file
 * again (every rate unchanged), and the XML form of it; with the server's peak memory. Runs alone
 * with BENCH_ONLY=rates. A figure, not a test: nothing here asserts a time in the test suite.
 */
import { randomUUID } from 'node:crypto';
import { peakRssBytes } from './rss.js';
import { ecbHistory } from '../tests/helpers/ecb-files.js';
import { signInWithNewKey } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDatabase,
  freePort,
} from '../tests/reliability/server-process.js';

export const RATES_DAYS = 6_000;
export const RATES_CURRENCIES = 30;
export const RATES_TARGET_SECONDS = 5;

interface Imported {
  added: number;
  replaced: number;
  unchanged: number;
  skippedNotAvailable: number;
}

/** The import, its repeat and the XML form on a fresh database; true when it met its target. */
export async function runRatesBench(baseDatabaseUrl: string): Promise<boolean> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: 'bench-rates',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' },
  });
  const api = new ApiClient(app.url, 120_000);
  try {
    await app.start();
    const { token } = await signInWithNewKey(api, `bench-rates-${randomUUID()}@example.test`);
    const history = ecbHistory({ days: RATES_DAYS, currencies: RATES_CURRENCIES });
    const importFile = async (text: string, fileName: string) => {
      const began = performance.now();
      const answer = await api.request('POST', '/api/rates/import', {
        token,
        idempotencyKey: randomUUID(),
        body: { fileName, content: Buffer.from(text).toString('base64') },
      });
      const seconds = (performance.now() - began) / 1000;
      if (answer.status !== 200) throw new Error(`${fileName}: ${answer.status}`);
      return { seconds, result: dataOf<Imported>(answer) };
    };
    const first = await importFile(history.csv, 'eurofxref-hist.csv');
    const again = await importFile(history.csv, 'eurofxref-hist.csv');
    const xml = await importFile(history.xml, 'eurofxref-hist.xml');
    const rss = peakRssBytes(app.pid);
    const mb = (text: string) => (Buffer.byteLength(text) / 1048576).toFixed(1);
    console.log(
      [
        '',
        `ECB rates: a full history of ${RATES_DAYS} days x ${RATES_CURRENCIES} currencies (${history.rates} rates, ${history.notAvailable} N/A), through the REST API`,
        `  CSV (${mb(history.csv)} MB) into an empty book: ${first.seconds.toFixed(2)} s (target < ${RATES_TARGET_SECONDS} s), ${String(first.result?.added)} added`,
        `  the same file again: ${again.seconds.toFixed(2)} s, ${String(again.result?.unchanged)} unchanged`,
        `  the XML form (${mb(history.xml)} MB) on top: ${xml.seconds.toFixed(2)} s, ${String(xml.result?.unchanged)} unchanged`,
        `  peak server RSS ${(rss / 1048576).toFixed(0)} MiB`,
      ].join('\n'),
    );
    return (
      first.seconds < RATES_TARGET_SECONDS &&
      first.result?.added === history.rates &&
      again.result?.unchanged === history.rates
    );
  } finally {
    api.close();
    await app.stop();
    await database.drop();
  }
}
