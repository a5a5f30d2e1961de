import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { PALETTE } from '../../../shared/colour-palette.js';

// Undoing a restore that failed or died (restore-cleanup.ts): everything of the book goes, a
// bounded number of rows per statement, then the default categories come back.

/** Up to `limit` ids of the book's rows of a table, after `after` in id order (keyset). */
export async function idsAfter(
  db: DbOrTx,
  table: 'entry_changes' | 'transactions' | 'accounts' | 'budget_actions',
  bookId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where('book_id', '=', bookId)
    .orderBy('id')
    .limit(limit);
  if (after !== null) query = query.where('id', '>', after);
  return (await query.execute()).map((row) => row.id);
}

/** Deletes at most `limit` history rows of these changes; answers how many went. */
export async function deleteHistoryOfChanges(
  db: DbOrTx,
  bookId: string,
  changeIds: readonly string[],
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM entry_history WHERE id IN (
      SELECT id FROM entry_history
      WHERE book_id = ${bookId}::uuid AND change_id = ANY(${sql.val(changeIds)}::uuid[])
      LIMIT ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function unlinkChanges(
  db: DbOrTx,
  bookId: string,
  changeIds: readonly string[],
): Promise<void> {
  await sql`
    UPDATE entry_changes SET undoes_id = NULL, undone_by_id = NULL
    WHERE book_id = ${bookId}::uuid AND id = ANY(${sql.val(changeIds)}::uuid[])
      AND (undoes_id IS NOT NULL OR undone_by_id IS NOT NULL)`.execute(db);
}

export async function deleteChanges(
  db: DbOrTx,
  bookId: string,
  changeIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('entry_changes')
    .where('book_id', '=', bookId)
    .where('id', 'in', [...changeIds])
    .execute();
}

/**
 * Deletes these rows of the budget log; the undos of them go with them (undoes_id cascades),
 * so a chunk may take a few more rows than it names.
 */
export async function deleteBudgetActions(
  db: DbOrTx,
  bookId: string,
  actionIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('budget_actions')
    .where('book_id', '=', bookId)
    .where('id', 'in', [...actionIds])
    .execute();
}

/**
 * Deletes these entries with their split lines (at most SPLIT_LINES_MAX each) and any history
 * row left (a change's rows went with deleteHistoryOfChanges first).
 */
export async function deleteEntries(
  db: DbOrTx,
  bookId: string,
  entryIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('entry_splits')
    .where('book_id', '=', bookId)
    .where('entry_id', 'in', [...entryIds])
    .execute();
  await db
    .deleteFrom('transactions')
    .where('book_id', '=', bookId)
    .where('id', 'in', [...entryIds])
    .execute();
}

/**
 * Deletes these accounts (their rules and import mappings go with them); import batches of the
 * book first, which could only be there if someone imported while the mark was being set.
 */
export async function deleteAccounts(
  db: DbOrTx,
  bookId: string,
  accountIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('import_batches').where('book_id', '=', bookId).execute();
  await db
    .deleteFrom('accounts')
    .where('book_id', '=', bookId)
    .where('id', 'in', [...accountIds])
    .execute();
}

/**
 * The default categories of a new book, back (migrations/…_default_category_palette.sql),
 * coloured from the shared palette as a new book's are (docs/analytics.md#colours).
 */
export async function seedDefaultCategories(db: DbOrTx, bookId: string): Promise<void> {
  const palette = sql.join(PALETTE.map((colour) => sql`${colour}`));
  await sql`SELECT seed_default_categories(${bookId}::uuid, ARRAY[${palette}]::text[])`.execute(db);
}
