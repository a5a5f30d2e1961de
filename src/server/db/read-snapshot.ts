import type { Db, DbOrTx } from './connect.js';

/**
 * Runs `read` in one read-only repeatable-read transaction: every statement of it sees the same
 * committed state, so figures read in several statements agree with each other.
 */
export function readSnapshot<T>(db: Db, read: (trx: DbOrTx) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(read);
}
