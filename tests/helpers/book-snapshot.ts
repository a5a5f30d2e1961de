import type { Database } from '../../src/server/db/connect.js';

/**
 * Every row a book's settings, categories and ledger are made of: what a refused or foreign
 * category, book or ledger call must leave exactly as it was.
 */
export async function snapshotDb(database: Database) {
  const { db } = database;
  const [books, groups, categories, entries, splits, changes, history] = await Promise.all([
    db.selectFrom('books').selectAll().orderBy('id').execute(),
    db.selectFrom('category_groups').selectAll().orderBy('id').execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db
      .selectFrom('transactions')
      .select(['id', 'category_id', 'version', 'deleted_at', 'updated_at'])
      .orderBy('id')
      .execute(),
    db.selectFrom('entry_splits').selectAll().orderBy('id').execute(),
    db.selectFrom('entry_changes').select('id').orderBy('id').execute(),
    db.selectFrom('entry_history').select('id').orderBy('id').execute(),
  ]);
  return { books, groups, categories, entries, splits, changes, history };
}
