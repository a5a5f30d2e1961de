import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationsDir } from '../../src/server/lib/paths.js';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import { insertUser } from '../../src/server/features/users/user-repository.js';
import { testEnv } from '../helpers/test-app.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/**
 * Data survives a restart: each start is a fresh buildApp() that opens the database itself from
 * its environment (no `database` option) and closes it again on app.close().
 */

type AppEnv = Omit<typeof testEnv, 'DATABASE_URL'> & {
  DATABASE_URL: string | undefined;
  DATA_DIR: string;
};

interface MigrationRow {
  name: string;
  timestamp: string;
}

/** Things to undo after each test, newest first, even when the test failed half way. */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts the whole server as production does, the database opened from env alone. */
async function start(env: AppEnv): Promise<FastifyInstance> {
  const app = await buildApp({ env });
  let closed = false;
  const close = app.close.bind(app);
  cleanups.push(async () => {
    if (!closed) await close();
  });
  await app.ready();
  return Object.assign(app, {
    close: async () => {
      closed = true;
      await close();
    },
  });
}

/** Opens the database beside the app, for the test's own reads and writes, and closes it. */
async function withDatabase<T>(
  open: () => Promise<Database>,
  use: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function migrationRows(database: Database): Promise<MigrationRow[]> {
  const result = await sql<MigrationRow>`
    SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(database.db);
  return result.rows;
}

async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.replace(/\.sql$/, ''))
    .sort();
}

/**
 * The cluster state PostgreSQL records in global/pg_control (DBState, an int32 at byte 16 on
 * little-endian hosts): 1 once cleanly shut down, 6 while a server has it open.
 */
const DB_SHUTDOWNED = 1;
function clusterState(dataDir: string): number {
  return readFileSync(path.join(dataDir, 'global', 'pg_control')).readInt32LE(16);
}

function authed(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * The whole story on one database: a first start creates the schema, a user and session are added
 * with the app stopped, a second start creates an account and deposits 12.34, and a third start
 * must still show all of it, with every migration recorded exactly once and none re-applied.
 * `afterStop` runs after each app.close() to check that the app let go of the database.
 */
async function restartScenario(
  env: AppEnv,
  openOwn: () => Promise<Database>,
  afterStop: () => Promise<void>,
): Promise<void> {
  // First start: an empty database gets its schema.
  const first = await start(env);
  const health = await first.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  await first.close();
  await afterStop();

  const { token, userId, migrationsAtFirstStart } = await withDatabase(
    openOwn,
    async (database) => {
      const migrationsAtFirstStart = await migrationRows(database);
      const user = await insertUser(database.db, { email: 'persist@example.com' });
      const policy = {
        idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
        maxAgeSeconds: env.SESSION_MAX_AGE_SECONDS,
      };
      const session = await createSession(
        database.db,
        user.id,
        'password',
        policy,
        () => new Date(),
      );
      return { token: session.token, userId: user.id, migrationsAtFirstStart };
    },
  );
  const files = await migrationFiles();
  expect(files.length).toBeGreaterThan(0);
  expect(migrationsAtFirstStart.map((m) => m.name)).toEqual(files);

  // Second start: write money.
  const second = await start(env);
  const created = await second.inject({
    method: 'POST',
    url: '/api/account',
    headers: authed(token),
    payload: { title: 'Savings' },
  });
  expect(created.statusCode).toBe(200);
  const accountId = created.json<{ data: { id: string } }>().data.id;
  const deposit = await second.inject({
    method: 'POST',
    url: `/api/account/${accountId}/deposit`,
    headers: authed(token),
    payload: { amount: 12.34, description: 'Before the restart' },
  });
  expect(deposit.statusCode).toBe(200);
  const depositData = deposit.json<{
    data: { account: { balance: number }; transaction: { id: string } };
  }>().data;
  expect(depositData.account.balance).toBe(12.34);
  await second.close();
  await afterStop();

  // Third start: everything is still there, read back through the API with the same session.
  const third = await start(env);
  const account = await third.inject({
    method: 'GET',
    url: `/api/account/${accountId}`,
    headers: authed(token),
  });
  expect(account.statusCode).toBe(200);
  expect(account.json<{ data: { title: string; balance: number } }>().data).toMatchObject({
    title: 'Savings',
    balance: 12.34,
  });
  const list = await third.inject({ method: 'GET', url: '/api/account', headers: authed(token) });
  expect(list.json<{ data: { id: string }[] }>().data.map((a) => a.id)).toEqual([accountId]);
  const ledger = await third.inject({
    method: 'GET',
    url: '/api/transactions',
    headers: authed(token),
  });
  expect(ledger.statusCode).toBe(200);
  expect(ledger.json<{ data: { items: unknown[] } }>().data.items).toEqual([
    expect.objectContaining({
      id: depositData.transaction.id,
      amount: 12.34,
      accountId,
      transactionType: 'deposit',
      description: 'Before the restart',
    }),
  ]);
  await third.close();
  await afterStop();

  // And in the tables themselves, with the migrations of the first start left untouched.
  await withDatabase(openOwn, async (database) => {
    const stored = await sql<{ created_by: string; balance_cents: string }>`
      SELECT created_by, balance_cents::text AS balance_cents FROM accounts`.execute(database.db);
    expect(stored.rows).toEqual([{ created_by: userId, balance_cents: '1234' }]);
    const rows = await sql<{ id: string; account_id: string; amount_cents: string }>`
      SELECT id, account_id, amount_cents::text AS amount_cents FROM transactions`.execute(
      database.db,
    );
    expect(rows.rows).toEqual([
      { id: depositData.transaction.id, account_id: accountId, amount_cents: '1234' },
    ]);
    // Each migration once, still with the timestamp of the first start: none re-applied.
    const migrations = await migrationRows(database);
    expect(migrations).toEqual(migrationsAtFirstStart);
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
    expect(await migrateToLatest(database)).toEqual([]);
  });
}

describe('persistence across restarts (embedded PGlite)', () => {
  it('keeps account, balance 12.34, ledger row and session in DATA_DIR', async () => {
    const dataDir = await tempDir('et-persist-');
    const env: AppEnv = { ...testEnv, DATABASE_URL: undefined, DATA_DIR: dataDir };
    await restartScenario(
      env,
      // Opened only while no app runs: two PGlite instances must never share a directory.
      () => openDatabase({ kind: 'pglite', dataDir }),
      // app.close() must shut the embedded database down, not leave it open in the process.
      async () =>
        expect(clusterState(dataDir), 'pg_control state after app.close()').toBe(DB_SHUTDOWNED),
    );
    // The cluster lives in DATA_DIR, not in memory or in the default ./data.
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  }, 120_000);
});

describe.runIf(testBackend === 'postgres')('persistence across restarts (PostgreSQL)', () => {
  it('keeps account, balance 12.34, ledger row and session, and closes its pool', async () => {
    // A fresh database; its own pool is never used (it connects lazily), only its url and drop.
    // Empty: the first start must apply every migration itself.
    const fresh = await openTestDatabase({ empty: true });
    cleanups.push(() => fresh.close());
    const url = fresh.url;
    if (!url) throw new Error('openTestDatabase gave no url on PostgreSQL');
    const name = new URL(url).pathname.slice(1);
    const admin = postgres(process.env.TEST_DATABASE_URL ?? '', { max: 1, onnotice: () => {} });
    cleanups.push(() => admin.end());

    // Would hold PGlite files if the app ignored DATABASE_URL.
    const dataDir = await tempDir('et-persist-pg-');
    const env: AppEnv = { ...testEnv, DATABASE_URL: url, DATA_DIR: dataDir };

    /** After app.close() no connection to the database may stay open (backends exit shortly). */
    async function noConnectionsLeft(): Promise<void> {
      let open = -1;
      for (let attempt = 0; attempt < 50; attempt++) {
        const [row] = await admin<{ n: number }[]>`
          SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = ${name}`;
        open = row?.n ?? -1;
        if (open === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(open, `connections to ${name} left open after app.close()`).toBe(0);
    }

    await restartScenario(
      env,
      () => openDatabase({ kind: 'postgres', url, poolSize: 1 }),
      noConnectionsLeft,
    );
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);
});
