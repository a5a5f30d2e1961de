import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connect.js';

/**
 * A release's data and answers, frozen in a file: every row of every table as the release's
 * schema held it, and what its API answered to each read. The next release loads the rows into a
 * database migrated only as far as that release, runs its own migrations over them and must give
 * the same answers (docs/testing.md#upgrading-a-release).
 */
export interface ReleaseFixture {
  /** The last migration of the release the rows were written by. */
  lastMigration: string;
  /** The clock of the release's app while it wrote and read; the next one reads at the same time. */
  capturedAt: string;
  /** Bearer tokens of the release's sessions, whose hashes are in the rows. */
  tokens: Record<string, string>;
  /** Each table's rows as PostgreSQL's row_to_json wrote them, tables by name. */
  tables: Record<string, unknown[]>;
  /** GET requests and what the release answered, in the order they were made. */
  answers: RecordedAnswer[];
}

export interface RecordedAnswer {
  /** Which token (a key of `tokens`) the request carried. */
  as: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** The migrator's own bookkeeping is not data: the next release has its own. */
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock']);

async function dataTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !NOT_DATA.has(name));
}

/** Every row of every table, each written by PostgreSQL itself so it reads back exactly. */
export async function dumpTables(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await dataTables(db)) {
    const { rows } = await sql<{ rows: unknown[] }>`
      SELECT coalesce(json_agg(row_to_json(t) ORDER BY row_to_json(t)::text), '[]'::json) AS rows
      FROM ${sql.table(name)} t`.execute(db);
    tables[name] = rows[0]?.rows ?? [];
  }
  return tables;
}

/**
 * Writes the rows back as they were, identity columns included and generated ones computed again.
 * Triggers and foreign keys are off while it does (the rows were consistent when dumped, and
 * tables load in name order), and each identity sequence then continues after the largest value
 * loaded.
 */
export async function loadTables(db: Db, tables: Record<string, unknown[]>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    for (const [name, rows] of Object.entries(tables)) {
      if (rows.length === 0) continue;
      // Generated columns are computed again from the rest; PostgreSQL refuses values for them.
      const { rows: columns } = await sql<{ column: string }>`
        SELECT column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${name} AND is_generated = 'NEVER'
        ORDER BY ordinal_position`.execute(tx);
      const list = sql.join(columns.map(({ column }) => sql.ref(column)));
      await sql`
        INSERT INTO ${sql.table(name)} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list}
        FROM json_populate_recordset(NULL::${sql.table(name)}, ${JSON.stringify(rows)}::text::json)`.execute(
        tx,
      );
    }
    const { rows: identities } = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND is_identity = 'YES'`.execute(tx);
    for (const { table, column } of identities) {
      if (!tables[table]?.length) continue;
      await sql`
        SELECT setval(pg_get_serial_sequence(${table}, ${column}),
                      (SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}))`.execute(tx);
    }
  });
}

/**
 * Whether a later answer still says everything an earlier one said: every field the earlier had,
 * with the same value, at every depth; arrays item by item and of the same length. Fields the
 * later release added are allowed. Returns where the first difference is, or null.
 */
export function firstDifference(before: unknown, after: unknown, at = '$'): string | null {
  if (Array.isArray(before)) {
    if (!Array.isArray(after)) return `${at}: was an array`;
    if (after.length !== before.length) {
      return `${at}: had ${before.length} items, now ${after.length}`;
    }
    for (const [index, item] of before.entries()) {
      const found = firstDifference(item, after[index], `${at}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (before !== null && typeof before === 'object') {
    if (after === null || typeof after !== 'object' || Array.isArray(after)) {
      return `${at}: was an object`;
    }
    for (const [key, value] of Object.entries(before)) {
      if (!(key in after)) return `${at}.${key}: gone`;
      const found = firstDifference(value, (after as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(before, after)
    ? null
    : `${at}: was ${JSON.stringify(before)}, now ${JSON.stringify(after)}`;
}

/**
 * The same for CSV: every column the earlier file had is still there, under its name, with the
 * same cells row by row; columns may be added and moved.
 */
export function firstCsvDifference(before: string[][], after: string[][]): string | null {
  const [headBefore = [], ...rowsBefore] = before;
  const [headAfter = [], ...rowsAfter] = after;
  if (rowsAfter.length !== rowsBefore.length) {
    return `had ${rowsBefore.length} rows, now ${rowsAfter.length}`;
  }
  for (const [column, name] of headBefore.entries()) {
    const now = headAfter.indexOf(name);
    if (now < 0) return `column ${name}: gone`;
    for (const [index, row] of rowsBefore.entries()) {
      if (rowsAfter[index]?.[now] !== row[column]) {
        return `row ${index + 1}, ${name}: was ${row[column]}, now ${rowsAfter[index]?.[now]}`;
      }
    }
  }
  return null;
}
