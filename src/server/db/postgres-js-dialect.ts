import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';
import { isTemplateSql } from './query-template.js';

/**
 * Kysely on postgres.js, sending statements the way postgres.js is fastest at:
 * - a statement outside a transaction goes to the shared pool, where postgres.js pipelines it
 *   with other requests' statements on the same connection (kysely-postgres-js reserved a whole
 *   connection, and built a new client object, for every single statement);
 * - a transaction reserves one connection from BEGIN until COMMIT or ROLLBACK;
 * - a query template's statement (db/query-template.ts: the session lookup, a money movement, the
 *   account list) is a named prepared statement, parsed once per connection and planned once;
 *   every other statement is sent unnamed, so PostgreSQL plans it for the values of the call
 *   (one book's ledger may hold 100,000 rows and another's ten). See
 *   docs/decisions/017-templates-planned-once-the-rest-per-call.md.
 * With `pinSessions`, every connection Kysely acquires is reserved at once: for work that needs
 * one PostgreSQL session across statements, such as the migrator's session-level advisory lock.
 */
export interface PostgresJsDialectConfig {
  pool: postgres.Sql;
  pinSessions?: boolean;
  /** Whether destroying the Kysely instance ends the pool (false when another instance shares it). */
  ownsPool?: boolean;
}

type Target = postgres.Sql | postgres.ReservedSql;

async function run<R>(target: Target, query: CompiledQuery): Promise<QueryResult<R>> {
  const result = await target.unsafe<R[]>(
    query.sql,
    query.parameters as postgres.ParameterOrJSON<never>[],
    { prepare: isTemplateSql(query.sql) },
  );
  const changed = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
  return {
    rows: Array.from(result),
    ...(changed && { numAffectedRows: BigInt(result.count) }),
  };
}

class PostgresJsConnection implements DatabaseConnection {
  #reserved: postgres.ReservedSql | null = null;

  constructor(private readonly pool: postgres.Sql) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return run<R>(this.#reserved ?? this.pool, query);
  }

  /**
   * Rows a chunk at a time through a postgres.js cursor (a portal fetched `chunkSize` rows per
   * round trip): a long read (the CSV export) never holds all of its rows in memory.
   */
  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize = 1000,
  ): AsyncIterableIterator<QueryResult<R>> {
    const cursor = (this.#reserved ?? this.pool)
      .unsafe<R[]>(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], {
        prepare: false,
      })
      .cursor(chunkSize);
    for await (const rows of cursor) yield { rows: Array.from(rows) };
  }

  async reserve(): Promise<void> {
    this.#reserved ??= await this.pool.reserve();
  }

  release(): void {
    this.#reserved?.release();
    this.#reserved = null;
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function beginStatement(settings: TransactionSettings): string {
  const parts = ['start transaction'];
  if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
  if (settings.accessMode) parts.push(settings.accessMode);
  return parts.join(' ');
}

class PostgresJsDriver implements Driver {
  constructor(private readonly config: PostgresJsDialectConfig) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<PostgresJsConnection> {
    const connection = new PostgresJsConnection(this.config.pool);
    if (this.config.pinSessions) await connection.reserve();
    return connection;
  }

  async beginTransaction(
    connection: PostgresJsConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await connection.reserve();
    await connection.executeQuery(CompiledQuery.raw(beginStatement(settings)));
  }

  async commitTransaction(connection: PostgresJsConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: PostgresJsConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: PostgresJsConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: PostgresJsConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`));
  }

  async releaseSavepoint(connection: PostgresJsConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`));
  }

  async releaseConnection(connection: PostgresJsConnection): Promise<void> {
    connection.release();
  }

  async destroy(): Promise<void> {
    if (this.config.ownsPool !== false) await this.config.pool.end({ timeout: 5 });
  }
}

export class PostgresJsDialect implements Dialect {
  constructor(private readonly config: PostgresJsDialectConfig) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PostgresJsDriver(this.config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
