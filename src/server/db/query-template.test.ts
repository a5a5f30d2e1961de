import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { queryTemplate } from './query-template.js';

describe('queryTemplate', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await migrateToLatest(database);
    await database.db
      .insertInto('users')
      .values([
        { email: 'a@example.com', firebase_uid: 'uid-a' },
        { email: 'b@example.com', firebase_uid: 'uid-b' },
        { email: 'c@example.com', firebase_uid: null },
      ])
      .execute();
  });
  afterAll(() => database.close());

  const byEmailOrUid = queryTemplate(
    (db, email: string, uid: string) =>
      db
        .selectFrom('users')
        .select(['email'])
        .where((eb) => eb.or([eb('email', '=', email), eb('firebase_uid', '=', uid)]))
        .where('email', '<>', 'nobody@example.com')
        .orderBy('email'),
    2,
  );

  it('runs the compiled query with each call’s values in their places', async () => {
    expect(await byEmailOrUid(database.db, 'a@example.com', 'uid-b')).toEqual([
      { email: 'a@example.com' },
      { email: 'b@example.com' },
    ]);
    expect(await byEmailOrUid(database.db, 'c@example.com', 'none')).toEqual([
      { email: 'c@example.com' },
    ]);
  });

  it('puts a value used twice in both places, and works inside a transaction', async () => {
    const twice = queryTemplate(
      (db, email: string) =>
        db
          .selectFrom('users')
          .select(sql<boolean>`${email}::text = ${email}::text`.as('same'))
          .where('email', '=', email),
      1,
    );
    const rows = await database.db.transaction().execute((trx) => twice(trx, 'b@example.com'));
    expect(rows).toEqual([{ same: true }]);
  });

  it('refuses a builder that used an argument instead of passing it to the SQL', async () => {
    const baked = queryTemplate(
      (db, email: string) =>
        db
          .selectFrom('users')
          .select('email')
          .where('email', '=', `${String(email)}`),
      1,
    );
    await expect(baked(database.db, 'a@example.com')).rejects.toThrow(/never reached the SQL/);
  });
});
