import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** PGlite's own package file (its exports do not include it): its version decides the image. */
const PGLITE_PACKAGE = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');

/** The backend integration tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testBackend: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/**
 * The data directory of a migrated, empty PGlite. A new in-memory PGlite runs initdb (2 to 10 s
 * on two busy cores); one unpacked from this image takes well under that. Vitest runs each test
 * file in a process of its own, so the image is kept on disk, made once for the whole run by
 * whichever file needs it first, and named by what decides its content (the migrations and the
 * PGlite version): a changed migration makes a new one, never a stale database.
 */
let migratedImage: Promise<Blob> | null = null;

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');

function imageFile(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(PGLITE_PACKAGE));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return path.join(tmpdir(), `expense-tracker-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function makeMigratedImage(): Promise<Blob> {
  const file = imageFile();
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet in this run (or by an earlier one): made here.
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateToLatest(database);
    if (!database.image) throw new Error('PGlite gives no image of its data directory');
    const image = await database.image();
    // Written aside, then renamed: a file another process reads is always whole.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
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
