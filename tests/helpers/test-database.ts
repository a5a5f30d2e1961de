import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

/** The backend integration tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testBackend: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/**
 * The data directory of a migrated, empty PGlite, made once per test process: a new in-memory
 * PGlite runs initdb (2 to 4 s on two busy cores), one unpacked from this image about 0.6 s.
 */
let migratedImage: Promise<Blob> | null = null;

async function makeMigratedImage(): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateToLatest(database);
    if (!database.image) throw new Error('PGlite gives no image of its data directory');
    return await database.image();
  } finally {
    await database.close();
  }
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite (started from the migrated
 * image above; the app's own migration then finds nothing to do), or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped on close.
 */
export async function openTestDatabase(
  /** `empty`: no migration applied, for the tests of the migrations themselves. */
  options: { poolSize?: number; empty?: boolean } = {},
): Promise<Database & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    if (options.empty) return openDatabase({ kind: 'pglite', dataDir: null });
    migratedImage ??= makeMigratedImage();
    return openDatabase({ kind: 'pglite', dataDir: null, image: await migratedImage });
  }

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
