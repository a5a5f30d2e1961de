import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { BookRole } from '../../../shared/schemas/book.js';

// The memberships of a book (docs/sharing.md#roles, docs/architecture.md#data-access).

export interface MemberRow {
  user_id: string;
  email: string;
  role: BookRole;
  personal_owner: boolean;
  created_at: Date;
}

function membersQuery(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('books', 'books.id', 'memberships.book_id')
    .select([
      'memberships.user_id',
      'users.email',
      'memberships.role',
      'memberships.created_at',
      (eb) =>
        eb(eb.ref('books.personal_owner_id'), 'is not distinct from', eb.ref('memberships.user_id'))
          .$castTo<boolean>()
          .as('personal_owner'),
    ])
    .where('memberships.book_id', '=', bookId);
}

/** The members of a book, owners first, then by when they joined. */
export function listMembers(db: DbOrTx, bookId: string): Promise<MemberRow[]> {
  return membersQuery(db, bookId)
    .orderBy(sql`CASE memberships.role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`)
    .orderBy('memberships.created_at')
    .orderBy('memberships.user_id')
    .execute();
}

/**
 * Every membership of a book, locked until the transaction ends: a change of roles or members
 * then judges "at least one owner" on rows nobody else changes meanwhile.
 */
export function lockMembers(db: DbOrTx, bookId: string): Promise<MemberRow[]> {
  return membersQuery(db, bookId).forUpdate('memberships').execute();
}

export async function setMemberRole(
  db: DbOrTx,
  bookId: string,
  userId: string,
  role: BookRole,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role })
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: DbOrTx, bookId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('book_id', '=', bookId)
    .where('user_id', '=', userId)
    .execute();
}

/** Adds a member; false when they already were one (their role is then left as it is). */
export async function insertMember(
  db: DbOrTx,
  bookId: string,
  userId: string,
  role: BookRole,
): Promise<boolean> {
  const inserted = await db
    .insertInto('memberships')
    .values({ book_id: bookId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['book_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
