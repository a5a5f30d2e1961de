import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import {
  runProviderOnce,
  startRatesProvider,
  type ProviderLog,
} from '../../src/server/features/rates/provider/provider-job.js';

// The online rate provider (docs/rates.md#an-online-provider, decision 034) against a fake
// Frankfurter on 127.0.0.1: off unless configured; one fetch a run, written with source
// `provider` into the books that hold money in another currency than their base (only the
// currencies each uses), never touching another source's rate; a failing provider logged, never
// thrown at anyone.

const answer = (day: string, usd: string) =>
  `{"amount":1.0,"base":"EUR","date":"${day}","rates":{"GBP":0.861,"JPY":157.12,"USD":${usd}}}`;

let server: Server;
let url: string;
let next: (res: ServerResponse) => void;
let requests = 0;
let t: TestApp;
let mixed: TestUser;
let plain: TestUser;

const policy = { timeoutMs: 2000, attempts: 2, backoffMs: 1, sleep: () => Promise.resolve() };

function recordingLog() {
  const lines: { level: string; message: string; object: object }[] = [];
  const at =
    (level: string) =>
    (object: object, message: string): void =>
      void lines.push({ level, message, object });
  const log: ProviderLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

async function ratesOf(user: TestUser) {
  const { rows } = await sql<{ pair: string; day: string; rate: string; source: string }>`
    SELECT base_currency || '>' || quote_currency AS pair, day::text AS day, rate::text AS rate,
      source
    FROM exchange_rates WHERE book_id = ${user.bookId}::uuid
    ORDER BY quote_currency, source`.execute(t.database.db);
  return rows;
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    next(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  mixed = await t.signUp();
  plain = await t.signUp();
  // A USD book with a JPY account wants rates; a USD book with only USD accounts does not.
  for (const [user, currency] of [
    [mixed, 'JPY'],
    [mixed, 'USD'],
    [plain, 'USD'],
  ] as const) {
    const id = (await t.caller(user).account.create({ title: currency })).data.id;
    await sql`UPDATE accounts SET currency = ${currency} WHERE id = ${id}::uuid`.execute(
      t.database.db,
    );
  }
  // A person's own rate of the same day: the provider never touches it.
  const res = await t.rest(mixed, {
    method: 'POST',
    url: '/api/rates',
    headers: { 'idempotency-key': randomUUID() },
    payload: { base: 'EUR', quote: 'USD', day: '2026-11-27', rate: '1.09' },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the online rate provider', () => {
  it('writes the day’s rates of the currencies a book uses, source provider', async () => {
    next = (res) => res.writeHead(200).end(answer('2026-11-27', '1.0823'));
    const { log } = recordingLog();
    const run = await runProviderOnce(t.database.db, { url, policy }, log);
    expect(run).toMatchObject({ day: '2026-11-27', skipped: 0 });
    expect(await ratesOf(mixed)).toEqual([
      { pair: 'EUR>JPY', day: '2026-11-27', rate: '157.12', source: 'provider' },
      { pair: 'EUR>USD', day: '2026-11-27', rate: '1.09', source: 'manual' },
      { pair: 'EUR>USD', day: '2026-11-27', rate: '1.0823', source: 'provider' },
    ]);
    expect(await ratesOf(plain)).toEqual([]);
    // The same day again changes nothing; a corrected figure replaces the provider's own.
    expect((await runProviderOnce(t.database.db, { url, policy }, log)).written).toBe(0);
    next = (res) => res.writeHead(200).end(answer('2026-11-27', '1.0825'));
    expect((await runProviderOnce(t.database.db, { url, policy }, log)).written).toBe(1);
    expect((await ratesOf(mixed)).map((r) => r.rate)).toEqual(['157.12', '1.09', '1.0825']);
  });

  it('fetches before writing, once per run whatever the number of books', async () => {
    requests = 0;
    next = (res) => res.writeHead(200).end(answer('2026-11-30', '1.08'));
    await runProviderOnce(t.database.db, { url, policy }, recordingLog().log);
    expect(requests).toBe(1);
  });

  it('logs a failing provider and stops cleanly; nothing is thrown, nothing written', async () => {
    requests = 0;
    next = (res) => res.writeHead(503).end();
    const before = await ratesOf(mixed);
    const { log, lines } = recordingLog();
    const provider = startRatesProvider(
      t.database.db,
      { url, intervalMinutes: 60, policy },
      log,
      0,
    );
    await expect.poll(() => lines.some((line) => line.level === 'error')).toBe(true);
    await provider.stop();
    expect(requests).toBe(2);
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['info', 'rates provider: on'],
      ['warn', 'rates provider: retrying'],
      ['error', 'rates provider: this run failed; the next one tries again'],
    ]);
    expect(await ratesOf(mixed)).toEqual(before);
  });

  it('is off unless configured: a server without RATES_PROVIDER_URL never asks', async () => {
    requests = 0;
    const quiet = await createTestApp();
    await quiet.app.ready();
    await quiet.close();
    expect(requests).toBe(0);
  });
});
