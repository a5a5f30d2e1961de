import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';
import { listenOnFreePort } from '../helpers/raw-http.js';

const CSV_EXPORT_PATH = '/api/transactions/export.csv';

/**
 * Security review finding 3: a CSV export must never hold a database connection while its
 * client takes its time. Real sockets on 127.0.0.1 (app.inject() has no back-pressure), clients
 * that read nothing after the headers (the kernel's buffers fill, then the server's stream
 * waits), and books large enough that an export cannot fit in those buffers.
 */

/** Entries per book: with ~3 kB a row, about 12 MB of CSV, well beyond loopback's buffers. */
const FAT_ROWS = 4_000;

/** Gives a user's book FAT_ROWS wide entries (long multi-byte text in every text cell). */
async function fillFatBook(t: TestApp, user: TestUser, rows = FAT_ROWS): Promise<void> {
  const caller = t.caller(user);
  const account = (await caller.account.create({ title: 'Fat' })).data.id;
  await sql`
    INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents, description,
      occurred_on, payee, tags)
    SELECT ${user.bookId}::uuid, ${account}::uuid, 'deposit', 100 + (i % 7),
      i || ' ' || repeat('€', 490), DATE '2025-01-01' + (i % 300), repeat('€', 95) || (i % 10),
      ARRAY(SELECT 'tag' || k || repeat('€', 34) FROM generate_series(1, 10) AS k)
    FROM generate_series(1, ${rows}::int) AS i`.execute(t.database.db);
  await sql`UPDATE accounts SET balance_cents = (SELECT sum(amount_cents) FROM transactions
    WHERE account_id = ${account}::uuid) WHERE id = ${account}::uuid`.execute(t.database.db);
}

/** An export over a raw socket whose reading the test controls. */
interface RawExport {
  status: number;
  headers: string;
  /** Reads nothing more: the server's stream must wait. */
  stall(): void;
  /** Reads about `bytes` every `everyMs`: never idle, never done soon. */
  trickle(bytes: number, everyMs: number): void;
  /**
   * Reads everything left and waits up to `waitMs` for the server to end the answer or close
   * the connection. `complete` is whether the answer ended properly (its last, empty chunk).
   */
  drain(waitMs: number): Promise<{ ended: boolean; complete: boolean; body: Buffer }>;
  close(): void;
}

