import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { Clock } from '../../lib/clock.js';
import { newSecretToken, sha256Hex } from '../../lib/tokens.js';
import { PSS_SALT_LENGTH, RSA_MODULUS_BITS } from '../../../shared/key-auth.js';
import { AppError } from '../../lib/app-error.js';
import { createSession, type SessionPolicy } from '../sessions/index.js';
import { insertUser } from '../users/index.js';
import { sendInBackground, type MailSettings } from '../mail/index.js';
import {
  consumeChallenge,
  consumeRegistration,
  deleteChallengesExpiredBefore,
  deleteCredential,
  deleteRegistrationsExpiredBefore,
  findCredential,
  insertChallenge,
  insertCredential,
  insertRegistration,
  lockCredential,
  openChallenges,
} from './key-auth-repository.js';
import { parseRsaPublicKey, storedRsaPublicKey } from './public-key.js';
import { pssDigestMatches, recoverPss } from './pss-digest-verify.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

export const CHALLENGE_TTL_SECONDS = 300;
/** How long the link that confirms a key for an email that already has one stays valid. */
export const CONFIRMATION_TTL_SECONDS = 24 * 3600;

/** One message for every failed verification, so a caller learns nothing about why. */
export const VERIFY_FAILED =
  'Verification failed: the signature does not match an active challenge for this email.';

export const CONFIRMATION_INVALID =
  'This confirmation link is invalid, was already used or has expired. Register the key again to get a new one.';

/** The page a confirmation link opens; it asks before confirming (mail scanners open links). */
export const CONFIRMATION_PATH = '/key-auth/confirm';

/**
 * A key that belongs to nobody. A verification for an email without a key does the work of one
 * with a key (the public-key operation, the challenge look-up) against this one, so that both
 * fail in the same time (docs/sign-in.md#key-based-login). Its private half is never kept, and
 * an email without a credential is refused whatever the signature.
 */
const DECOY_PUBLIC_PEM = generateKeyPairSync('rsa', {
  modulusLength: RSA_MODULUS_BITS,
  publicExponent: 65537,
})
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

/** Thrown to roll back the decoy writes of a registration for an email that has a key. */
class DecoyRolledBack extends Error {}

/**
 * Registers the first key of an email as a user of its own; false when the email has one. An
 * email that has a key makes the same writes for a decoy address (a user, their book with its
 * default categories, a credential) and rolls them back: creating a user is most of the work, and
 * skipping it would make "taken" answer measurably faster (docs/sign-in.md#key-based-login).
 */
