import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { AuthEmulatorClient } from '../helpers/firebase-emulator-client.js';
import {
  DEMO_PROJECT_ID,
  createFirebaseAuth,
  type FirebaseAuthService,
} from '../../src/server/features/auth/firebase-identity.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in with Firebase ID tokens on the real Auth emulator', () => {
  const host = inject('authEmulatorHost');
  const emulator = new AuthEmulatorClient(host);
  let firebase: FirebaseAuthService;
  let t: TestApp;
  let n = 0;
  const newEmail = () => `fb-${Date.now()}-${++n}@example.com`;

  beforeAll(async () => {
    const service = createFirebaseAuth({ emulatorHost: host, projectId: DEMO_PROJECT_ID });
    if (!service) throw new Error('emulator not configured');
    firebase = service;
    t = await createTestApp({ firebase });
  });
  afterAll(async () => {
    await t.close();
    await firebase.close();
  });

  const exchangeForm = (idToken: string) =>
    t.rest(null, {
      method: 'POST',
      url: '/api/auth/firebase',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ idToken }).toString(),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('signs up, refuses the unverified token, verifies by the link, and the session works until logout', async () => {
    const email = newEmail();
    const password = 'correct horse battery';
    const signedUp = await emulator.signUp(email, password);
    await emulator.sendVerificationEmail(signedUp.idToken);

    const unverified = await exchangeForm(signedUp.idToken);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: 'Email not verified',
    });

    await emulator.clickVerificationLink(email);
    const fresh = await emulator.signIn(email, password);
    const exchanged = await exchangeForm(fresh.idToken);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({
      success: true,
      message: 'User logged in successfully',
    });
    const token = exchanged.json().data.token as string;

    const accounts = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: bearer(token),
    });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toEqual({ success: true, data: [] });
    const me = await t.rest(null, { method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ email, method: 'password' });

    const logout = await t.rest(null, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.json()).toEqual({ success: true, message: 'Logged out successfully.' });
    const after = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses the old ID token at the exchange after revokeRefreshTokens', async () => {
    const email = newEmail();
    const signedUp = await emulator.signUp(email, 'password-123');
    await emulator.sendVerificationEmail(signedUp.idToken);
    await emulator.clickVerificationLink(email);
    const old = await emulator.signIn(email, 'password-123');
    expect((await exchangeForm(old.idToken)).statusCode).toBe(200);

    // Revocation has one-second granularity: the token must predate it.
    await sleep(1100);
    await firebase.auth.revokeRefreshTokens(old.localId);
    const res = await exchangeForm(old.idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'The ID token has been revoked. Sign in again.',
    });
    // A new sign-in after the revocation is fine.
    await sleep(1100);
    const again = await emulator.signIn(email, 'password-123');
    expect((await exchangeForm(again.idToken)).statusCode).toBe(200);
  });

  it('finds the same user again by uid, and never merges by email', async () => {
    const email = newEmail();
    const signedUp = await emulator.signUp(email, 'password-123');
    await emulator.sendVerificationEmail(signedUp.idToken);
    await emulator.clickVerificationLink(email);
    const first = (
      await exchangeForm((await emulator.signIn(email, 'password-123')).idToken)
    ).json().data.token;
    const created = await t.rest(null, {
      method: 'POST',
      url: '/api/account',
      headers: bearer(first),
      payload: { title: 'Mine' },
    });
    const second = (
      await exchangeForm((await emulator.signIn(email, 'password-123')).idToken)
    ).json().data.token;
    const list = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: bearer(second),
    });
    expect(list.json().data.map((a: { id: string }) => a.id)).toEqual([created.json().data.id]);
    // The first sign-in gave the user a personal book with its owner membership; the second
    // found it again.
    const books = await t.database.db
      .selectFrom('books')
      .innerJoin('users', 'users.id', 'books.personal_owner_id')
      .innerJoin('memberships', (join) =>
        join
          .onRef('memberships.book_id', '=', 'books.id')
          .onRef('memberships.user_id', '=', 'users.id'),
      )
      .select(['books.id', 'memberships.role'])
      .where('users.email', '=', email)
      .where('users.firebase_uid', 'is not', null)
      .execute();
    expect(books).toEqual([{ id: expect.any(String), role: 'owner' }]);

    // A key-auth or other user with the same email is somebody else.
    const twin = await t.signUp(email);
    const twinList = await t.rest(twin, { method: 'GET', url: '/api/account' });
    expect(twinList.json().data).toEqual([]);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a forged token', 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4In0.'],
  ])('refuses %s with 401', async (_label, idToken) => {
    const res = await exchangeForm(idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'The ID token is not valid. Sign in again.',
    });
  });

  it('accepts JSON too, and asks for a missing idToken', async () => {
    const missing = await t.rest(null, { method: 'POST', url: '/api/auth/firebase', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('idToken is required');
    const json = await t.rest(null, {
      method: 'POST',
      url: '/api/auth/firebase',
      payload: { idToken: 'x' },
    });
    expect(json.statusCode).toBe(401);
  });

  it('serves the web config and the demo mailbox in demo mode', async () => {
    const config = await t.rest(null, { method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      success: true,
      data: {
        demo: true,
        firebase: { projectId: DEMO_PROJECT_ID },
        authEmulatorUrl: `http://${host}`,
        demoCredentials: { email: expect.any(String), password: expect.any(String) },
      },
    });
    const email = newEmail();
    const signedUp = await emulator.signUp(email, 'password-123');
    await emulator.sendVerificationEmail(signedUp.idToken);
    const mailbox = await t.rest(null, {
      method: 'GET',
      url: `/api/demo/mailbox?email=${encodeURIComponent(email)}`,
    });
    expect(mailbox.json().data).toEqual([
      { email, requestType: 'VERIFY_EMAIL', link: expect.stringContaining('oobCode=') },
    ]);
  });
});

describe('with Firebase sign-in off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ firebase: null });
  });
  afterAll(() => t.close());

  it('answers the exchange with 503, hides the mailbox and says so in the config', async () => {
    const res = await t.rest(null, {
      method: 'POST',
      url: '/api/auth/firebase',
      payload: { idToken: 'x' },
    });
    expect(res.statusCode).toBe(503);
    expect((await t.rest(null, { method: 'GET', url: '/api/demo/mailbox' })).statusCode).toBe(404);
    const config = await t.rest(null, { method: 'GET', url: '/api/config' });
    expect(config.json().data).toEqual({
      demo: false,
      firebase: null,
      authEmulatorUrl: null,
      demoCredentials: null,
    });
  });

  it('still refuses /api/auth/me and logout without a session', async () => {
    expect((await t.rest(null, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.rest(null, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});
