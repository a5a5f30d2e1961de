import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { queryTemplate } from '../../db/query-template.js';
import type { BookRole, SessionMethod } from '../../db/schema.js';
import { RESTORE_STALE_SECONDS } from '../../../shared/limits.js';

// The sessions table (docs/architecture.md#data-access). Tokens arrive here only as hashes.

export async function insertSession(
  db: DbOrTx,
  session: {
    tokenHash: string;
    userId: string;
    method: SessionMethod;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      method: session.method,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      last_seen_at: session.createdAt,
      // Signing in has just checked the identity (a Firebase ID token, revocation included).
      identity_checked_at: session.createdAt,
      revoked_at: null,
    })
    .execute();
}

/**
 * The live session of a token hash with its user and a book of theirs, reached through the
 * membership (which carries the role; null when the user is no member of it): the book
 * `requestedBookId` names, or the user's personal book when it is null (docs/sharing.md). One
 * statement of primary-key and unique-index lookups on every authenticated request, so compiled
 * once (docs/decisions/003-compiled-query-templates.md); two statements, one per way of naming
 * the book, so that a call on the personal book runs the lookup it always ran. The book is a
 * scalar subquery, not two more joins: the app's connections plan every statement for its
 * values, and planning a four-table join cost more than running it (0.8 ms against 0.3 ms per
 * lookup, docs/ledger.md#books-and-membership).
 */
export function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
  requestedBookId: string | null,
) {
  return requestedBookId === null
    ? findLiveSessionOnPersonalBook(db, tokenHash, now, idleCutoff)
    : findLiveSessionOnNamedBook(db, tokenHash, now, idleCutoff, requestedBookId);
}

const findLiveSessionOnPersonalBook = queryTemplate(
  (db, tokenHash: string, now: Date, idleCutoff: Date) =>
    liveSessionQuery(db, tokenHash, now, idleCutoff, {
      where: sql`b.personal_owner_id = sessions.user_id`,
      personal: sql`'true'`,
    }),
  3,
);

const findLiveSessionOnNamedBook = queryTemplate(
  (db, tokenHash: string, now: Date, idleCutoff: Date, bookId: string) =>
    liveSessionQuery(db, tokenHash, now, idleCutoff, {
      where: sql`b.id = ${bookId}::uuid`,
      personal: sql`(b.personal_owner_id IS NOT DISTINCT FROM sessions.user_id)::text`,
    }),
  4,
);

/** The session lookup, with which book it reads and how it tells whether that is personal. */
function liveSessionQuery(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
  idleCutoff: Date,
  book: { where: RawBuilder<unknown>; personal: RawBuilder<unknown> },
) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.email',
      'sessions.method',
      'sessions.last_seen_at',
      // The book and its rules setting ride along, so a deposit needs no query of its own to
      // learn whether rules fill it in (docs/import.md#rules); so does whether a file is being
      // restored into it (docs/analytics.md#full-export-and-restore): 'running', 'stale' (the
      // restore died: its heartbeat stopped) or 'idle' (no NULL: postgres.js reads a NULL
      // array element as the text 'NULL'), and whether it is the user's personal book.
      sql<
        [string, BookRole, 'true' | 'false', 'idle' | 'running' | 'stale', 'true' | 'false'] | null
      >`(
          SELECT ARRAY[m.book_id::text, m.role, b.apply_rules_to_manual_entries::text,
            CASE WHEN b.restore_token IS NULL THEN 'idle'
              WHEN b.restore_heartbeat_at < clock_timestamp() - ${sql.raw(`interval '${RESTORE_STALE_SECONDS} seconds'`)}
              THEN 'stale' ELSE 'running' END,
            ${book.personal}]
          FROM books b JOIN memberships m ON m.book_id = b.id
          WHERE ${book.where} AND m.user_id = sessions.user_id
        )`.as('book'),
      'sessions.identity_checked_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleCutoff);
}

/** What a re-check of the identity behind a session needs (docs/sign-in.md#firebase-sign-in). */
export function findSessionIdentity(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ firebase_uid: string | null; created_at: Date } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.firebase_uid', 'sessions.created_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markIdentityChecked(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ identity_checked_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function touchSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Whether a live session was revoked by this call. */
export async function revokeSessionByHash(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
