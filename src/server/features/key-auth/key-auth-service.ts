import { createPublicKey, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import type { Clock } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/tokens.js';
import { AppError } from '../../trpc/app-error.js';
import { createSession, type SessionPolicy } from '../sessions/session-service.js';
import { parseRsaPublicKey } from './public-key.js';
import { verifyPssDigest } from './pss-digest-verify.js';

export const CHALLENGE_TTL_SECONDS = 300;
export const PSS_SALT_LENGTH = 32;
/** How many outstanding challenges of one email a signature is tried against. */
const MAX_OPEN_CHALLENGES = 5;

/** One message for every failed verification, so a caller learns nothing about why. */
export const VERIFY_FAILED =
  'Verification failed: the signature does not match an active challenge for this email.';

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Registers the first key of an email as a user of its own; a second key for it is a 409. */
export async function registerKey(db: Db, email: string, publicKeyPem: string): Promise<void> {
  parseRsaPublicKey(publicKeyPem);
  const conflict = new AppError(
    'CONFLICT',
    'A key is already registered for this email. Sign in with it, or use another email.',
  );
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('key_credentials')
        .select('user_id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) throw conflict;
      const user = await trx
        .insertInto('users')
        .values({ email, firebase_uid: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('key_credentials')
        .values({ user_id: user.id, email, public_key_pem: publicKeyPem.trim() })
        .execute();
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}

/**
 * Issues a single-use challenge bound to the email, stored only as its SHA-256. Unknown emails
 * get one too, by the same path, so the answer tells nobody which emails are registered.
 */
export async function issueChallenge(db: Db, email: string, clock: Clock): Promise<string> {
  const now = clock();
  const challenge = randomBytes(32).toString('base64url');
  await db
    .insertInto('key_challenges')
    .values({
      email,
      challenge_sha256: sha256Hex(challenge),
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  // Keep the table small: challenges older than a day serve no purpose.
  await db
    .deleteFrom('key_challenges')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .execute();
  return challenge;
}

/**
 * Checks a signature over one of the email's open challenges, consumes that challenge atomically
 * and issues a session. Of any number of parallel verifies of one signature, exactly one wins.
 */
export async function verifyChallenge(
  db: Db,
  input: { email: string; signature: string },
  policy: SessionPolicy,
  clock: Clock,
): Promise<string> {
  const failed = new AppError('UNAUTHORIZED', VERIFY_FAILED);
  const now = clock();
  const credential = await db
    .selectFrom('key_credentials')
    .select(['user_id', 'public_key_pem'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (!credential) throw failed;

  const publicKey = createPublicKey(credential.public_key_pem);
  const signature = Buffer.from(input.signature, 'base64');
  const open = await db
    .selectFrom('key_challenges')
    .select(['id', 'challenge_sha256'])
    .where('email', '=', input.email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .limit(MAX_OPEN_CHALLENGES)
    .execute();
  const signed = open.find((challenge) =>
    verifyPssDigest(
      publicKey,
      Buffer.from(challenge.challenge_sha256, 'hex'),
      signature,
      PSS_SALT_LENGTH,
    ),
  );
  if (!signed) throw failed;

  return db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('key_challenges')
      .set({ used_at: now })
      .where('id', '=', signed.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (consumed.numUpdatedRows !== 1n) throw failed;
    const { token } = await createSession(trx, credential.user_id, 'key', policy, clock);
    return token;
  });
}
