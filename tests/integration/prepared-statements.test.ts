import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { queryTemplate } from '../../src/server/db/query-template.js';
import { openTestDatabase, testBackend } from '../helpers/test-database.js';

/**
 * Query templates (the hot, fixed-shape statements) are named prepared statements, parsed once per
 * connection and planned once; every other statement is planned for its call's values
 * (docs/decisions/017-templates-planned-once-the-rest-per-call.md).
 */
describe.runIf(testBackend === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 1 });
    await migrateToLatest(database);
  });
  afterAll(() => database.close());

  const userByEmail = queryTemplate(
    (db, email: string) => db.selectFrom('users').select('id').where('email', '=', email),
    1,
  );

  it('prepares a query template once per connection, reuses it, and plans it once', async () => {
    const statements = await database.db.transaction().execute(async (trx) => {
      for (let call = 0; call < 8; call++) await userByEmail(trx, `user${call}@example.com`);
      return sql<{ statement: string; generic_plans: string; custom_plans: string }>`
        SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE '%from "users"%'
      `.execute(trx);
    });
    expect(statements.rows).toHaveLength(1);
    const [prepared] = statements.rows;
    expect(prepared?.statement).toBe('select "id" from "users" where "email" = $1');
    // PostgreSQL plans the first five calls for their values, then keeps one generic plan.
    expect(Number(prepared?.generic_plans)).toBeGreaterThan(0);
    expect(Number(prepared?.custom_plans)).toBeLessThanOrEqual(5);
  });

  it('plans every other statement for its own values, keeping none prepared', async () => {
    const statements = await database.db.transaction().execute(async (trx) => {
      for (const email of ['a@example.com', 'b@example.com']) {
        await trx.selectFrom('accounts').select('id').where('title', '=', email).execute();
      }
      return sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%from "accounts"%'
      `.execute(trx);
    });
    expect(statements.rows).toEqual([]);
  });
});
