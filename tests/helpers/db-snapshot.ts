import type { TestApp } from './test-app.js';

/**
 * Every account row and the number of ledger rows: what a refused or foreign call must leave
 * exactly as it was.
 */
export async function moneySnapshot(t: TestApp) {
  const accounts = await t.database.db
    .selectFrom('accounts')
    .select([
      'id',
      'book_id',
      'credit_limit_cents',
      'balance_cents',
      'title',
      'description',
      'icon',
      'color',
      'account_type',
      'deleted_at',
      'updated_at',
    ])
    .orderBy('id')
    .execute();
  const { count } = await t.database.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return { accounts, transactionCount: Number(count) };
}
