import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/** Kysely's queries reach PostgreSQL as named prepared statements, parsed and planned once. */
describe.runIf(testBackend === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 1 });
    await migrateToLatest(database);
  });
  afterAll(() => database.close());

  it('prepares a parameterised query once per connection and reuses it', async () => {
    const statements = await database.db.transaction().execute(async (trx) => {
      for (const email of ['a@example.com', 'b@example.com']) {
        await trx.selectFrom('users').select('id').where('email', '=', email).execute();
      }
      return sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%from "users"%'
      `.execute(trx);
    });
    expect(statements.rows).toEqual([{ statement: 'select "id" from "users" where "email" = $1' }]);
  });
});
