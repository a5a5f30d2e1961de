import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import { entrySnapshotSql } from './entry-snapshot-repository.js';

// A category's deletion, as the ledger sees it: its entries change category, recorded as one
// change the owner can undo (docs/ledger.md#history).

/** The snapshot of the transactions row `t`, split lines included (docs/ledger.md#history). */
const snapshotWithSplits = entrySnapshotSql('t', { withSplits: true });

/**
 * Moves every entry (live or deleted: a deleted one can be restored) and split line that names
 * the category `categoryId` to `reassignTo` (null: uncategorised), with one change of kind
 * 'category-delete' and a history row per entry touched; the category's deletion follows in the
 * same transaction. Call it after locking the category (findCategory with lock): the lock keeps
 * new entries from naming it meanwhile. Returns how many entries moved and the change's id (null
 * when none did).
 */
export async function recategorizeEntries(
  db: DbOrTx,
  d: { bookId: string; actorId: string; categoryId: string; reassignTo: string | null },
): Promise<{ moved: number; changeId: string | null }> {
  const { bookId, categoryId, reassignTo } = d;
  const touched = await sql<{ id: string }>`
    SELECT t.id
    FROM transactions t
    WHERE t.book_id = ${bookId}::uuid
      AND (t.category_id = ${categoryId}::uuid OR t.id IN (
        SELECT entry_id FROM entry_splits
        WHERE book_id = ${bookId}::uuid AND category_id = ${categoryId}::uuid))
    ORDER BY t.seq
    FOR UPDATE`.execute(db);
  let changeId: string | null = null;
  if (touched.rows.length > 0) {
    const ids = touched.rows.map((row) => row.id);
    const change = await db
      .insertInto('entry_changes')
      .values({ book_id: bookId, actor_id: d.actorId, kind: 'category-delete' })
      .returning('id')
      .executeTakeFirstOrThrow();
    changeId = change.id;
    await sql`INSERT INTO entry_history (book_id, change_id, entry_id, fields, before, after)
      SELECT t.book_id, ${changeId}::uuid, t.id,
             CASE WHEN t.category_id = ${categoryId}::uuid THEN ARRAY['categoryId']
                  ELSE ARRAY['splits'] END,
             ${snapshotWithSplits}, NULL
      FROM transactions t
      WHERE t.book_id = ${bookId}::uuid AND t.id = ANY(${sql.val(ids)}::uuid[])
      ORDER BY t.seq`.execute(db);
    await sql`UPDATE transactions SET
        category_id = CASE WHEN category_id = ${categoryId}::uuid THEN ${reassignTo}::uuid
                           ELSE category_id END,
        version = version + 1, updated_at = clock_timestamp()
      WHERE book_id = ${bookId}::uuid AND id = ANY(${sql.val(ids)}::uuid[])`.execute(db);
    await sql`UPDATE entry_splits SET category_id = ${reassignTo}::uuid
      WHERE book_id = ${bookId}::uuid AND category_id = ${categoryId}::uuid`.execute(db);
    await sql`UPDATE entry_history h SET after = ${snapshotWithSplits}
      FROM transactions t
      WHERE h.change_id = ${changeId}::uuid AND h.book_id = ${bookId}::uuid
        AND t.book_id = h.book_id AND t.id = h.entry_id`.execute(db);
  }
  return { moved: touched.rows.length, changeId };
}
