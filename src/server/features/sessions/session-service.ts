import type { DbOrTx } from '../../db/connect.js';
import type { SessionMethod } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newSecretToken, sha256Hex } from '../../lib/tokens.js';
import { queryTemplate } from '../../db/query-template.js';

export interface SessionPolicy {
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
}

export interface SessionUser {
  id: string;
  email: string;
  method: SessionMethod;
}

/** Refreshing last_seen_at on every request would turn each read into a write; once a minute is enough. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

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
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      method,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The live session of a token hash, if any: one indexed lookup on every authenticated request. */
const findLiveSession = queryTemplate(
  (db, tokenHash: string, now: Date, idleCutoff: Date) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.email', 'sessions.method', 'sessions.last_seen_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('sessions.last_seen_at', '>', idleCutoff),
  3,
);

/** The signed-in user of a token, or null when it is unknown, revoked, expired or idle too long. */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  policy: SessionPolicy,
  clock: Clock,
): Promise<SessionUser | null> {
  const now = clock();
  const idleCutoff = new Date(now.getTime() - policy.idleTimeoutSeconds * 1000);
  const tokenHash = sha256Hex(token);
  const [row] = await findLiveSession(db, tokenHash, now, idleCutoff);
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= LAST_SEEN_GRANULARITY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: row.id, email: row.email, method: row.method };
}

/** Ends a session on the server; the token answers 401 from the next request on. */
export async function revokeSession(db: DbOrTx, token: string, clock: Clock): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: clock() })
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
