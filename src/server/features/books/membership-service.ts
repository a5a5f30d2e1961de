import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import type { Member, UpdateMemberInput } from '../../../shared/schemas/sharing.js';
import type { BookRole } from '../../../shared/schemas/book.js';
import {
  deleteMember,
  listMembers,
  lockMembers,
  setMemberRole,
  type MemberRow,
} from './membership-repository.js';

// Who is in a book and with which role (docs/sharing.md#roles).

export const MEMBER_NOT_FOUND = 'Member not found';
export const LAST_OWNER = 'A book needs at least one owner: make another member an owner first.';
export const PERSONAL_OWNER_STAYS =
  'This is the personal book of this member: they stay its owner and cannot be removed.';
export const CANNOT_LEAVE_PERSONAL = 'You cannot leave your personal book.';

/** Who acts on which book. */
export interface BookActor {
  bookId: string;
  userId: string;
}

function toMember(row: MemberRow, callerId: string): Member {
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    personalOwner: row.personal_owner,
    you: row.user_id === callerId,
    joinedAt: row.created_at.toISOString(),
  };
}

export async function listBookMembers(db: DbOrTx, actor: BookActor): Promise<Member[]> {
  const rows = await listMembers(db, actor.bookId);
  return rows.map((row) => toMember(row, actor.userId));
}

/**
 * The one a change is about, among the book's members (locked by the caller); refuses a change
 * that would leave the book without an owner or take its personal owner's ownership.
 */
function targetOf(members: MemberRow[], userId: string, nextRole: BookRole | null): MemberRow {
  const target = members.find((member) => member.user_id === userId);
  if (!target) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  if (nextRole === 'owner') return target;
  if (target.personal_owner) throw new AppError('CONFLICT', PERSONAL_OWNER_STAYS);
  const owners = members.filter((member) => member.role === 'owner').length;
  if (target.role === 'owner' && owners <= 1) throw new AppError('CONFLICT', LAST_OWNER);
  return target;
}

/** The members locked, then the one a change is about (targetOf). */
async function lockedTarget(
  trx: DbOrTx,
  bookId: string,
  userId: string,
  nextRole: BookRole | null,
): Promise<MemberRow> {
  return targetOf(await lockMembers(trx, bookId), userId, nextRole);
}

/** An owner gives a member another role (handing over ownership is making another an owner). */
export function changeMemberRole(
  db: DbOrTx,
  actor: BookActor,
  input: UpdateMemberInput,
): Promise<Member> {
  return inTransaction(db, async (trx) => {
    const target = await lockedTarget(trx, actor.bookId, input.id, input.role);
    if (target.role !== input.role) await setMemberRole(trx, actor.bookId, input.id, input.role);
    return toMember({ ...target, role: input.role }, actor.userId);
  });
}

/** An owner removes a member: their next request on the book answers as for a missing book. */
export function removeMember(db: DbOrTx, actor: BookActor, userId: string): Promise<void> {
  return inTransaction(db, async (trx) => {
    await lockedTarget(trx, actor.bookId, userId, null);
    await deleteMember(trx, actor.bookId, userId);
  });
}

/** A member leaves a book; their personal book is untouched. */
export function leaveBook(db: DbOrTx, actor: BookActor): Promise<void> {
  return inTransaction(db, async (trx) => {
    const members = await lockMembers(trx, actor.bookId);
    const me = members.find((member) => member.user_id === actor.userId);
    // Not a member: the book answers as a missing one.
    if (!me) throw new AppError('NOT_FOUND', MESSAGES.bookNotFound);
    if (me.personal_owner) throw new AppError('CONFLICT', CANNOT_LEAVE_PERSONAL);
    targetOf(members, actor.userId, null);
    await deleteMember(trx, actor.bookId, actor.userId);
  });
}
