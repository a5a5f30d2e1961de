import { mkdir } from 'node:fs/promises';
import { Kysely, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PostgresJsDialect } from './postgres-js-dialect.js';
import postgres from 'postgres';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;
/** Repository functions take either the pool or an open transaction. */
export type DbOrTx = Kysely<DB> | Transaction<DB>;

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one, so a service can
 * be composed into a larger unit of work (an idempotent request) without nesting transactions.
 */
export function inTransaction<T>(db: DbOrTx, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string | null };

export interface Database {
  db: Db;
  /**
   * The same database, but each connection Kysely acquires is one session held until released:
   * for work that keeps session state between statements (the migrator's advisory lock). On
   * PGlite, which has one session, it is `db`.
   */
  sessionDb: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is configured, else the embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, {
      max: target.poolSize ?? 10,
      onnotice: () => {},
      connection: {
        application_name: 'expense-tracker',
        // Statements are prepared (parsed once) but planned for each call's values: one user's
        // ledger may hold 100,000 rows and another's ten, and a generic plan cannot serve both.
        plan_cache_mode: 'force_custom_plan',
      },
    });
    const db = new Kysely<DB>({ dialect: new PostgresJsDialect({ pool: client }) });
    const sessionDb = new Kysely<DB>({
      dialect: new PostgresJsDialect({ pool: client, pinSessions: true, ownsPool: false }),
    });
    return {
      db,
      sessionDb,
      kind: 'postgres',
      close: async () => {
        await sessionDb.destroy();
        await db.destroy();
      },
    };
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const pglite = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, sessionDb: db, kind: 'pglite', close: () => db.destroy() };
}
