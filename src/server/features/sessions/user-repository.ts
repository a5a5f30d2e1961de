import type { DbOrTx } from '../../db/connect.js';
import type { UserRow } from '../../db/schema.js';

export async function insertUser(
  db: DbOrTx,
  user: { email: string; firebaseUid?: string | null },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ email: user.email, firebase_uid: user.firebaseUid ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}
