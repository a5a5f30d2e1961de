/**
 * The import scenario of npm run bench (docs/import.md#performance): a 10,000-row CSV imported
 * through the REST API into an account that already holds 100,000 entries, preview then commit,
 * timed end to end (target under 2 s), with the server's peak memory (under 250 MB); then a
 * preview of a worst-case file at the documented limits (5 MB, 20,000 rows) in CSV, OFX and
 * camt.053, each on a server of its own, with its peak memory (under 250 MB). Runs alone with
 * BENCH_ONLY=import.
 */
import { randomUUID } from 'node:crypto';
import { peakRssBytes } from './rss.js';
import { seed } from './seed.js';
import { WORST_CASE_FILES, type WorstCaseFormat } from '../tests/helpers/worst-case-files.js';
import { signInWithNewKey } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import { IMPORT_ROWS_MAX } from '../src/shared/limits.js';
import {
  ServerProcess,
  createFreshDatabase,
  freePort,
} from '../tests/reliability/server-process.js';

export const IMPORT_ROWS = 10_000;
export const IMPORT_TARGET_SECONDS = 2;
/** The server's peak memory through the import and the worst-case previews. */
export const IMPORT_RSS_TARGET_BYTES = 250 * 1024 * 1024;

/** A bank's CSV of `rows` rows over a year, identical rows included (their occurrence counts). */
export function benchCsv(rows: number): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i += 1) {
    const day = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 30)));
    const shop = ['Corner Coffee', 'Grocer', 'Metro card', 'Bookshop', 'Pharmacy'][i % 5];
    // Every tenth row repeats the one before: a second genuine coffee on the same day.
    const n = i % 10 === 9 ? i - 1 : i;
    lines.push(
      `${day.toISOString().slice(0, 10)},${shop} ${n % 97},-${(((n % 500) + 100) / 100).toFixed(2)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function post(url: string, token: string, body: object, key?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key && { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as {
    success: boolean;
    message?: string;
    data?: Record<string, unknown>;
  };
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.message ?? ''}`);
  return json.data ?? {};
}

/**
 * Previews a worst-case file of `format` at the documented limits (5 MB, 20,000 rows) on a
 * server of its own, and returns the time and the server's peak memory: what one such file
 * costs, apart from whatever else a server did before.
 */
async function previewAtTheLimits(
  baseDatabaseUrl: string,
  format: WorstCaseFormat,
): Promise<{ line: string; ok: boolean }> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: `bench-import-${format}`,
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' },
  });
  const api = new ApiClient(app.url, 120_000);
  try {
    await app.start();
    const { token } = await signInWithNewKey(api, `bench-${format}-${randomUUID()}@example.test`);
    const account = await api.request('POST', '/api/account', { token, body: { title: 'Big' } });
    const accountId = dataOf<{ id: string }>(account)?.id as string;
    const file = Buffer.from(WORST_CASE_FILES[format]());
    const began = performance.now();
    const review = await api.request('POST', '/api/imports/preview', {
      token,
      body: { accountId, fileName: `worst.${format}`, content: file.toString('base64') },
    });
    const seconds = (performance.now() - began) / 1000;
    const rows = dataOf<{ rows: unknown[] }>(review)?.rows.length ?? 0;
    const rss = peakRssBytes(app.pid);
    return {
      line: `  preview of a worst-case ${format.toUpperCase()} (${(file.length / 1048576).toFixed(1)} MB, ${rows} rows): ${seconds.toFixed(2)} s, peak server RSS ${(rss / 1048576).toFixed(0)} MiB (target < ${IMPORT_RSS_TARGET_BYTES / 1048576} MiB)`,
      ok: review.status === 200 && rows === IMPORT_ROWS_MAX && rss < IMPORT_RSS_TARGET_BYTES,
    };
  } finally {
    api.close();
    await app.stop();
    await database.drop();
  }
}

/** The import, then the previews at the limits; true when every target was met. */
export async function runImportBench(baseDatabaseUrl: string): Promise<boolean> {
  const imported = await runTenThousandRowImport(baseDatabaseUrl);
  const previews: { line: string; ok: boolean }[] = [];
  for (const format of ['csv', 'ofx', 'camt'] as const) {
    previews.push(await previewAtTheLimits(baseDatabaseUrl, format));
  }
  console.log(previews.map((p) => p.line).join('\n'));
  return imported && previews.every((p) => p.ok);
}

/** The 10,000-row import on a fresh database; true when it met its targets. */
async function runTenThousandRowImport(baseDatabaseUrl: string): Promise<boolean> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: 'bench-import',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' },
  });
  try {
    await app.start();
    const data = await seed({
      baseUrl: app.url,
      databaseUrl: database.url,
      users: 0,
      accountsPerUser: 0,
      ledgerRows: 100_000,
      deepOffset: 1,
    });
    const { token, accountIds } = data.ledgerUser;
    const accountId = accountIds[0] as string;
    const content = Buffer.from(benchCsv(IMPORT_ROWS)).toString('base64');
    const began = performance.now();
    const preview = await post(`${app.url}/api/imports/preview`, token, { accountId, content });
    const previewed = performance.now();
    const commit = await post(
      `${app.url}/api/imports`,
      token,
      { accountId, content },
      randomUUID(),
    );
    const done = performance.now();
    const again = await post(`${app.url}/api/imports/preview`, token, { accountId, content });
    const rss = peakRssBytes(app.pid);
    const seconds = (done - began) / 1000;
    console.log(
      [
        '',
        `Import: ${IMPORT_ROWS} CSV rows into an account holding ${data.ledgerRows} entries, through the REST API`,
        `  preview ${((previewed - began) / 1000).toFixed(2)} s (${String(preview.newCount)} new), commit ${((done - previewed) / 1000).toFixed(2)} s (${String(commit.imported)} imported)`,
        `  end to end ${seconds.toFixed(2)} s (target < ${IMPORT_TARGET_SECONDS} s); the same file again: ${String(again.duplicateCount)} duplicates, ${String(again.newCount)} new`,
        `  peak server RSS ${(rss / 1024 / 1024).toFixed(0)} MiB (target < ${IMPORT_RSS_TARGET_BYTES / 1048576} MiB)`,
      ].join('\n'),
    );
    return (
      seconds < IMPORT_TARGET_SECONDS &&
      commit.imported === IMPORT_ROWS &&
      again.newCount === 0 &&
      rss < IMPORT_RSS_TARGET_BYTES
    );
  } finally {
    await app.stop();
    await database.drop();
  }
}
