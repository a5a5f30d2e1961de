import { createHash, randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { InstanceGate } from '../../lib/instance-gate.js';
import { MESSAGES } from '../../../shared/errors.js';
import { RESTORES_PER_INSTANCE_MAX } from '../../../shared/limits.js';
import { BOOK_EXPORT_LISTS, type BookExport } from '../../../shared/schemas/book-export.js';
import { lockBudgetSums, markEveryMonth } from '../budget/index.js';
import { idempotent } from '../idempotency/index.js';
import { checkBookExport, refuse, type CheckedFile } from './restore-check.js';
import { MarkLost } from './restore-chunks.js';
import { cleanUpStaleRestore, undoRestore, type RestoreLog } from './restore-cleanup.js';
import * as marks from './restore-mark-repository.js';
import { Pacer } from '../../lib/pacer.js';
import { clearCategories } from './restore-write-repository.js';
import { writeFile } from './restore-write.js';
import { isLockNotAvailable, isUniqueViolation } from '../../db/pg-errors.js';

// The restore (docs/analytics.md#full-export-and-restore). A file of up to 16 MB is checked and
// written without holding the server or the database for long:
//
// 1. The input is parsed a slice at a time (parseRestoreInput, restore-input.ts), then the file's
//    parts are checked against each other (checkBookExport, restore-check.ts), also in slices:
//    no database, linear time.
// 2. The book is claimed in one short transaction: it must be empty; it gets a mark (a token and
//    a heartbeat) and loses its default categories. From then on every other request on the book
//    answers 409 (src/server/trpc/init.ts), so nobody sees or changes it half restored.
// 3. The file is written in short transactions of at most CHUNK_ROWS_MAX rows, each one
//    refreshing the heartbeat, yielding to other requests between them (restore-write.ts,
//    restore-chunks.ts; on PGlite, whose one session every request shares, this is what lets
//    them through).
// 4. One last short transaction sets the book's name and time zone, clears the mark and records
//    the Idempotency-Key's outcome.
//
// Any failure after the claim deletes what was written, puts the default categories back and
// clears the mark (undoRestore). A restore that died (a crash, kill -9) leaves a mark whose
// heartbeat goes stale: the server cleans it up at start, and when a request meets it
// (restore-cleanup.ts).

const NOT_RECORDED = new Error('no outcome recorded for this key yet');

/** What one restore needs to know besides the file. */
export interface RestoreScope {
  db: Db;
  bookId: string;
  actorId: string;
  /** For the Idempotency-Key (docs/idempotency.md): the key, the operation, the request. */
  key: string | null;
  operation: string;
  clock: Clock;
  requestId: string;
  responseHeaders: Record<string, string>;
  log: RestoreLog;
}

export interface RestoreCounts {
  accounts: number;
  categories: number;
  entries: number;
  changes: number;
}

/**
 * Restores a file into the caller's book, which must be empty (bookHasData; its default
 * categories are replaced by the file's), all or nothing, in the steps described above.
 * `answer` makes the reply from the counts; with an Idempotency-Key it is recorded with the
 * last step and replayed to any retry, and a refusal of the file (422, or 409 for a book in use)
 * is recorded too. A concurrent duplicate meets the book's mark and gets 409 (nothing is
 * recorded for it), or 409 "busy" when the book's row is locked at that moment.
 */
export async function restoreBook<T>(
  scope: RestoreScope,
  file: BookExport,
  answer: (counts: RestoreCounts) => T,
): Promise<T> {
  const pacer = new Pacer();
  const fingerprint = await fingerprintOf(file, pacer);
  const once = <R>(run: (db: DbOrTx) => Promise<R>) =>
    idempotent(
      {
        db: scope.db,
        userId: scope.actorId,
        key: scope.key,
        clock: scope.clock,
        requestId: scope.requestId,
        responseHeaders: scope.responseHeaders,
      },
      scope.operation,
      { file: fingerprint },
      run,
    );
  /** Records a refusal as this key's outcome (when a key was sent) and throws it. */
  const refuseOnce = (refusal: AppError) => once(() => Promise.reject(refusal));

  // An outcome already recorded for this key is the answer.
  try {
    return await once<T>(() => Promise.reject(NOT_RECORDED));
  } catch (error) {
    if (error !== NOT_RECORDED) throw error;
  }

  const release = takeRestoreSlot(scope.responseHeaders);
  try {
    let checked: CheckedFile;
    try {
      checked = await checkBookExport(file, pacer);
    } catch (error) {
      if (error instanceof AppError) await refuseOnce(error);
      throw error;
    }

    const token = randomUUID();
    try {
      await claimBook(scope.db, scope.bookId, token);
    } catch (error) {
      if (error instanceof AppError && error.message.startsWith(NOT_EMPTY)) await refuseOnce(error);
      throw error;
    }

    const counts: RestoreCounts = {
      accounts: file.accounts.length,
      categories: file.categories.length,
      entries: file.entries.length,
      changes: file.changes.length,
    };
    let finished = false;
    try {
      await writeFile(scope, token, file, checked);
      const reply = await once(async (db) => {
        const finish = async (trx: DbOrTx) => {
          if (!(await marks.heartbeat(trx, scope.bookId, token))) throw new MarkLost();
          const held = await marks.countBookRows(trx, scope.bookId);
          if (
            held.accounts !== counts.accounts ||
            held.groups !== file.categoryGroups.length ||
            held.categories !== counts.categories ||
            held.entries !== counts.entries ||
            held.changes !== counts.changes ||
            held.budgetActions !== (file.budgetActions ?? []).length ||
            held.others !== 0
          ) {
            throw new BookChanged();
          }
          // The file's budget periods may differ from the book's: every month is summed again,
          // under the lock a read sums under, taken before the book's row changes
          // (docs/budgets.md#budget-periods).
          await lockBudgetSums(trx, scope.bookId);
          if (!(await marks.finishRestore(trx, scope.bookId, token, file.book))) {
            throw new MarkLost();
          }
          await markEveryMonth(trx, scope.bookId);
          finished = true;
          return answer(counts);
        };
        return db.isTransaction ? finish(db) : db.transaction().execute(finish);
      });
      // Not finished: this key got an outcome meanwhile, which is the answer; the restore goes.
      if (!finished) await undoRestore(scope.db, scope.bookId, token);
      return reply;
    } catch (error) {
      // Nothing to undo if the last step did commit (the mark is gone: undoRestore sees that).
      await undoRestore(scope.db, scope.bookId, token).catch((cleanupError: unknown) => {
        // The mark stays; it goes stale and is cleaned up later.
        scope.log.error({ err: cleanupError }, 'restore: cleaning up a failed restore failed');
      });
      if (error instanceof MarkLost) throw new AppError('CONFLICT', MESSAGES.restoreInterrupted);
      if (error instanceof BookChanged) {
        throw new AppError(
          'CONFLICT',
          'This book changed while the file was being restored into it; nothing was restored',
        );
      }
      if (isUniqueViolation(error)) {
        await refuseOnce(
          refuse('two category groups, or two categories of one group, have the same name'),
        );
      }
      throw error;
    }
  } finally {
    release();
  }
}

const NOT_EMPTY = 'This book is not empty';

/**
 * Step 2: in one short transaction, locks the book's row without waiting (another transaction
 * holding it is a 409 "busy" at once; a few quick retries first), checks that it is empty and not
 * being restored, marks it and clears its default categories.
 */
async function claimBook(db: Db, bookId: string, token: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        const mark = await marks.lockBookNoWait(trx, bookId);
        if (mark.token !== null) {
          if (mark.stale) void cleanUpStaleRestore(db, bookId, null);
          throw new AppError(
            'CONFLICT',
            mark.stale ? MESSAGES.restoreInterrupted : MESSAGES.bookRestoring,
          );
        }
        if (await marks.bookHasData(trx, bookId)) {
          throw new AppError(
            'CONFLICT',
            `${NOT_EMPTY}: a file can only be restored into a book with no accounts, entries or history, that nothing was restored into before`,
          );
        }
        await marks.markRestoring(trx, bookId, token);
        await clearCategories(trx, bookId);
      });
      return;
    } catch (error) {
      if (!isLockNotAvailable(error)) throw error;
      if (attempt >= 5) throw new AppError('CONFLICT', MESSAGES.restoreBusy);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * A fingerprint of the whole file for its Idempotency-Key (a retry must send the same file),
 * hashed a record at a time rather than as one 16 MB text.
 */
async function fingerprintOf(file: BookExport, pacer: Pacer): Promise<string> {
  const hash = createHash('sha256');
  const { format, version, exportedAt, book } = file;
  hash.update(JSON.stringify({ format, version, exportedAt, book }));
  for (const name of BOOK_EXPORT_LISTS) {
    hash.update(`\n${name}`);
    // A list a file written before it existed leaves out (rates) is hashed as an empty one.
    for (const item of file[name] ?? []) {
      hash.update('\n');
      hash.update(JSON.stringify(item));
      if (pacer.step()) await pacer.pause();
    }
  }
  return hash.digest('hex');
}

/** The restores this instance runs at once (RESTORES_PER_INSTANCE_MAX), counted in the process. */
const restoreGate = new InstanceGate(RESTORES_PER_INSTANCE_MAX);

/** A place among the restores this instance runs at once, or 429; its release frees it once. */
function takeRestoreSlot(responseHeaders: Record<string, string>): () => void {
  if (!restoreGate.tryEnter()) {
    responseHeaders['retry-after'] = '30';
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.restoresBusy);
  }
  let released = false;
  return () => {
    if (!released) restoreGate.leave();
    released = true;
  };
}

/** The book holds rows the restore did not write (someone wrote while it was being claimed). */
class BookChanged extends Error {}