async function registerFirstKey(db: Db, email: string, publicKeyPem: string): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = Boolean(await findCredential(trx, email));
      const address = taken ? `decoy-${randomUUID()}@invalid` : email;
      const user = await insertUser(trx, { email: address });
      await insertCredential(trx, {
        userId: user.id,
        email: address,
        publicKeyPem,
        provenAt: null,
      });
      if (taken) throw new DecoyRolledBack();
      return true;
    });
  } catch (error) {
    if (error instanceof DecoyRolledBack) return false;
    // Two first registrations racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export interface RegistrationDeps {
  mail: MailSettings;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Registers a public key for an email, answering the same whether or not the email has a key
 * (docs/sign-in.md#key-based-login): the first key of an email signs in at once; a key for an
 * email that has one waits for its owner to open the link sent to that address, so nobody can
 * take an address from its owner, or lock the owner out of it, without the owner's mailbox.
 */
export async function registerKey(
  db: Db,
  deps: RegistrationDeps,
  email: string,
  publicKeyPem: string,
): Promise<void> {
  parseRsaPublicKey(publicKeyPem);
  const pem = publicKeyPem.trim();
  const now = deps.clock();
  // Both answers take the same steps up to here and the same time after (the mail goes out in
  // the background), so neither the words nor the timing tell whether the email had a key.
  await deleteRegistrationsExpiredBefore(db, new Date(now.getTime() - 24 * 3600 * 1000));
  if (await registerFirstKey(db, email, pem)) return;
  const token = newSecretToken();
  await insertRegistration(db, {
    tokenSha256: sha256Hex(token),
    email,
    publicKeyPem: pem,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_SECONDS * 1000),
  });
  const link = `${deps.mail.publicUrl}${CONFIRMATION_PATH}?token=${token}`;
  sendInBackground(
    deps.mail.mailer,
    {
      kind: 'CONFIRM_KEY_LOGIN',
      to: email,
      subject: 'Confirm your new sign-in key',
      text:
        `Someone registered a new sign-in key for ${email} on Expense Tracker. If that was you, ` +
        `open this link on any device and confirm: the new key replaces the one this address ` +
        `signs in with, as a new identity with its own data.\n\n${link}\n\n` +
        'If it was not you, ignore this message: nothing changes unless the link is opened and ' +
        `confirmed. The link works once, for ${CONFIRMATION_TTL_SECONDS / 3600} hours.`,
      link,
    },
    deps.log,
  );
}

/**
 * Confirms a key registered for an email that already had one: the person opened the link sent
 * to the address. The key becomes the email's key, proven, as a new identity (user) of its own:
 * the replaced key's user keeps its data and its open sessions but no longer signs in, and
 * neither identity ever sees the other's data. Answers the confirmed email.
 */
export async function confirmKey(db: Db, token: string, clock: Clock): Promise<string> {
  const now = clock();
  const invalid = new AppError('NOT_FOUND', CONFIRMATION_INVALID);
  return db.transaction().execute(async (trx) => {
    const registration = await consumeRegistration(trx, sha256Hex(token), now);
    if (!registration || !storedRsaPublicKey(registration.public_key_pem)) throw invalid;
    const { email } = registration;
    // One confirmation at a time per email: the second waits for the first and replaces it.
    await lockCredential(trx, email);
    await deleteCredential(trx, email);
    const user = await insertUser(trx, { email });
    await insertCredential(trx, {
      userId: user.id,
      email,
      publicKeyPem: registration.public_key_pem,
      provenAt: now,
    });
    return email;
  });
}

/**
 * Issues a single-use challenge bound to the email, stored only as its SHA-256. Unknown emails
 * get one too, by the same path, so the answer tells nobody which emails are registered.
 */
export async function issueChallenge(db: Db, email: string, clock: Clock): Promise<string> {
  const now = clock();
  const challenge = newSecretToken();
  await insertChallenge(db, {
    email,
    challengeSha256: sha256Hex(challenge),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  // Keep the table small: challenges older than a day serve no purpose.
  await deleteChallengesExpiredBefore(db, new Date(now.getTime() - 24 * 3600 * 1000));
  return challenge;
}

/**
 * Checks a signature over one of the email's open challenges, consumes that challenge atomically
 * and issues a session. Of any number of parallel verifies of one signature, exactly one wins.
 *
 * Every open challenge of the email is a candidate, however many a stranger asked for, and it
 * costs one public-key operation: the signature is decoded once (its hash and salt) and checked
 * against each stored challenge hash, which is a SHA-256 each. `challenge`, when the client sends
 * the one it signed, picks it directly. An email without a key takes the same steps.
 */
export async function verifyChallenge(
  db: Db,
  input: { email: string; signature: string; challenge?: string | undefined },
  policy: SessionPolicy,
  clock: Clock,
): Promise<string> {
  const failed = new AppError('UNAUTHORIZED', VERIFY_FAILED);
  const now = clock();
  const credential = await findCredential(db, input.email);
  const publicKey = storedRsaPublicKey(credential?.public_key_pem ?? DECOY_PUBLIC_PEM);
  const recovered = publicKey
    ? recoverPss(publicKey, Buffer.from(input.signature, 'base64'), PSS_SALT_LENGTH)
    : null;
  const open = await openChallenges(
    db,
    input.email,
    now,
    input.challenge === undefined ? undefined : sha256Hex(input.challenge),
  );
  const signed =
    recovered &&
    open.find((challenge) =>
      pssDigestMatches(recovered, Buffer.from(challenge.challenge_sha256, 'hex')),
    );
  if (!credential || !signed) throw failed;
  return db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, signed.id, now))) throw failed;
    const { token } = await createSession(trx, credential.user_id, 'key', policy, clock);
    return token;
  });
}
