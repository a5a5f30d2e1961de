import type { Db } from '../../db/connect.js';
import type { SessionMethod } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { createSession, type SessionPolicy } from '../sessions/index.js';
import { upsertFirebaseUser } from '../users/index.js';
import type { FirebaseAuthService } from './firebase-identity.js';

const METHOD_BY_PROVIDER: Record<string, SessionMethod> = {
  password: 'password',
  'google.com': 'google',
  'github.com': 'github',
};

/** Turns firebase-admin's error codes into what a caller may read. */
function refusalOf(error: unknown): AppError {
  const code = typeof error === 'object' && error ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'auth/id-token-expired':
      return new AppError('UNAUTHORIZED', 'The ID token has expired. Sign in again.');
    case 'auth/id-token-revoked':
      return new AppError('UNAUTHORIZED', 'The ID token has been revoked. Sign in again.');
    case 'auth/user-disabled':
      return new AppError('UNAUTHORIZED', 'This account has been disabled.');
    case 'auth/user-not-found':
      return new AppError('UNAUTHORIZED', 'This account no longer exists.');
    default:
      return new AppError('UNAUTHORIZED', 'The ID token is not valid. Sign in again.');
  }
}

/**
 * Exchanges a Firebase ID token for a session of ours. The user is found or created by Firebase
 * uid only, never matched by email, so nobody inherits another identity's data.
 */
export async function signInWithFirebase(
  db: Db,
  firebase: FirebaseAuthService,
  idToken: string,
  policy: SessionPolicy,
  clock: Clock,
): Promise<{ token: string; method: SessionMethod }> {
  let identity;
  try {
    identity = await firebase.verifyIdToken(idToken);
  } catch (error) {
    throw refusalOf(error);
  }
  const method = METHOD_BY_PROVIDER[identity.provider];
  if (!method) {
    throw new AppError('FORBIDDEN', `Sign-in with ${identity.provider} is not supported.`);
  }
  // Email and password accounts must prove their address; Google and GitHub vouch for theirs.
  if (method === 'password' && !identity.emailVerified) {
    throw new AppError('FORBIDDEN', 'Email not verified');
  }
  const userId = await upsertFirebaseUser(db, { uid: identity.uid, email: identity.email ?? '' });
  const { token } = await createSession(db, userId, method, policy, clock);
  return { token, method };
}
