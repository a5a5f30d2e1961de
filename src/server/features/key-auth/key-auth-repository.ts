import type { DbOrTx } from '../../db/connect.js';

// The key_credentials, key_registrations and key_challenges tables
// (docs/architecture.md#data-access). Challenges and link tokens arrive here only as SHA-256.

/** The key that signs in for an email: one per email (docs/sign-in.md#key-based-login). */
export function findCredential(
  db: DbOrTx,
  email: string,
): Promise<{ user_id: string; public_key_pem: string } | undefined> {
  return db
    .selectFrom('key_credentials')
    .select(['user_id', 'public_key_pem'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Like findCredential, locking the row so that one confirmation at a time replaces it. */
export function lockCredential(
  db: DbOrTx,
  email: string,
): Promise<{ user_id: string } | undefined> {
  return db
    .selectFrom('key_credentials')
    .select('user_id')
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertCredential(
  db: DbOrTx,
  credential: { userId: string; email: string; publicKeyPem: string; provenAt: Date | null },
): Promise<void> {
  await db
    .insertInto('key_credentials')
    .values({
      user_id: credential.userId,
      email: credential.email,
      public_key_pem: credential.publicKeyPem,
      proven_at: credential.provenAt,
    })
    .execute();
}

export async function deleteCredential(db: DbOrTx, email: string): Promise<void> {
  await db.deleteFrom('key_credentials').where('email', '=', email).execute();
}

export async function insertRegistration(
  db: DbOrTx,
  registration: {
    tokenSha256: string;
    email: string;
    publicKeyPem: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('key_registrations')
    .values({
      token_sha256: registration.tokenSha256,
      email: registration.email,
      public_key_pem: registration.publicKeyPem,
      created_at: registration.createdAt,
      expires_at: registration.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks the registration of a link token used; undefined when unknown, used or expired. */
export function consumeRegistration(
  db: DbOrTx,
  tokenSha256: string,
  now: Date,
): Promise<{ email: string; public_key_pem: string } | undefined> {
  return db
    .updateTable('key_registrations')
    .set({ used_at: now })
    .where('token_sha256', '=', tokenSha256)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['email', 'public_key_pem'])
    .executeTakeFirst();
}

export async function deleteRegistrationsExpiredBefore(db: DbOrTx, cutoff: Date): Promise<void> {
  await db.deleteFrom('key_registrations').where('expires_at', '<', cutoff).execute();
}

export async function insertChallenge(
  db: DbOrTx,
  challenge: { email: string; challengeSha256: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('key_challenges')
    .values({
      email: challenge.email,
      challenge_sha256: challenge.challengeSha256,
      created_at: challenge.createdAt,
      expires_at: challenge.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function deleteChallengesExpiredBefore(db: DbOrTx, cutoff: Date): Promise<void> {
  await db.deleteFrom('key_challenges').where('expires_at', '<', cutoff).execute();
}

/**
 * The email's unused, unexpired challenges: all of them, so that nobody can push a person's
 * challenge out by asking for more. Only `challengeSha256` when given (the client named the
 * challenge it signed).
 */
export function openChallenges(
  db: DbOrTx,
  email: string,
  now: Date,
  challengeSha256?: string,
): Promise<{ id: string; challenge_sha256: string }[]> {
  let query = db
    .selectFrom('key_challenges')
    .select(['id', 'challenge_sha256'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (challengeSha256 !== undefined) query = query.where('challenge_sha256', '=', challengeSha256);
  return query.execute();
}

/** Marks an open challenge used; false when it was used or expired meanwhile. */
export async function consumeChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .updateTable('key_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return consumed.numUpdatedRows === 1n;
}
