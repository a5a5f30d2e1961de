import type { FastifyBaseLogger } from 'fastify';
import type { IdentityCheck } from '../sessions/index.js';
import { findSessionIdentity, markIdentityChecked } from '../sessions/index.js';
import type { FirebaseAuthService } from './firebase-identity.js';

/** How long one look-up of a Firebase user may take before the session is let through. */
const LOOKUP_TIMEOUT_MS = 5000;

type Verdict = 'valid' | 'ended' | 'unknown';

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error ? (error as { code?: unknown }).code : undefined;
}

/**
 * A session issued for a Firebase ID token outlives the token by days. Every `everyMs` of a
 * session's use, this asks Firebase about its user again: deleted, disabled, or tokens revoked
 * after the session began (`tokensValidAfterTime`) ends the session (docs/sign-in.md#firebase-sign-in).
 * When Firebase cannot be asked, the session goes on and the check is tried on its next request.
 */
export function firebaseSessionCheck(
  firebase: FirebaseAuthService,
  everyMs: number,
  log: FastifyBaseLogger,
): IdentityCheck {
  async function verdictFor(uid: string, sessionCreatedAt: Date): Promise<Verdict> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const user = await Promise.race([
        firebase.auth.getUser(uid),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('Firebase user look-up timed out')),
            LOOKUP_TIMEOUT_MS,
          );
        }),
      ]);
      if (user.disabled) return 'ended';
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
      return validAfter > sessionCreatedAt.getTime() ? 'ended' : 'valid';
    } catch (error) {
      if (errorCode(error) === 'auth/user-not-found') return 'ended';
      log.warn({ err: error }, 'Firebase user re-check failed; the session goes on for now');
      return 'unknown';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    everyMs,
    async stillValid(db, session) {
      if (session.method === 'key') return true;
      const identity = await findSessionIdentity(db, session.tokenHash);
      if (!identity?.firebase_uid) return true;
      const verdict = await verdictFor(identity.firebase_uid, identity.created_at);
      if (verdict === 'valid') await markIdentityChecked(db, session.tokenHash, session.now);
      return verdict !== 'ended';
    },
  };
}
