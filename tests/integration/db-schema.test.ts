import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/**
 * src/server/db/schema.ts is written by hand beside the SQL migrations; this holds it to the
 * migrated database on each engine: the same tables, the same columns, and a column may hold
 * null in the database exactly when its type says `| null`.
 */
const SCHEMA_FILE = path.resolve(import.meta.dirname, '../../src/server/db/schema.ts');
/** The migrator's own bookkeeping, not the app's. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type Columns = Map<string, { nullable: boolean }>;

/** Each table of the `DB` interface with its columns, read from the file's syntax. */
function declaredTables(): Map<string, Columns> {
  const source = ts.createSourceFile(
    SCHEMA_FILE,
    readFileSync(SCHEMA_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts declares no DB interface');
  const tables = new Map<string, Columns>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(source);
    const declaration = interfaces.get(member.type.getText(source));
    if (!declaration) throw new Error(`schema.ts: no interface for the table ${table}`);
    const columns: Columns = new Map();
    for (const column of declaration.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const type = column.type;
      const nullable =
        ts.isUnionTypeNode(type) &&
        type.types.some(
          (part) => part.kind === ts.SyntaxKind.LiteralType && part.getText(source) === 'null',
        );
      columns.set(column.name.getText(source), { nullable });
    }
    tables.set(table, columns);
  }
  return tables;
}

describe(`db/schema.ts against the migrated database (${testBackend})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
  });
  afterAll(() => database.close());

  async function migratedTables(): Promise<Map<string, Columns>> {
    const rows = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      SELECT c.table_name, c.column_name, c.is_nullable
      FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`.execute(database.db);
    const tables = new Map<string, Columns>();
    for (const row of rows.rows) {
      if (MIGRATOR_TABLES.has(row.table_name)) continue;
      const columns = tables.get(row.table_name) ?? new Map();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
      tables.set(row.table_name, columns);
    }
    return tables;
  }

  const sorted = (tables: Map<string, Columns>) =>
    Object.fromEntries(
      [...tables.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([table, columns]) => [
          table,
          Object.fromEntries(
            [...columns.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([column, { nullable }]) => [column, nullable ? 'null' : 'not null']),
          ),
        ]),
    );

  it('declares every table and column the migrations make, null where the database allows it', async () => {
    expect(sorted(declaredTables())).toEqual(sorted(await migratedTables()));
  });
});