function openExport(port: number, token: string, query = ''): Promise<RawExport> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let headerText: string | null = null;
    let budget = Number.POSITIVE_INFINITY;
    let ticker: NodeJS.Timeout | undefined;
    let ended = false;
    let answered: () => void = () => {};
    let tail = '';
    const finished = new Promise<void>((done) => {
      answered = done;
      socket.on('end', () => ((ended = true), done()));
      socket.on('close', () => ((ended = true), done()));
    });
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // The answer's last chunk: complete (the connection may stay open for the next request).
      tail = (tail + chunk.toString('latin1')).slice(-16);
      if (tail.endsWith('\r\n0\r\n\r\n')) answered();
      budget -= chunk.length;
      if (budget <= 0) socket.pause();
      if (headerText !== null) return;
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      headerText = text.slice(0, end);
      socket.pause(); // until the test says how to read
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headerText)?.[1]),
        headers: headerText,
        stall: () => socket.pause(),
        trickle(bytes, everyMs) {
          ticker = setInterval(() => {
            budget = bytes;
            socket.resume();
          }, everyMs);
        },
        async drain(waitMs) {
          clearInterval(ticker);
          budget = Number.POSITIVE_INFINITY;
          socket.resume();
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            finished,
            new Promise<void>((done) => (timer = setTimeout(done, waitMs))),
          ]);
          clearTimeout(timer);
          const all = Buffer.concat(chunks);
          const body = all.subarray(all.indexOf('\r\n\r\n') + 4);
          return { ended, complete: body.toString('latin1').endsWith('\r\n0\r\n\r\n'), body };
        },
        close: () => {
          clearInterval(ticker);
          socket.destroy();
        },
      });
    });
    socket.write(
      `GET ${CSV_EXPORT_PATH}${query} HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
        `authorization: Bearer ${token}\r\n\r\n`,
    );
    setTimeout(() => reject(new Error('no answer to the export')), 15_000).unref();
  });
}

/** A request through a real connection, timed; a request that never answers takes Infinity. */
async function timedGet(port: number, path: string, token?: string) {
  const started = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(8_000),
    });
    await res.text();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: Number.POSITIVE_INFINITY };
  }
}

/** The rows of a chunked CSV answer's body (chunk framing removed), header row first. */
function csvRows(body: Buffer): string[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts)
    .toString('utf8')
    .split('\r\n')
    .filter((line) => line !== '');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened: RawExport[] = [];
afterEach(() => {
  for (const raw of opened.splice(0)) raw.close();
});

async function open(port: number, user: TestUser, query = ''): Promise<RawExport> {
  const raw = await openExport(port, user.token, query);
  opened.push(raw);
  return raw;
}

describe.runIf(testBackend === 'postgres')('CSV exports nobody reads (PostgreSQL pool)', () => {
  const POOL = 4;
  const EXPORTS = POOL + 2;
  const MAX_SECONDS = 5;
  let t: TestApp;
  let port: number;
  const exporters: TestUser[] = [];
  let bystander: TestUser;

  beforeAll(async () => {
    // More exports allowed at once than the pool has connections, so only the way an export
    // reads (short statements, none held across back-pressure) can keep the pool free.
    t = await createTestApp({
      poolSize: POOL,
      env: {
        DATABASE_POOL_SIZE: POOL,
        EXPORTS_PER_INSTANCE: EXPORTS,
        EXPORT_MAX_SECONDS: MAX_SECONDS,
        CONNECTION_IDLE_TIMEOUT_SECONDS: 60,
      },
    });
    port = await listenOnFreePort(t.app);
    for (let i = 0; i < EXPORTS; i++) {
      const user = await t.signUp();
      await fillFatBook(t, user);
      exporters.push(user);
    }
    bystander = await t.signUp();
  }, 180_000);
  afterAll(() => t.close());

  it('keeps /api/health and other users prompt while more exports than connections stall, then cuts them at EXPORT_MAX_SECONDS', async () => {
    const started = Date.now();
    const held = await Promise.all(exporters.map((user) => open(port, user)));
    expect(held.map((raw) => raw.status)).toEqual(Array(EXPORTS).fill(200));
    for (const raw of held) raw.stall();
    await sleep(1500); // every export has filled the buffers and waits for its reader

    for (let round = 0; round < 3; round++) {
      const health = await timedGet(port, '/api/health');
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
      const other = await timedGet(port, '/api/account', bystander.token);
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(1000);
    }

    // Past the time bound every download has been cut: what arrived ends without the
    // answer's last chunk, and the server closed the connection.
    await sleep(Math.max(0, started + MAX_SECONDS * 1000 + 1500 - Date.now()));
    for (const raw of held) {
      const { ended, complete, body } = await raw.drain(5_000);
      expect(ended).toBe(true);
      expect(complete).toBe(false);
      expect(csvRows(body).length).toBeLessThan(FAT_ROWS + 1);
    }
    // Their slots are free again: each exporter can export at once.
    for (const user of exporters) {
      const again = await t.rest(user, {
        method: 'GET',
        url: `${CSV_EXPORT_PATH}?dateFrom=2099-01-01`,
      });
      expect(again.statusCode).toBe(200);
    }
  }, 60_000);
});

describe('a CSV export whose client stops reading, or reads too slowly', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('is closed by the idle time-out when nothing is read, and its slot is freed', async () => {
    const t = await createTestApp({
      env: { CONNECTION_IDLE_TIMEOUT_SECONDS: 2, EXPORT_MAX_SECONDS: 600 },
    });
    apps.push(t);
    const port = await listenOnFreePort(t.app);
    const user = await t.signUp();
    await fillFatBook(t, user);
    const raw = await open(port, user);
    expect(raw.status).toBe(200);
    raw.stall();
    // While it is held, the same user's second export is refused at once (one at a time).
    const second = await t.rest(user, { method: 'GET', url: CSV_EXPORT_PATH });
    expect(second.statusCode).toBe(429);
    // Node closes a socket whose write has not moved for the idle time-out; a write in
    // progress gets one more period first (net.Socket#_onTimeout), so within twice the setting.
    await sleep(2 * 2_000 + 1_500);
    const { ended, complete } = await raw.drain(5_000);
    expect(ended).toBe(true);
    expect(complete).toBe(false);
    const again = await t.rest(user, {
      method: 'GET',
      url: `${CSV_EXPORT_PATH}?dateFrom=2099-01-01`,
    });
    expect(again.statusCode).toBe(200);
  }, 90_000);

  it('is cut at EXPORT_MAX_SECONDS when the client keeps reading slowly', async () => {
    const t = await createTestApp({
      env: { CONNECTION_IDLE_TIMEOUT_SECONDS: 60, EXPORT_MAX_SECONDS: 3 },
    });
    apps.push(t);
    const port = await listenOnFreePort(t.app);
    const user = await t.signUp();
    await fillFatBook(t, user);
    const started = Date.now();
    const raw = await open(port, user);
    expect(raw.status).toBe(200);
    raw.trickle(32 * 1024, 100); // about 320 kB a second: 12 MB would take over half a minute
    await sleep(Math.max(0, started + 3_000 + 1_500 - Date.now()));
    const { ended, complete, body } = await raw.drain(5_000);
    expect(ended).toBe(true);
    expect(complete).toBe(false);
    const rows = csvRows(body);
    expect(rows.length).toBeGreaterThan(1); // it was reading
    expect(rows.length).toBeLessThan(FAT_ROWS + 1);
    const again = await t.rest(user, {
      method: 'GET',
      url: `${CSV_EXPORT_PATH}?dateFrom=2099-01-01`,
    });
    expect(again.statusCode).toBe(200);
  }, 90_000);

  it('is the view as it began, in its exact order, however entries are added mid-export', async () => {
    const t = await createTestApp();
    apps.push(t);
    const port = await listenOnFreePort(t.app);
    const user = await t.signUp();
    await fillFatBook(t, user);
    const account = (
      await sql<{
        id: string;
      }>`SELECT id FROM accounts WHERE book_id = ${user.bookId}::uuid`.execute(t.database.db)
    ).rows[0]?.id;
    const raw = await open(port, user, '?sort=date_desc');
    raw.stall();
    await sleep(500);
    // Dated after everything (a point the export has passed) and before everything (still
    // ahead of it): neither is in it, so the file is the view as it stood, no row twice.
    await sql`
      INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents, description,
        occurred_on, payee)
      SELECT ${user.bookId}::uuid, ${account}::uuid, 'deposit', 1,
        CASE WHEN i % 2 = 0 THEN 'late ' ELSE 'early ' END || i,
        CASE WHEN i % 2 = 0 THEN DATE '2030-01-01' ELSE DATE '2020-01-01' END, ''
      FROM generate_series(1, 40) AS i`.execute(t.database.db);
    const { complete, body } = await raw.drain(30_000);
    expect(complete).toBe(true);
    const lines = csvRows(body).slice(1);
    const descriptions = lines.map((line) => line.split(',')[6] ?? '');
    const original = descriptions.filter((d) => !/^(late|early) /.test(d));
    expect(original).toHaveLength(FAT_ROWS);
    expect(new Set(original).size).toBe(FAT_ROWS);
    expect(descriptions.filter((d) => d.startsWith('late '))).toEqual([]);
    expect(descriptions.filter((d) => d.startsWith('early '))).toEqual([]);
    const dates = lines.map((line) => line.slice(0, 10));
    expect(dates).toEqual([...dates].sort().reverse());
  }, 90_000);
});
