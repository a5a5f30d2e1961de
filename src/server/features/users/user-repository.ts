import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { UserRow } from '../../db/schema.js';
import { createPersonalBook } from '../books/index.js';

// The users table (docs/architecture.md#data-access): the principal of every sign-in method.
// A user never exists without a book (docs/ledger.md#books-and-membership): whoever creates one
// here gets its personal book in the same transaction.

/** A new user (key login, tests, scripts) with their personal book. */
export function insertUser(
  db: DbOrTx,
  user: { email: string; firebaseUid?: string | null },
): Promise<UserRow & { bookId: string }> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({ email: user.email, firebase_uid: user.firebaseUid ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, bookId: await createPersonalBook(trx, row.id) };
  });
}

/**
 * The user of a Firebase uid, created with their personal book at first sign-in; later
 * sign-ins only follow Firebase's email. A concurrent first sign-in of the same uid waits on the
 * unique index, then updates.
 */
export function upsertFirebaseUser(
  db: DbOrTx,
  identity: { uid: string; email: string },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const { id, created } = await trx
      .insertInto('users')
      .values({ email: identity.email, firebase_uid: identity.uid })
      .onConflict((oc) => oc.column('firebase_uid').doUpdateSet({ email: identity.email }))
      // xmax is 0 on a row version this statement inserted, and set on one it updated.
      .returning(['id', sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirstOrThrow();
    if (created) await createPersonalBook(trx, id);
    return id;
  });
}
