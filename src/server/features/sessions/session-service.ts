import type { DbOrTx } from '../../db/connect.js';
import type { BookRole, SessionMethod } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newSecretToken, sha256Hex } from '../../lib/tokens.js';
import {
  findLiveSession,
  insertSession,
  revokeSessionByHash,
  touchSession,
} from './session-repository.js';

export interface SessionPolicy {
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
}

/**
 * Confirms, now and then, that the identity behind a session still stands (a Firebase user not
 * disabled, deleted or revoked since the session began): docs/sign-in.md#firebase-sign-in.
 */
export interface IdentityCheck {
  /** A session's identity is checked again once this long has passed since the last check. */
  everyMs: number;
  /**
   * Whether the session may go on; checks the identity and records the check when it stands.
   * It may keep a session going when it cannot tell (the identity provider is unreachable).
   */
  stillValid(
    db: DbOrTx,
    session: { tokenHash: string; method: SessionMethod; now: Date },
  ): Promise<boolean>;
}

export interface SessionUser {
  id: string;
  email: string;
  method: SessionMethod;
}

/**
 * Refreshing last_seen_at on every request would turn each read into a write, so it is refreshed
 * at most once a minute, and at most every quarter of the idle timeout: a coarser step than that
 * would let a short idle timeout end a session that is in use.
 */
export function lastSeenGranularityMs(policy: SessionPolicy): number {
  return Math.min(60_000, (policy.idleTimeoutSeconds * 1000) / 4);
}

/** Issues a new session and returns its token: the only time the token exists outside a hash. */
export async function createSession(
  db: DbOrTx,
  userId: string,
  method: SessionMethod,
  policy: SessionPolicy,
  clock: Clock,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const now = clock();
  const expiresAt = new Date(now.getTime() + policy.maxAgeSeconds * 1000);
  await insertSession(db, {
    tokenHash: sha256Hex(token),
    userId,
    method,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Who is calling, and the book the call works on (docs/sharing.md#choosing-a-book). */
export interface SignedIn {
  user: SessionUser;
  bookId: string;
  bookRole: BookRole;
  /** The book is the caller's personal one (the one calls naming no book work on). */
  bookPersonal: boolean;
  /** The book's setting, read with the session: rules fill in entries added by hand. */
  bookAppliesRules: boolean;
  /**
   * Whether a file is being restored into the book (docs/analytics.md#full-export-and-restore):
   * 'running', 'stale' (a restore that died, to clean up), or null. Requests on the book are
   * refused meanwhile (src/server/trpc/init.ts).
   */
  bookRestore: 'running' | 'stale' | null;
}

/** The session stands, but the book the call names is none of the caller's (or none at all). */
export const NOT_A_MEMBER = 'not-a-member';

/**
 * The signed-in user of a token and the book the call works on (`requestedBookId`, or their
 * personal book when null); null when the token is unknown, revoked, expired or idle too long,
 * or when the identity behind it no longer stands (checked at most every `identity.everyMs`);
 * NOT_A_MEMBER when the session stands but the caller is no member of the book named. A check
 * that is not the person's doing (a live connection's, docs/live-updates.md) passes
 * `touch: false`: it must not keep an idle session alive.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  policy: SessionPolicy,
  clock: Clock,
  identity: IdentityCheck | null = null,
  requestedBookId: string | null = null,
  touch = true,
): Promise<SignedIn | typeof NOT_A_MEMBER | null> {
  const now = clock();
  const idleCutoff = new Date(now.getTime() - policy.idleTimeoutSeconds * 1000);
  const tokenHash = sha256Hex(token);
  const [row] = await findLiveSession(db, tokenHash, now, idleCutoff, requestedBookId);
  if (!row) return null;
  const checkedAt = row.identity_checked_at?.getTime() ?? 0;
  if (identity && now.getTime() - checkedAt >= identity.everyMs) {
    if (!(await identity.stillValid(db, { tokenHash, method: row.method, now }))) {
      await revokeSessionByHash(db, tokenHash, now);
      return null;
    }
  }
  if (touch && now.getTime() - row.last_seen_at.getTime() >= lastSeenGranularityMs(policy)) {
    await touchSession(db, tokenHash, now);
  }
  if (!row.book) {
    // A user without a personal book has no working session (every way of creating users
    // gives one); a book named that is not theirs is a 404 like a missing one.
    return requestedBookId === null ? null : NOT_A_MEMBER;
  }
  return {
    user: { id: row.id, email: row.email, method: row.method },
    bookId: row.book[0],
    bookRole: row.book[1],
    bookAppliesRules: row.book[2] === 'true',
    bookRestore: row.book[3] === 'running' || row.book[3] === 'stale' ? row.book[3] : null,
    bookPersonal: row.book[4] === 'true',
  };
}

/** Ends a session on the server; the token answers 401 from the next request on. */
export async function revokeSession(db: DbOrTx, token: string, clock: Clock): Promise<boolean> {
  return revokeSessionByHash(db, sha256Hex(token), clock());
}
