import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { BookInvitationsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

// The invitations of books (docs/sharing.md#invitations). Tokens arrive here only as hashes.

export type InvitationRow = Selectable<BookInvitationsTable> & { invited_by_email: string | null };

function withInviter(db: DbOrTx) {
  return db
    .selectFrom('book_invitations')
    .leftJoin('users', 'users.id', 'book_invitations.invited_by')
    .selectAll('book_invitations')
    .select('users.email as invited_by_email');
}

export async function insertInvitation(
  db: DbOrTx,
  invitation: {
    bookId: string;
    role: BookInvitationsTable['role'];
    email: string | null;
    tokenSha256: string;
    invitedBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('book_invitations')
    .values({
      book_id: invitation.bookId,
      role: invitation.role,
      email: invitation.email,
      token_sha256: invitation.tokenSha256,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A book's invitations, newest first (answered ones stay listed: who was asked, and what became of it). */
export function listInvitations(db: DbOrTx, bookId: string): Promise<InvitationRow[]> {
  return withInviter(db)
    .where('book_invitations.book_id', '=', bookId)
    .orderBy('book_invitations.created_at', 'desc')
    .orderBy('book_invitations.id')
    .limit(200)
    .execute();
}

export function findInvitation(
  db: DbOrTx,
  bookId: string,
  id: string,
  options: { lock: boolean } = { lock: false },
): Promise<InvitationRow | undefined> {
  const query = withInviter(db)
    .where('book_invitations.book_id', '=', bookId)
    .where('book_invitations.id', '=', id);
  return (options.lock ? query.forUpdate('book_invitations') : query).executeTakeFirst();
}

export async function deleteInvitation(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('book_invitations').where('id', '=', id).execute();
}

/** How many of a book's invitations can still be accepted. */
export async function countOpenInvitations(db: DbOrTx, bookId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('book_invitations')
    .select(sql<number>`count(*)::int`.as('open'))
    .where('book_id', '=', bookId)
    .where('outcome', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return row.open;
}

/** The invitation of a link, with its book's name; locked when answering it. */
export function findInvitationByToken(
  db: DbOrTx,
  tokenSha256: string,
  options: { lock: boolean },
): Promise<(InvitationRow & { book_name: string }) | undefined> {
  const query = withInviter(db)
    .innerJoin('books', 'books.id', 'book_invitations.book_id')
    .select('books.name as book_name')
    .where('book_invitations.token_sha256', '=', tokenSha256);
  return (options.lock ? query.forUpdate('book_invitations') : query).executeTakeFirst();
}

export async function setInvitationOutcome(
  db: DbOrTx,
  id: string,
  outcome: NonNullable<BookInvitationsTable['outcome']>,
  by: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('book_invitations')
    .set({ outcome, outcome_at: at, outcome_by: by })
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .execute();
}
