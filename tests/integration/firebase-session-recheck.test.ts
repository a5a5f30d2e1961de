import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { AuthEmulatorClient } from '../helpers/firebase-emulator-client.js';
import {
  DEMO_PROJECT_ID,
  createFirebaseAuth,
  type FirebaseAuthService,
} from '../../src/server/features/auth/firebase-identity.js';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Security finding 7: a server session outlives the Firebase ID token it was made from, so the
 * Firebase user behind it is checked again at most every FIREBASE_RECHECK_SECONDS (300) while
 * the session is used; a disabled or deleted user, or revoked tokens, end it. Driven through the
 * Auth emulator's admin API, with the server's clock moved forward.
 */
describe('Firebase sessions re-check their user', () => {
  const RECHECK_MS = 300_000;
  const host = inject('authEmulatorHost');
  const emulator = new AuthEmulatorClient(host);
  let firebase: FirebaseAuthService;
  let t: TestApp;
  /** The server's clock runs this far from real time. */
  let offset = 0;
  let n = 0;

  beforeAll(async () => {
    const service = createFirebaseAuth({ emulatorHost: host, projectId: DEMO_PROJECT_ID });
    if (!service) throw new Error('emulator not configured');
    firebase = service;
    t = await createTestApp({ firebase, clock: () => new Date(Date.now() + offset) });
  });
  afterAll(async () => {
    await t.close();
    await firebase.close();
  });

  /** A verified Firebase user and a server session made from their ID token a while ago. */
  async function signedInUser(): Promise<{ uid: string; token: string }> {
    const email = `recheck-${Date.now()}-${++n}@example.com`;
    const password = 'correct horse battery';
    const signedUp = await emulator.signUp(email, password);
    await firebase.auth.updateUser(signedUp.localId, { emailVerified: true });
    const { idToken } = await emulator.signIn(email, password);
    offset = 0;
    const res = await t.rest(null, {
      method: 'POST',
      url: '/api/auth/firebase',
      payload: { idToken },
    });
    expect(res.statusCode).toBe(200);
    return { uid: signedUp.localId, token: res.json().data.token as string };
  }

  /** GET /api/auth/me with the session, about `afterMs` after the session began. */
  async function meAt(token: string, afterMs: number) {
    offset = afterMs;
    return t.rest(null, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it.each([
    ['disabled', (uid: string) => firebase.auth.updateUser(uid, { disabled: true })],
    ['whose tokens are revoked', (uid: string) => firebase.auth.revokeRefreshTokens(uid)],
    ['deleted', (uid: string) => firebase.auth.deleteUser(uid)],
  ])('ends the session of a user %s, within the re-check interval', async (_label, change) => {
    const { uid, token } = await signedInUser();
    expect((await meAt(token, 1000)).statusCode).toBe(200);
    // Firebase keeps revocation times in whole seconds: change it in a later second than the
    // session's start, as it would be outside a test.
    await sleep(1020 - (Date.now() % 1000));
    await change(uid);
    // Checked less than the interval ago: the session goes on (the documented delay).
    expect((await meAt(token, RECHECK_MS - 5000)).statusCode).toBe(200);
    const ended = await meAt(token, RECHECK_MS + 1000);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // Ended for good: revoked on the server, even if the user came back.
    expect((await meAt(token, RECHECK_MS + 2000)).statusCode).toBe(401);
  });

  it('asks Firebase at most once per interval for a user in good standing', async () => {
    const { token } = await signedInUser();
    const lookups = vi.spyOn(firebase.auth, 'getUser');
    try {
      for (const at of [1000, 60_000, RECHECK_MS - 1000]) {
        expect((await meAt(token, at)).statusCode).toBe(200);
      }
      expect(lookups).toHaveBeenCalledTimes(0);
      for (const at of [RECHECK_MS + 1000, RECHECK_MS + 60_000, 2 * RECHECK_MS]) {
        expect((await meAt(token, at)).statusCode).toBe(200);
      }
      expect(lookups).toHaveBeenCalledTimes(1);
      expect((await meAt(token, 2 * RECHECK_MS + 2000)).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it('never asks Firebase about key-login sessions', async () => {
    offset = 0;
    const key = rsaKeyPair();
    const email = `key-${Date.now()}@example.com`;
    const post = (url: string, payload: object) => t.rest(null, { method: 'POST', url, payload });
    await post('/api/key-auth/register', { email, publicKey: key.publicPem });
    const challenge = (await post('/api/key-auth/challenge', { email })).json().data
      .challenge as string;
    const token = (
      await post('/api/key-auth/verify', {
        email,
        signature: signChallenge(challenge, key.privateKey),
      })
    ).json().data.token as string;
    const lookups = vi.spyOn(firebase.auth, 'getUser');
    try {
      offset = 2 * RECHECK_MS;
      const me = await t.rest(null, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });
});
