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

/** 16 hex digits that change whenever a migration (or `extra`, such as PGlite's version) does. */
function migrationsDigest(extra?: Buffer): string {
  const hash = createHash('sha256');
  if (extra) hash.update(extra);
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function imageFile(): string {
  const digest = migrationsDigest(readFileSync(PGLITE_PACKAGE));
  return path.join(tmpdir(), `expense-tracker-test-pglite-${digest}.tar`);
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
 * The name of a migrated, empty PostgreSQL database that test databases are copied from
 * (`CREATE DATABASE ... TEMPLATE`, a file copy): running the migrations in each of the ~90 files'
 * databases took most of a second each on a busy machine. Named by the migrations' content, so a
 * changed migration makes a new template, never a stale database.
 */
const templateName = () => `et_template_${migrationsDigest()}`;

/**
 * Ends every session still connected to `name` and waits until they are gone. postgres.js keeps
 * the migrator's connection open after its pool ended when nothing else used the pool (it was
 * reserved for the migration lock, then released): a template must have no session at all.
 */
async function endSessions(admin: postgres.Sql, name: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const ended = await admin`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name}`;
    if (ended.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Makes the template once for the whole run, whichever file comes first: an advisory lock keeps
 * the others waiting until it is there, and it is built under another name and renamed, so a
 * database named like the template is always a whole one. Templates of older migrations are
 * dropped then (a developer's machine would otherwise collect one per migration change).
 */
async function ensureTemplate(admin: postgres.Sql, baseUrl: string): Promise<string> {
  const template = templateName();
  const exists = async () =>
    (await admin`SELECT 1 FROM pg_database WHERE datname = ${template}`).length > 0;
  if (await exists()) return template;
  await admin`SELECT pg_advisory_lock(hashtext('expense-tracker test template'))`;
  try {
    if (await exists()) return template;
    const building = `${template}_building`;
    await admin.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    await endSessions(admin, building);
    await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${template}`);
    const stale = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database
      WHERE datname LIKE 'et\_template\_%' AND datname <> ${template}
        AND datname NOT LIKE '%\_building'`;
    for (const { datname } of stale) {
      // In use by another run of older code: it stays, and goes with the next new template.
      await admin.unsafe(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    }
    return template;
  } finally {
    await admin`SELECT pg_advisory_unlock(hashtext('expense-tracker test template'))`;
  }
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite (started from the migrated
 * image above; the app's own migration then finds nothing to do), or a new PostgreSQL database
 * created beside TEST_DATABASE_URL as a copy of the migrated template, and dropped on close.
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
  if (options.empty) await admin.unsafe(`CREATE DATABASE ${name}`);
  else
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${await ensureTemplate(admin, baseUrl)}`);
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
