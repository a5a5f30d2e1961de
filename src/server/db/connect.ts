import { mkdir } from 'node:fs/promises';
import { Kysely, sql } from 'kysely';
import { PostgresJsDialect } from './postgres-js-dialect.js';
import postgres from 'postgres';
import type { DB } from './schema.js';
import type { Db, DbOrTx } from './handles.js';

// The handle types live in handles.ts (the query helpers need them without the connection).
export type { Db, DbOrTx } from './handles.js';

/** Whether the database answers at all (the health check). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * A `date` column is a calendar date (an entry's occurredOn), never an instant: both drivers
 * hand it over as its 'YYYY-MM-DD' text and take that text back, so no time zone can shift it.
 */
const calendarDateAsText = (text: string) => text;

/** The type id of PostgreSQL's `date`. */
const DATE_OID = 1082;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * In memory only: the data directory to start from, as `image()` of another one gave it.
       * Starting an empty PGlite runs initdb (seconds); unpacking an image takes a fraction.
       */
      image?: Blob;
    };

export interface Database {
  db: Db;
  /**
   * The same database, but each connection Kysely acquires is one session held until released:
   * for work that keeps session state between statements (the migrator's advisory lock). On
   * PGlite, which has one session, it is `db`.
   */
  sessionDb: Db;
  kind: DatabaseTarget['kind'];
  /**
   * Calls `onPayload` with each NOTIFY on `channel` from any connection, this process's or
   * another's; resolves once listening, to the function that stops (docs/live-updates.md).
   * PostgreSQL listens on a connection of its own, which the driver tries once to re-establish
   * after a failure (the notice hub checks that it still delivers: notice-hub.ts).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    /** Listening was re-established after its connection dropped: notices may have been lost. */
    onRelisten?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: its data directory as it is now, to start other in-memory databases from. */
  image?: () => Promise<Blob>;
}

/** Opens PostgreSQL when a URL is configured, else the embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, {
      max: target.poolSize ?? 10,
      onnotice: () => {},
      types: {
        calendarDate: {
          to: DATE_OID,
          from: [DATE_OID],
          serialize: calendarDateAsText,
          parse: calendarDateAsText,
        },
      },
      connection: {
        application_name: 'expense-tracker',
        // No JIT compilation: it pays off for long analytical queries, and costs this app's
        // statements (the analytics charts included, docs/analytics.md) more than it saves:
        // about 50 ms of compiling for a chart that runs in 10.
        jit: 'off',
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
      listen: async (channel, onPayload, onRelisten) => {
        let listened = false;
        const listening = await client.listen(channel, onPayload, () => {
          if (listened) onRelisten?.();
          listened = true;
        });
        return () => listening.unlisten();
      },
      close: async () => {
        await sessionDb.destroy();
        await db.destroy();
      },
    };
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  // Loaded only when used: a server on PostgreSQL does not carry PGlite's modules in memory.
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('kysely-pglite-dialect'),
  ]);
  const pglite = new PGlite({
    ...(target.dataDir && { dataDir: target.dataDir }),
    ...(!target.dataDir && target.image && { loadDataDir: target.image }),
    // The extensions the migrations create (search: trigram and btree GIN indexes).
    extensions: { pg_trgm, btree_gin },
    parsers: { [DATE_OID]: calendarDateAsText },
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    sessionDb: db,
    kind: 'pglite',
    // PGlite is one session, and Kysely's driver hands it to one caller at a time, a transaction
    // from BEGIN to its end; pglite.listen() runs LISTEN beside that queue. Run in the middle of
    // another request's transaction, the LISTEN became part of it, and a rollback undid it: no
    // notice reached this instance until the hub's ping noticed (docs/live-updates.md#notices).
    // Holding Kysely's connection while it runs keeps every transaction out.
    listen: async (channel, onPayload) => {
      const stop = await db.connection().execute(() => pglite.listen(channel, onPayload));
      return () => db.connection().execute(() => stop());
    },
    close: () => db.destroy(),
    image: () => pglite.dumpDataDir('none'),
  };
}
