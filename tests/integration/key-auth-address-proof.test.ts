import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { DemoMailbox } from '../../src/server/features/mail/mailer.js';
import {
  CONFIRMATION_INVALID,
  VERIFY_FAILED,
} from '../../src/server/features/key-auth/key-auth-service.js';
import {
  DEMO_PROJECT_ID,
  createFirebaseAuth,
} from '../../src/server/features/auth/firebase-identity.js';

type KeyPair = ReturnType<typeof rsaKeyPair>;

/**
 * Security finding 5: nobody may take an email's key login from its owner or lock the owner out.
 * A registration for an address that has a key answers like any other and becomes usable once
 * the person opens the link sent to that address; such a proven key outranks a key never proven;
 * no identity ever gains another identity's data.
 */
describe('key login: an address belongs to whoever reads its mail', () => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  let t: TestApp;
  const mailbox = new DemoMailbox();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now), mailer: mailbox });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.rest(null, { method: 'POST', url, payload, headers });
  const register = (email: string, key: KeyPair) =>
    post('/api/key-auth/register', { email, publicKey: key.publicPem });
  async function signIn(email: string, key: KeyPair) {
    const issued = await post('/api/key-auth/challenge', { email });
    const challenge = issued.json().data.challenge as string;
    return post('/api/key-auth/verify', {
      email,
      signature: signChallenge(challenge, key.privateKey),
    });
  }
  /** The token of the newest confirmation link sent to the address. */
  function linkToken(email: string): string {
    const message = mailbox.list(email)[0];
    if (!message) throw new Error(`no message to ${email}`);
    expect(message.link).toMatch(/^\/key-auth\/confirm\?token=[A-Za-z0-9_-]{43}$/);
    return new URL(message.link, 'http://x').searchParams.get('token') ?? '';
  }
  const confirm = (token: string) => post('/api/key-auth/confirm', { token });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('answers a registration for an address that has a key exactly like one for a new address', async () => {
    const first = await register('same-answer@example.com', rsaKeyPair());
    const again = await register('same-answer@example.com', rsaKeyPair());
    const fresh = await register('never-seen@example.com', rsaKeyPair());
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.statusCode).toBe(200);
    const body = (res: typeof first) => res.json<Record<string, unknown>>();
    expect(body(again)).toEqual(body(fresh));
    expect(body(again)).toEqual({ success: true, message: 'Registration successful!' });
  });

  it('makes the new key usable only once the link sent to the address is opened', async () => {
    const email = 'new-device@example.com';
    const oldKey = rsaKeyPair();
    const newKey = rsaKeyPair();
    expect((await register(email, oldKey)).statusCode).toBe(200);
    expect(mailbox.list(email)).toEqual([]); // a first key needs no link
    expect((await register(email, newKey)).statusCode).toBe(200);

    // Until the link is opened the old key signs in and the new one does not.
    expect((await signIn(email, newKey)).json().message).toBe(VERIFY_FAILED);
    expect((await signIn(email, oldKey)).statusCode).toBe(200);

    const [message] = mailbox.list(email);
    expect(message).toMatchObject({ kind: 'CONFIRM_KEY_LOGIN', to: email });
    const confirmed = await confirm(linkToken(email));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'Key confirmed. Sign in with it now.',
      data: { email },
    });
    expect((await signIn(email, newKey)).statusCode).toBe(200);
    expect((await signIn(email, oldKey)).json().message).toBe(VERIFY_FAILED);
  });

  it('lets a proven key outrank a squatter, and neither sees the other one’s data', async () => {
    const email = 'victim@example.com';
    const squatter = rsaKeyPair();
    const owner = rsaKeyPair();
    expect((await register(email, squatter)).statusCode).toBe(200);
    const squatterToken = (await signIn(email, squatter)).json().data.token as string;
    const planted = await post('/api/account', { title: 'Squatter stuff' }, bearer(squatterToken));
    expect(planted.statusCode).toBe(200);

    // The owner registers their own key: same answer, then the link in their mailbox.
    expect((await register(email, owner)).statusCode).toBe(200);
    expect((await confirm(linkToken(email))).statusCode).toBe(200);

    const ownerToken = (await signIn(email, owner)).json().data.token as string;
    const ownerAccounts = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: bearer(ownerToken),
    });
    expect(ownerAccounts.json().data).toEqual([]);
    const seen = await t.rest(null, {
      method: 'GET',
      url: `/api/account/${planted.json().data.id}`,
      headers: bearer(ownerToken),
    });
    expect(seen.statusCode).toBe(404);

    // The squatter's key no longer signs in for the address, and a new registration of theirs
    // cannot take it back without the owner's mailbox.
    expect((await signIn(email, squatter)).json().message).toBe(VERIFY_FAILED);
    expect((await register(email, squatter)).statusCode).toBe(200);
    expect((await signIn(email, squatter)).json().message).toBe(VERIFY_FAILED);
    expect((await signIn(email, owner)).statusCode).toBe(200);
    // Their own session still sees their own account and nothing of the owner's.
    const squatterView = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: bearer(squatterToken),
    });
    expect(squatterView.json().data.map((a: { title: string }) => a.title)).toEqual([
      'Squatter stuff',
    ]);
  });

  it('keeps the link secret: stored only hashed, usable once, for 24 hours', async () => {
    const email = 'link-rules@example.com';
    await register(email, rsaKeyPair());
    await register(email, rsaKeyPair());
    const token = linkToken(email);
    const rows = await sql<{
      token_sha256: string;
    }>`SELECT token_sha256 FROM key_registrations`.execute(t.database.db);
    expect(rows.rows.some((row) => row.token_sha256.includes(token))).toBe(false);
    expect((await confirm(token)).statusCode).toBe(200);
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ code: 'NOT_FOUND', message: CONFIRMATION_INVALID });

    await register(email, rsaKeyPair());
    const late = linkToken(email);
    now += 24 * 3600 * 1000 + 1;
    expect((await confirm(late)).json().message).toBe(CONFIRMATION_INVALID);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
    const malformed = await confirm('short');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('key login confirmations in demo mode', () => {
  it('puts the link in the demo mailbox (GET /api/demo/mailbox)', async () => {
    const firebase = createFirebaseAuth({
      emulatorHost: inject('authEmulatorHost'),
      projectId: DEMO_PROJECT_ID,
    });
    if (!firebase) throw new Error('emulator not configured');
    const t = await createTestApp({ firebase });
    try {
      const email = `demo-key-${Date.now()}@example.com`;
      for (const key of [rsaKeyPair(), rsaKeyPair()]) {
        const res = await t.rest(null, {
          method: 'POST',
          url: '/api/key-auth/register',
          payload: { email, publicKey: key.publicPem },
        });
        expect(res.statusCode).toBe(200);
      }
      const listed = await t.rest(null, {
        method: 'GET',
        url: `/api/demo/mailbox?email=${encodeURIComponent(email)}`,
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toEqual([
        {
          email,
          requestType: 'CONFIRM_KEY_LOGIN',
          link: expect.stringMatching(/^\/key-auth\/confirm\?token=[A-Za-z0-9_-]{43}$/) as string,
        },
      ]);
    } finally {
      await t.close();
      await firebase.close();
    }
  });
});
