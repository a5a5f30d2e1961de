import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './connect.js';
import { migrationsDir } from '../lib/paths.js';

const STATEMENT_BREAK = /^--> statement-breakpoint\s*$/m;

/** Serves the forward-only SQL files of migrations/, each split on its statement breakpoints. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((name) => name.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(path.join(this.dir, file), 'utf8');
      const statements = text
        .split(STATEMENT_BREAK)
        .map((part) => part.trim())
        .filter((part) => part.replace(/--.*$/gm, '').trim().length > 0);
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  }
}

/**
 * Applies pending migrations in one transaction under Kysely's migration lock, a session-level
 * advisory lock on PostgreSQL: hence the database's sessionDb, whose connections are sessions.
 */
export async function migrateToLatest(
  database: Pick<Database, 'sessionDb'>,
  dir = migrationsDir,
): Promise<string[]> {
  const migrator = new Migrator({
    db: database.sessionDb,
    provider: new SqlFileMigrationProvider(dir),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `Migration ${failed ?? ''} failed: ${error instanceof Error ? String(error) : JSON.stringify(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
