import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../db/savepoint.js';
import type { DbOrTx } from '../../db/connect.js';
import type { ImportFormat } from '../../../shared/schemas/import.js';
import type { AccountRow, ImportBatchRow } from '../../db/schema.js';
import { CREATED_FIELDS } from '../ledger/index.js';
import { entrySnapshotSql } from '../ledger/index.js';

// Import batches, remembered mappings, and the import columns of the ledger (import_batch_id,
// bank_ref, import_fingerprint, import_occurrence): docs/import.md. The entries an import writes
// and the balance it moves go through statements here, in the caller's transaction.

/** A live entry of the account that an imported row may duplicate. */
export interface ImportedEntry {
  id: string;
  occurred_on: string;
  transaction_type: string;
  amount_cents: string | number;
  description: string;
  bank_ref: string | null;
  import_fingerprint: string | null;
  import_occurrence: number | null;
}

/** The account's live entries carrying one of these bank ids or fingerprints. */
export async function findImportedEntries(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  bankRefs: readonly string[],
  fingerprints: readonly string[],
): Promise<ImportedEntry[]> {
  if (bankRefs.length === 0 && fingerprints.length === 0) return [];
  const result = await sql<ImportedEntry>`
    SELECT id, occurred_on, transaction_type, amount_cents, description, bank_ref,
           import_fingerprint, import_occurrence
    FROM transactions
    WHERE book_id = ${bookId}::uuid AND account_id = ${accountId}::uuid AND deleted_at IS NULL
      AND (bank_ref = ANY(${sql.val([...bankRefs])}::text[])
           OR import_fingerprint = ANY(${sql.val([...fingerprints])}::text[]))`.execute(db);
  return result.rows;
}

