import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/connect.js';
import { booksWithMarks } from './budget-repository.js';
import { refreshIfMarked } from './budget-service.js';

/**
 * The ledger marks the months it changes, and the next budget read of the book sums them
 * (docs/budgets.md#speed). A book whose budget nobody opens would keep one mark per writing
 * transaction and month for ever: every SWEEP_EVERY_MS each instance sums the marks of up to
 * SWEEP_BOOKS books, as their next read would (under the same per-book lock, so it never sums a
 * month twice nor alongside a read).
 */
export const SWEEP_EVERY_MS = 10 * 60_000;
export const SWEEP_BOOKS = 50;

/** Sums the marks of up to `limit` books; answers how many books had marks. */
export async function sweepBudgetMarks(db: DbOrTx, limit = SWEEP_BOOKS): Promise<number> {
  const books = await booksWithMarks(db, limit);
  for (const bookId of books) await refreshIfMarked(db, bookId);
  return books.length;
}

/** Sweeps on a timer until the returned stop, which waits for a sweep under way. */
export function startBudgetMarkSweep(
  db: DbOrTx,
  log: FastifyBaseLogger,
  everyMs = SWEEP_EVERY_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepBudgetMarks(db)
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'budget: sweeping marks failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  // Never what keeps a process alive.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
