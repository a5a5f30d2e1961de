import { randomUUID } from 'node:crypto';
import type { Database, Db, DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import { ChunkSize, MarkLost, underMark } from './restore-chunks.js';
import * as undo from './restore-cleanup-repository.js';
import * as marks from './restore-mark-repository.js';
import { clearCategories } from './restore-write-repository.js';

// Undoing restores that failed or died (docs/analytics.md#how-a-restore-runs): a failed one at
// once, a dead one (its mark's heartbeat went stale) when a request meets it or at start.

/** Where a cleanup that failed says so (the request's or the server's logger). */
export interface RestoreLog {
  error(obj: object, msg: string): void;
}

/** Books this process is cleaning up now (a request meeting a stale mark starts one at most). */
const cleaning = new Set<string>();

/**
 * Undoes a restore that failed or died: takes its mark over (from `token`, the restore's own, or
 * a stale one), deletes everything of the book a chunk at a time (history, undo links, entries
 * with their split lines, changes, the budget log, accounts, categories), puts the default categories back and
 * clears the mark. A restore claims only an empty book, so everything in it is the restore's.
 * Returns without doing anything if the mark is not `token`'s any more.
 */
export async function undoRestore(db: Db, bookId: string, token: string): Promise<void> {
  const mine = randomUUID();
  if (!(await marks.takeOverMark(db, bookId, token, mine))) return;
  const step = (work: (trx: DbOrTx) => Promise<unknown>) =>
    underMark(db, bookId, mine, async (trx) => {
      await work(trx);
    });

  // History rows, a chunk of changes at a time (one change may have many rows, so they go a
  // bounded number per transaction), then the undo links of those changes.
  const changes = new ChunkSize();
  const history = new ChunkSize();
  for (let after: string | null = null; ;) {
    const changeIds = await undo.idsAfter(db, 'entry_changes', bookId, after, changes.rows);
    if (changeIds.length === 0) break;
    for (;;) {
      const limit = history.rows;
      let deleted = 0;
      const took = await step(async (trx) => {
        deleted = await undo.deleteHistoryOfChanges(trx, bookId, changeIds, limit);
      });
      history.took(limit, took);
      if (deleted < limit) break;
    }
    changes.took(changeIds.length, await step((trx) => undo.unlinkChanges(trx, bookId, changeIds)));
    after = changeIds.at(-1) ?? null;
  }
  /** Deletes the book's rows of a table, a chunk of ids per transaction, until none is left. */
  const drain = async (
    table: 'entry_changes' | 'transactions' | 'accounts' | 'budget_actions',
    work: (trx: DbOrTx, ids: string[]) => Promise<void>,
    rowsPerId = 1,
  ) => {
    const size = new ChunkSize();
    for (;;) {
      const ids = await undo.idsAfter(db, table, bookId, null, Math.ceil(size.rows / rowsPerId));
      if (ids.length === 0) return;
      size.took(ids.length * rowsPerId, await step((trx) => work(trx, ids)));
    }
  };
  // Entries with their split lines (up to SPLIT_LINES_MAX each: counted as 10 rows), then the
  // changes, the budget log, then the accounts.
  await drain('transactions', (trx, ids) => undo.deleteEntries(trx, bookId, ids), 10);
  await drain('entry_changes', (trx, ids) => undo.deleteChanges(trx, bookId, ids));
  await drain('budget_actions', (trx, ids) => undo.deleteBudgetActions(trx, bookId, ids));
  await drain('accounts', (trx, ids) => undo.deleteAccounts(trx, bookId, ids));
  await db.transaction().execute(async (trx) => {
    if (!(await marks.heartbeat(trx, bookId, mine))) throw new MarkLost();
    await clearCategories(trx, bookId);
    await undo.seedDefaultCategories(trx, bookId);
    await marks.clearMark(trx, bookId, mine);
  });
}

/**
 * Cleans up a book's restore if its mark is stale (once per book at a time in this process);
 * errors are logged, and the mark stays for the next try.
 */
export async function cleanUpStaleRestore(
  db: Db,
  bookId: string,
  log: RestoreLog | null,
): Promise<void> {
  if (cleaning.has(bookId)) return;
  cleaning.add(bookId);
  try {
    const stale = (await marks.markedBooks(db, false)).find((book) => book.id === bookId);
    if (stale) await undoRestore(db, bookId, stale.token);
  } catch (error) {
    log?.error({ err: error, bookId }, 'restore: cleaning up an interrupted restore failed');
  } finally {
    cleaning.delete(bookId);
  }
}

/**
 * The answer to a request on a book being restored (the session lookup says so): 409. A stale
 * mark (a restore that died) is cleaned up meanwhile, in the background.
 */
export function bookBeingRestored(
  db: Db,
  bookId: string,
  state: 'running' | 'stale',
  log: RestoreLog,
): AppError {
  if (state === 'stale') {
    void cleanUpStaleRestore(db, bookId, log);
    return new AppError('CONFLICT', MESSAGES.restoreInterrupted);
  }
  return new AppError('CONFLICT', MESSAGES.bookRestoring);
}

/**
 * At start: cleans up after restores that died. On PostgreSQL, the marks whose heartbeat went
 * stale (another instance may be restoring right now); on PGlite, every mark, since its data
 * belongs to this one process.
 */
export async function cleanUpDeadRestores(
  database: Pick<Database, 'db' | 'kind'>,
  log: RestoreLog,
): Promise<void> {
  const marked = await marks.markedBooks(database.db, database.kind === 'pglite');
  for (const book of marked) {
    try {
      await undoRestore(database.db, book.id, book.token);
    } catch (error) {
      log.error({ err: error, bookId: book.id }, 'restore: cleaning up a dead restore failed');
    }
  }
}
