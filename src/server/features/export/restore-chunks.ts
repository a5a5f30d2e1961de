import { performance } from 'node:perf_hooks';
import type { Db, DbOrTx } from '../../db/connect.js';
import { heartbeat } from './restore-mark-repository.js';
import { yieldToOthers } from '../../lib/pacer.js';

// A restore writes, and the cleanup of one deletes, in short transactions under the book's
// restore mark, yielding between them: on PGlite, whose one session every request shares, this
// is what lets the other requests through (docs/analytics.md#how-a-restore-runs).

/**
 * Rows a restore (or the cleanup of one) writes per transaction: about as many as take
 * CHUNK_TARGET_MS, between CHUNK_ROWS_MIN and CHUNK_ROWS_MAX (ChunkSize), starting from
 * CHUNK_ROWS_FIRST.
 */
const CHUNK_TARGET_MS = 20;
const CHUNK_ROWS_FIRST = 50;
const CHUNK_ROWS_MIN = 10;
const CHUNK_ROWS_MAX = 1000;

/** The mark the restore (or cleanup) writing under a token no longer holds. */
export class MarkLost extends Error {
  constructor() {
    super('the restore mark of this book is held by someone else now');
  }
}

/**
 * Rows per transaction of one table, adapted as it goes so that each transaction's statements
 * take about CHUNK_TARGET_MS (on PGlite they run on the event loop, and every other request waits
 * for the one session meanwhile): a row of the ledger, with its trigger and indexes, costs far
 * more than an undo link. The first chunk is small, each next one at most twice the last.
 */
export class ChunkSize {
  private size = CHUNK_ROWS_FIRST;

  get rows(): number {
    return this.size;
  }

  took(rows: number, ms: number): void {
    const fitting = (rows * CHUNK_TARGET_MS) / Math.max(ms, 1);
    this.size = Math.round(
      Math.min(CHUNK_ROWS_MAX, 2 * this.size, Math.max(CHUNK_ROWS_MIN, fitting)),
    );
  }
}

/**
 * Runs `work` in a short transaction that first checks, and refreshes, `token`'s mark; answers
 * how long `work` took. Then yields, so that requests waiting for the database go first.
 */
export async function underMark(
  db: Db,
  bookId: string,
  token: string,
  work: (trx: DbOrTx) => Promise<void>,
): Promise<number> {
  let took = 0;
  await db.transaction().execute(async (trx) => {
    if (!(await heartbeat(trx, bookId, token))) throw new MarkLost();
    const start = performance.now();
    await work(trx);
    took = performance.now() - start;
  });
  await yieldToOthers();
  return took;
}

/** Writes `items` a chunk at a time, one short transaction each, under the restore's mark. */
export async function writeInChunks<T>(
  db: Db,
  bookId: string,
  token: string,
  items: readonly T[],
  write: (trx: DbOrTx, chunk: T[]) => Promise<void>,
): Promise<void> {
  const size = new ChunkSize();
  for (let i = 0; i < items.length;) {
    const chunk = items.slice(i, i + size.rows);
    size.took(chunk.length, await underMark(db, bookId, token, (trx) => write(trx, chunk)));
    i += chunk.length;
  }
}
