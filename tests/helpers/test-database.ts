import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/server/db/connect.js';

/** The backend integration tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testBackend: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped on close.
 */
export async function openTestDatabase(
  options: { poolSize?: number } = {},
): Promise<Database & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openDatabase({ kind: 'pglite', dataDir: null });

  const name = `et_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: options.poolSize ?? 20,
  });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
