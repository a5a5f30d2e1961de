import { generateKeyPairSync } from 'node:crypto';
import { rsaKeyPair as keyPair, signChallenge } from '../helpers/rsa-keys.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { VERIFY_FAILED } from '../../src/server/features/key-auth/key-auth-service.js';

describe('key-based login', () => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  let t: TestApp;
  const alice = keyPair();
  const mallory = keyPair();

  const post = (url: string, payload: object) => t.rest(null, { method: 'POST', url, payload });
  const register = (email: string, publicKey: string) =>
    post('/api/key-auth/register', { email, publicKey });
  const challenge = async (email: string) =>
    (await post('/api/key-auth/challenge', { email })).json().data.challenge as string;
  const verify = (email: string, signature: string) =>
    post('/api/key-auth/verify', { email, signature });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now) });
    expect((await register('alice@example.com', alice.publicPem)).json()).toEqual({
      success: true,
      message: 'Registration successful!',
    });
  });
  afterAll(() => t.close());

  it('signs in: register, challenge, verify, then the token works on the account routes', async () => {
    const c = await challenge('alice@example.com');
    expect(Buffer.from(c, 'base64url').length).toBeGreaterThanOrEqual(32);
    const res = await verify('alice@example.com', signChallenge(c, alice.privateKey));
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const created = await t.rest(null, {
      method: 'POST',
      url: '/api/account',
      headers: auth,
      payload: { title: 'Key wallet' },
    });
    expect(created.statusCode).toBe(200);
    const list = await t.rest(null, { method: 'GET', url: '/api/account', headers: auth });
    expect(list.json().data.map((a: { title: string }) => a.title)).toEqual(['Key wallet']);
  });

  it('stores challenges only hashed', async () => {
    const c = await challenge('alice@example.com');
    const rows = await t.database.db
      .selectFrom('key_challenges')
      .select('challenge_sha256')
      .execute();
    expect(rows.some((row) => row.challenge_sha256.includes(c))).toBe(false);
  });

  it('refuses a replayed challenge', async () => {
    const signature = signChallenge(await challenge('alice@example.com'), alice.privateKey);
    expect((await verify('alice@example.com', signature)).statusCode).toBe(200);
    const replay = await verify('alice@example.com', signature);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: VERIFY_FAILED,
    });
  });

  it('refuses an expired challenge', async () => {
    const signature = signChallenge(await challenge('alice@example.com'), alice.privateKey);
    now += 5 * 60 * 1000 + 1;
    const res = await verify('alice@example.com', signature);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(VERIFY_FAILED);
  });

  it('accepts a challenge just inside its 5 minutes', async () => {
    const signature = signChallenge(await challenge('alice@example.com'), alice.privateKey);
    now += 5 * 60 * 1000 - 1000;
    expect((await verify('alice@example.com', signature)).statusCode).toBe(200);
  });

  it('refuses a signature by another key', async () => {
    const res = await verify(
      'alice@example.com',
      signChallenge(await challenge('alice@example.com'), mallory.privateKey),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(VERIFY_FAILED);
  });

  it('refuses a challenge issued to another email', async () => {
    expect((await register('mallory@example.com', mallory.publicPem)).statusCode).toBe(200);
    const malloryChallenge = await challenge('mallory@example.com');
    // Alice's key signs Mallory's challenge, presented as Alice: no open challenge of Alice's matches.
    const res = await verify(
      'alice@example.com',
      signChallenge(malloryChallenge, alice.privateKey),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(VERIFY_FAILED);
  });

  it.each([
    [
      'malformed PEM',
      '-----BEGIN PUBLIC KEY-----\nnot base64 at all\n-----END PUBLIC KEY-----',
      'Public key is not a valid PEM-encoded key',
    ],
    [
      'not PEM',
      'ssh-rsa AAAAB3NzaC1yc2E',
      'Public key must be a PEM-encoded SPKI key (-----BEGIN PUBLIC KEY-----)',
    ],
    ['a 1024-bit RSA key', keyPair(1024).publicPem, 'RSA key must be at least 2048 bits'],
    [
      'a non-RSA key',
      generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
      'Public key must be an RSA key',
    ],
    [
      'a private key',
      keyPair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      'Public key must be a PEM-encoded SPKI key (-----BEGIN PUBLIC KEY-----)',
    ],
  ])('refuses %s with a clear message', async (_label, publicKey, message) => {
    const email = `bad-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await register(email, publicKey);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses an invalid email with the product message', async () => {
    const res = await register('not-an-email', alice.publicPem);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address.');
  });

  it('answers a second key for a registered email like a first one, and keeps the first working', async () => {
    // The second key waits for the link sent to the address (key-auth-address-proof.test.ts).
    const res = await register('ALICE@example.com', mallory.publicPem);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Registration successful!' });
    const c = await challenge('alice@example.com');
    expect(
      (await verify('alice@example.com', signChallenge(c, mallory.privateKey))).statusCode,
    ).toBe(401);
    const c2 = await challenge('alice@example.com');
    expect(
      (await verify('alice@example.com', signChallenge(c2, alice.privateKey))).statusCode,
    ).toBe(200);
  });

  it('lets exactly one of 50 parallel verifies of one signature through', async () => {
    const signature = signChallenge(await challenge('alice@example.com'), alice.privateKey);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => verify('alice@example.com', signature)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(49);
  });

  it('answers a challenge for an unknown email in the same shape', async () => {
    const known = await post('/api/key-auth/challenge', { email: 'alice@example.com' });
    const unknown = await post('/api/key-auth/challenge', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    const shape = (body: { data: { challenge: string } }) => ({
      ...body,
      data: { challenge: body.data.challenge.length },
    });
    expect(shape(unknown.json())).toEqual(shape(known.json()));
    // And verifying for it fails like any other bad signature.
    const res = await verify(
      'nobody@example.com',
      signChallenge(unknown.json().data.challenge, alice.privateKey),
    );
    expect(res.json().message).toBe(VERIFY_FAILED);
  });

  it('keeps a key user apart from other users with the same email', async () => {
    const firebaseTwin = await t.signUp('alice@example.com');
    const twinAccount = await t.rest(firebaseTwin, {
      method: 'POST',
      url: '/api/account',
      payload: { title: 'Twin' },
    });
    const c = await challenge('alice@example.com');
    const token = (await verify('alice@example.com', signChallenge(c, alice.privateKey))).json()
      .data.token;
    const res = await t.rest(null, {
      method: 'GET',
      url: `/api/account/${twinAccount.json().data.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('works through tRPC too', async () => {
    const caller = t.caller(null);
    const { data } = await caller.keyAuth.challenge({ email: 'alice@example.com' });
    const { data: session } = await caller.keyAuth.verify({
      email: 'alice@example.com',
      signature: signChallenge(data.challenge, alice.privateKey),
    });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(
      caller.keyAuth.verify({
        email: 'alice@example.com',
        signature: signChallenge(data.challenge, alice.privateKey),
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: VERIFY_FAILED });
  });
});
