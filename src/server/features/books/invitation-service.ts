import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newSecretToken, sha256Hex } from '../../lib/tokens.js';
import { sendInBackground, type MailSettings } from '../mail/index.js';
import {
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  OPEN_INVITATIONS_MAX,
  type CreateInvitationInput,
  type Invitation,
  type InvitationState,
} from '../../../shared/schemas/sharing.js';
import type { BookRole } from '../../../shared/schemas/book.js';
import {
  countOpenInvitations,
  deleteInvitation,
  findInvitation,
  findInvitationByToken,
  insertInvitation,
  listInvitations,
  setInvitationOutcome,
  type InvitationRow,
} from './invitation-repository.js';
import { insertMember } from './membership-repository.js';
import type { BookActor } from './membership-service.js';
import { findMemberBook } from './book-repository.js';

// Invitations into a book (docs/sharing.md#invitations): by email or as a link, single use,
// for seven days, revocable; the token exists only in the link.

export const INVITATION_NOT_FOUND = 'Invitation not found';
/** A link whose invitation is not there: never made, or withdrawn (which deletes it). */
export const LINK_NOT_FOUND = 'This invitation does not exist or was withdrawn.';
export const TOO_MANY_INVITATIONS = `A book can have at most ${OPEN_INVITATIONS_MAX} open invitations: revoke some first.`;
const NOT_OPEN: Record<Exclude<InvitationState, 'open'>, string> = {
  accepted: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  expired: 'This invitation has expired: ask for a new one.',
};
export const ALREADY_MEMBER = 'You are already a member of this book.';

export interface InvitationDeps {
  clock: Clock;
  mail: MailSettings;
  log: FastifyBaseLogger;
}

function stateOf(row: Pick<InvitationRow, 'outcome' | 'expires_at'>, now: Date): InvitationState {
  if (row.outcome) return row.outcome;
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    state: stateOf(row, now),
    invitedBy: row.invited_by_email,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

const linkOf = (publicUrl: string, token: string) =>
  `${publicUrl}${INVITATION_PATH}#token=${token}`;

export async function createInvitation(
  db: DbOrTx,
  deps: InvitationDeps,
  actor: BookActor & { email: string },
  input: CreateInvitationInput,
): Promise<{ invitation: Invitation; link: string; token: string }> {
  const now = deps.clock();
  if ((await countOpenInvitations(db, actor.bookId, now)) >= OPEN_INVITATIONS_MAX) {
    throw new AppError('CONFLICT', TOO_MANY_INVITATIONS);
  }
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);
  const id = await insertInvitation(db, {
    bookId: actor.bookId,
    role: input.role,
    email: input.email ?? null,
    tokenSha256: sha256Hex(token),
    invitedBy: actor.userId,
    createdAt: now,
    expiresAt,
  });
  const row = await findInvitation(db, actor.bookId, id);
  if (!row) throw new Error('The invitation was not stored');
  const link = linkOf(deps.mail.publicUrl, token);
  if (input.email) {
    const book = await findMemberBook(db, actor.bookId, actor.userId);
    sendInBackground(
      deps.mail.mailer,
      {
        kind: 'BOOK_INVITATION',
        to: input.email,
        subject: `${actor.email} invites you to “${book?.name ?? 'a book'}” on Expense Tracker`,
        text:
          `${actor.email} invites you to keep the book “${book?.name ?? ''}” together on Expense ` +
          `Tracker, with the role “${input.role}”. Open this link, sign in (or sign ` +
          `up) with any method, and accept or decline:\n\n${link}\n\nThe link works once, for ` +
          `${INVITATION_TTL_DAYS} days. If you do not know the sender, ignore this message.`,
        link,
      },
      deps.log,
    );
  }
  return { invitation: toInvitation(row, now), link, token };
}

export async function listBookInvitations(
  db: DbOrTx,
  clock: Clock,
  actor: BookActor,
): Promise<Invitation[]> {
  const now = clock();
  return (await listInvitations(db, actor.bookId)).map((row) => toInvitation(row, now));
}

/**
 * Withdraws an open invitation by deleting it: its link then leads nowhere. Answered ones stay
 * as the record of who was asked and what they said.
 */
export function revokeInvitation(
  db: DbOrTx,
  clock: Clock,
  actor: BookActor,
  id: string,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await findInvitation(trx, actor.bookId, id, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
    const state = stateOf(row, clock());
    if (state !== 'open') throw new AppError('CONFLICT', NOT_OPEN[state]);
    await deleteInvitation(trx, id);
  });
}

/** What an invitee sees before answering. */
export async function previewInvitation(db: DbOrTx, clock: Clock, userId: string, token: string) {
  const row = await findInvitationByToken(db, sha256Hex(token), { lock: false });
  if (!row) throw new AppError('NOT_FOUND', LINK_NOT_FOUND);
  return {
    bookId: row.book_id,
    bookName: row.book_name,
    role: row.role,
    invitedBy: row.invited_by_email,
    state: stateOf(row, clock()),
    expiresAt: row.expires_at.toISOString(),
    alreadyMember: (await findMemberBook(db, row.book_id, userId)) !== undefined,
  };
}

/** Locks the invitation of a link and refuses it unless it can still be answered. */
async function openInvitation(trx: DbOrTx, token: string, now: Date) {
  const row = await findInvitationByToken(trx, sha256Hex(token), { lock: true });
  if (!row) throw new AppError('NOT_FOUND', LINK_NOT_FOUND);
  const state = stateOf(row, now);
  if (state !== 'open') throw new AppError('CONFLICT', NOT_OPEN[state]);
  return row;
}

/** The invitee joins the book with the invitation's role; the link is used up. */
export function acceptInvitation(
  db: DbOrTx,
  clock: Clock,
  userId: string,
  token: string,
): Promise<{ bookId: string; bookName: string; role: BookRole }> {
  return inTransaction(db, async (trx) => {
    const now = clock();
    const row = await openInvitation(trx, token, now);
    if (!(await insertMember(trx, row.book_id, userId, row.role))) {
      throw new AppError('CONFLICT', ALREADY_MEMBER);
    }
    await setInvitationOutcome(trx, row.id, 'accepted', userId, now);
    return { bookId: row.book_id, bookName: row.book_name, role: row.role };
  });
}

export function declineInvitation(
  db: DbOrTx,
  clock: Clock,
  userId: string,
  token: string,
): Promise<{ bookId: string }> {
  return inTransaction(db, async (trx) => {
    const now = clock();
    const row = await openInvitation(trx, token, now);
    await setInvitationOutcome(trx, row.id, 'declined', userId, now);
    return { bookId: row.book_id };
  });
}
