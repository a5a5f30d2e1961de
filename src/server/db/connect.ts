import { mkdir } from 'node:fs/promises';
import { Kysely, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PostgresJSDialect } from 'kysely-postgres-js';
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
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/**
 * postgres.js prepares tagged-template queries, but runs `unsafe(text, params)` unprepared, and
 * that is how kysely-postgres-js sends every query: PostgreSQL would parse and plan each one
 * again. This hands Kysely connections whose queries are named prepared statements, cached per
 * connection by their text, so a repeated query costs one Bind/Execute round trip.
 */
function withPreparedStatements(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'reserve') return Reflect.get(target, property, receiver);
      return async () => {
        const reserved = await target.reserve();
        return new Proxy(reserved, {
          get(connection, name, connectionReceiver) {
            if (name !== 'unsafe') return Reflect.get(connection, name, connectionReceiver);
            return (text: string, params: postgres.ParameterOrJSON<never>[] = []) =>
              connection.unsafe(text, params, { prepare: true });
          },
        });
      };
    },
  });
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
    const db = new Kysely<DB>({
      dialect: new PostgresJSDialect({ postgres: withPreparedStatements(client) }),
    });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const pglite = target.dataDir ? new PGlite(target.dataDir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
