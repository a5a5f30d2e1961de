import type { DbOrTx } from './connect.js';

/**
 * Runs `work` in a transaction: the caller's when it has one (an Idempotency-Key's), else a new
 * one, so what a service writes commits together or not at all whichever door it came through.
 */
export function inTransaction<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
