import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';

// Reading a whole book for its export and writing one back (docs/analytics.md#full-export).
// Reads go table by table in one read-only snapshot (the caller's transaction); the restore
// writes in the caller's transaction, in chunks, so a large book is a few statements per table.

const CHUNK = 1000;

export function readBook(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('books')
    .select(['name', 'time_zone'])
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
}

export function readAccounts(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('accounts')
    .select([
      'id',
      'title',
      'description',
      'icon',
      'color',
      'balance_cents',
      'credit_limit_cents',
      'created_at',
      'deleted_at',
    ])
    .where('book_id', '=', bookId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readGroups(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('category_groups')
    .select(['id', 'name', 'kind', 'position', 'archived_at'])
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readCategories(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'group_id', 'name', 'icon', 'color', 'position', 'archived_at'])
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readEntries(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'account_id',
      'transaction_type',
      'amount_cents',
      'description',
      'occurred_on',
      'category_id',
      'payee',
      'tags',
      'transfer_id',
      'version',
      'deleted_at',
      'created_at',
      'updated_at',
    ])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function readSplits(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_splits')
    .select(['entry_id', 'position', 'category_id', 'amount_cents', 'note'])
    .where('book_id', '=', bookId)
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
}

export function readChanges(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_changes')
    .select(['id', 'kind', 'undoes_id', 'undone_by_id', 'created_at'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function readHistory(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_history')
    .select(['change_id', 'entry_id', 'fields', 'before', 'after'])
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
}

/** Whether a book holds anything a person made: accounts (even deleted ones) or entries. */
export async function bookHasData(db: DbOrTx, bookId: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM accounts WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM transactions WHERE book_id = ${bookId}::uuid) AS used`.execute(db);
  return rows[0]?.used ?? false;
}

/** Locks the book's row so two restores into it cannot interleave. */
export async function lockBook(db: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT id FROM books WHERE id = ${bookId}::uuid FOR UPDATE`.execute(db);
}

/** The default categories of a new book go: the file brings its own. */
export async function clearCategories(db: DbOrTx, bookId: string): Promise<void> {
  await db.deleteFrom('categories').where('book_id', '=', bookId).execute();
  await db.deleteFrom('category_groups').where('book_id', '=', bookId).execute();
}

export async function setBook(
  db: DbOrTx,
  bookId: string,
  book: { name: string; timeZone: string | null },
): Promise<void> {
  await db
    .updateTable('books')
    .set({ name: book.name, time_zone: book.timeZone })
    .where('id', '=', bookId)
    .execute();
}

/** Inserts rows a chunk at a time (one statement per chunk). */
export async function insertChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Every restored account's balance becomes the signed sum of its live entries: the ledger's
 * invariant (docs/ledger.md#entries), whatever the file said (the service checked they agree).
 */
export async function settleBalances(db: DbOrTx, bookId: string): Promise<void> {
  await sql`
    UPDATE accounts a SET balance_cents = coalesce((
      SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
        THEN t.amount_cents ELSE -t.amount_cents END)
      FROM transactions t
      WHERE t.book_id = a.book_id AND t.account_id = a.id AND t.deleted_at IS NULL), 0)
    WHERE a.book_id = ${bookId}::uuid`.execute(db);
}