export async function insertBatch(
  db: DbOrTx,
  batch: {
    bookId: string;
    accountId: string;
    actorId: string;
    fileName: string;
    format: ImportFormat;
    contentSha256: string;
  },
): Promise<ImportBatchRow> {
  return db
    .insertInto('import_batches')
    .values({
      book_id: batch.bookId,
      account_id: batch.accountId,
      created_by: batch.actorId,
      file_name: batch.fileName,
      format: batch.format,
      content_sha256: batch.contentSha256,
      entry_count: 0,
      total_cents: '0',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertChange(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  kind: 'import' | 'import-revert',
): Promise<string> {
  const row = await db
    .insertInto('entry_changes')
    .values({ book_id: bookId, actor_id: actorId, kind })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One entry an import writes; amounts are magnitudes, the type says the direction. */
export interface ImportEntryValues {
  type: 'deposit' | 'expense';
  amount: string;
  description: string;
  occurred_on: string;
  category_id: string | null;
  payee: string;
  tags: string[];
  bank_ref: string | null;
  fingerprint: string | null;
  occurrence: number | null;
}

/**
 * Writes the entries of a batch, with their change's history rows, in one statement whatever
 * their number (the rows travel as one JSON parameter). A row whose bank id or fingerprint is
 * already live in the account (a concurrent import got there first) is skipped by the unique
 * indexes, not written twice. Returns the signed sum and count of what was written.
 *
 * The account is locked from the duplicate check on, so a clash is rare: the rows are first
 * written plainly, and only when a unique index refuses one is the write done again skipping
 * the rows that clash (ON CONFLICT on every row costs a fifth of the write; docs/import.md).
 */
export async function insertEntries(
  db: DbOrTx,
  target: { bookId: string; accountId: string; actorId: string; batchId: string; changeId: string },
  entries: readonly ImportEntryValues[],
): Promise<{ count: number; totalCents: bigint }> {
  const rows = JSON.stringify(entries);
  await savepoint(db, PLAIN_WRITE);
  let written: { count: number; total: string };
  try {
    written = await writeEntries(db, target, rows, false);
    await releaseSavepoint(db, PLAIN_WRITE);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await rollbackToSavepoint(db, PLAIN_WRITE);
    written = await writeEntries(db, target, rows, true);
  }
  return { count: written.count, totalCents: BigInt(written.total) };
}

const PLAIN_WRITE = 'import_plain_write';

/**
 * One statement: the entries, the history row of each entry written (from what the insert
 * returns, not read back), and the count and signed sum of what was written.
 */
async function writeEntries(
  db: DbOrTx,
  target: { bookId: string; accountId: string; actorId: string; batchId: string; changeId: string },
  rows: string,
  skipClashes: boolean,
): Promise<{ count: number; total: string }> {
  const result = await sql<{ count: number; total: string }>`
    WITH written AS (
      INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
        description, occurred_on, category_id, payee, tags, import_batch_id, bank_ref,
        import_fingerprint, import_occurrence)
      SELECT ${target.bookId}::uuid, ${target.actorId}::uuid, ${target.accountId}::uuid, r.type,
             r.amount, r.description, r.occurred_on, r.category_id, r.payee,
             coalesce(r.tags, '{}'), ${target.batchId}::uuid, r.bank_ref, r.fingerprint,
             r.occurrence
      FROM json_to_recordset(${rows}::text::json) AS r(type text, amount bigint,
        description text, occurred_on date, category_id uuid, payee text, tags text[],
        bank_ref text, fingerprint text, occurrence integer)
      ${skipClashes ? sql`ON CONFLICT DO NOTHING` : sql``}
      RETURNING *
    ), history AS (
      INSERT INTO entry_history (book_id, change_id, entry_id, fields, before, after)
      SELECT w.book_id, ${target.changeId}::uuid, w.id, ${sql.val([...CREATED_FIELDS])}::text[],
             NULL, ${entrySnapshotSql('w')}
      FROM written w
    )
    SELECT count(*)::int AS count,
           coalesce(sum(CASE WHEN transaction_type = 'deposit' THEN amount_cents
                             ELSE -amount_cents END), 0)::text AS total
    FROM written`.execute(db);
  const [summary] = result.rows;
  if (!summary) throw new Error('The import write returned no summary');
  return summary;
}

/**
 * Moves the account's balance by delta when it stays within [-credit limit, max]; undefined,
 * having changed nothing, when it would not.
 */
export function moveBalance(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  deltaCents: bigint,
  maxCents: bigint,
): Promise<AccountRow | undefined> {
  return db
    .updateTable('accounts')
    .set({
      balance_cents: sql<string>`balance_cents + ${deltaCents.toString()}::bigint`,
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('book_id', '=', bookId)
    .where('id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where(
      sql<boolean>`balance_cents + ${deltaCents.toString()}::bigint BETWEEN -credit_limit_cents AND ${maxCents.toString()}::bigint`,
    )
    .returningAll()
    .executeTakeFirst();
}

export function finishBatch(
  db: DbOrTx,
  batchId: string,
  done: { changeId: string; count: number; totalCents: bigint },
): Promise<ImportBatchRow> {
  return db
    .updateTable('import_batches')
    .set({
      change_id: done.changeId,
      entry_count: done.count,
      total_cents: done.totalCents.toString(),
    })
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listBatches(
  db: DbOrTx,
  bookId: string,
  accountId: string | undefined,
  limit: number,
) {
  // With its account's currency, which its total is in (a deleted account's too).
  let query = db
    .selectFrom('import_batches as b')
    .innerJoin('accounts as a', (join) =>
      join.onRef('a.book_id', '=', 'b.book_id').onRef('a.id', '=', 'b.account_id'),
    )
    .selectAll('b')
    .select('a.currency')
    .where('b.book_id', '=', bookId)
    .where('b.change_id', 'is not', null);
  if (accountId !== undefined) query = query.where('b.account_id', '=', accountId);
  return query.orderBy('b.created_at', 'desc').limit(limit).execute();
}

/** A live (not reverted) batch of the account made from the same bytes. */
export function findSameFile(db: DbOrTx, bookId: string, accountId: string, sha256: string) {
  return db
    .selectFrom('import_batches')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('content_sha256', '=', sha256)
    .where('reverted_at', 'is', null)
    .where('change_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function lockBatch(db: DbOrTx, bookId: string, batchId: string) {
  return db
    .selectFrom('import_batches')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', batchId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks a batch's live entries in id order: a revert takes them before their accounts, in the
 * same order as every change of the ledger (docs/ledger.md#concurrency), so the two never wait on
 * each other in a cycle.
 */
export async function lockBatchEntries(db: DbOrTx, bookId: string, batchId: string): Promise<void> {
  await sql`
    SELECT id FROM transactions
    WHERE book_id = ${bookId}::uuid AND import_batch_id = ${batchId}::uuid AND deleted_at IS NULL
    ORDER BY id
    FOR NO KEY UPDATE`.execute(db);
}

/** How many of a batch's live entries are reconciled (docs/ledger.md#reconciliation). */
export async function reconciledBatchCount(
  db: DbOrTx,
  bookId: string,
  batchId: string,
): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*)::text AS count FROM transactions
    WHERE book_id = ${bookId}::uuid AND import_batch_id = ${batchId}::uuid AND deleted_at IS NULL
      AND cleared_state = 'reconciled'`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** The signed sum of a batch's live entries, per account they are on now. */
export async function liveBatchTotals(
  db: DbOrTx,
  bookId: string,
  batchId: string,
): Promise<{ account_id: string; total: string }[]> {
  const result = await sql<{ account_id: string; total: string }>`
    SELECT account_id, sum(CASE WHEN transaction_type IN ('deposit', 'transfer_in')
                                THEN amount_cents ELSE -amount_cents END)::text AS total
    FROM transactions
    WHERE book_id = ${bookId}::uuid AND import_batch_id = ${batchId}::uuid AND deleted_at IS NULL
      AND account_id IS NOT NULL
    GROUP BY account_id
    ORDER BY account_id`.execute(db);
  return result.rows;
}

/** Deletes (softly) a batch's live entries, with their history rows, in one statement. */
export async function deleteBatchEntries(
  db: DbOrTx,
  bookId: string,
  batchId: string,
  changeId: string,
): Promise<void> {
  await sql`
    WITH before AS (
      SELECT t.id, ${entrySnapshotSql('t', { withSplits: true })} AS snapshot
      FROM transactions t
      WHERE t.book_id = ${bookId}::uuid AND t.import_batch_id = ${batchId}::uuid
        AND t.deleted_at IS NULL
    ), deleted AS (
      UPDATE transactions t
      SET deleted_at = clock_timestamp(), updated_at = clock_timestamp(), version = t.version + 1
      FROM before
      WHERE t.id = before.id AND t.book_id = ${bookId}::uuid
      RETURNING t.*, before.snapshot AS before_snapshot
    )
    INSERT INTO entry_history (book_id, change_id, entry_id, fields, before, after)
    SELECT deleted.book_id, ${changeId}::uuid, deleted.id, ARRAY['deleted']::text[],
           deleted.before_snapshot,
           jsonb_set(deleted.before_snapshot::jsonb, '{deleted}', 'true'::jsonb)::text
    FROM deleted`.execute(db);
}

export function markReverted(
  db: DbOrTx,
  batchId: string,
  changeId: string,
): Promise<ImportBatchRow> {
  return db
    .updateTable('import_batches')
    .set({ reverted_at: sql<Date>`clock_timestamp()`, revert_change_id: changeId })
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The batch live again: its "reverted" mark cleared with the revert's undo. */
export function clearReverted(db: DbOrTx, batchId: string): Promise<ImportBatchRow> {
  return db
    .updateTable('import_batches')
    .set({ reverted_at: null, revert_change_id: null })
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * How many of the entries a revert removed have a live twin in their account now (same bank id,
 * or same fingerprint and occurrence): rows imported again after the revert. Bringing them back
 * would list them twice (and the unique indexes of docs/import.md#duplicates refuse it). Each
 * look-up is one probe of those indexes, so a 20,000-row batch stays linear.
 */
export async function reimportedCount(
  db: DbOrTx,
  bookId: string,
  batchId: string,
  revertChangeId: string,
): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n
    FROM transactions gone
    WHERE gone.book_id = ${bookId}::uuid AND gone.import_batch_id = ${batchId}::uuid
      AND gone.deleted_at IS NOT NULL
      AND gone.id IN (SELECT h.entry_id FROM entry_history h
                      WHERE h.book_id = ${bookId}::uuid AND h.change_id = ${revertChangeId}::uuid)
      AND (EXISTS (SELECT 1 FROM transactions live
                   WHERE live.book_id = gone.book_id AND live.account_id = gone.account_id
                     AND live.bank_ref = gone.bank_ref AND live.deleted_at IS NULL)
           OR EXISTS (SELECT 1 FROM transactions live
                      WHERE live.book_id = gone.book_id AND live.account_id = gone.account_id
                        AND live.import_fingerprint = gone.import_fingerprint
                        AND live.import_occurrence = gone.import_occurrence
                        AND live.deleted_at IS NULL))`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/**
 * What undoing a revert would move, per account: the signed sum of the entries the revert
 * removed, with the account's balance and floor now (read to word a refusal; the change engine
 * guards the balances itself under its locks).
 */
export async function revertedTotals(
  db: DbOrTx,
  bookId: string,
  revertChangeId: string,
): Promise<{ title: string; currency: string; balance: string; limit: string; total: string }[]> {
  const result = await sql<{
    title: string;
    currency: string;
    balance: string;
    limit: string;
    total: string;
  }>`
    SELECT a.title, a.currency, a.balance_cents::text AS balance,
           a.credit_limit_cents::text AS "limit",
           sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
                    THEN t.amount_cents ELSE -t.amount_cents END)::text AS total
    FROM entry_history h
    JOIN transactions t ON t.id = h.entry_id AND t.book_id = h.book_id
    JOIN accounts a ON a.id = t.account_id
    WHERE h.book_id = ${bookId}::uuid AND h.change_id = ${revertChangeId}::uuid
    GROUP BY a.id, a.title, a.currency, a.balance_cents, a.credit_limit_cents
    ORDER BY a.id`.execute(db);
  return result.rows;
}

export async function findMapping(
  db: DbOrTx,
  bookId: string,
  accountId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.mapping;
}

export async function saveMapping(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  mapping: string,
): Promise<void> {
  await db
    .insertInto('import_mappings')
    .values({ book_id: bookId, account_id: accountId, mapping })
    .onConflict((oc) =>
      oc
        .columns(['book_id', 'account_id'])
        .doUpdateSet({ mapping, updated_at: sql<Date>`clock_timestamp()` }),
    )
    .execute();
}

/** The book's categories by folded name (live ones), for a file's category column. */
export function categoryNames(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('book_id', '=', bookId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute();
}
