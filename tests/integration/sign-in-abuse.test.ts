import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_ITEMS, SIGN_IN_PROCEDURES } from '../../src/shared/usage-limits.js';
import { PROCEDURES } from '../helpers/api-surface.js';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Security finding 3: sign-in limits count every procedure call whichever door and batch it comes
 * through, sign-in calls are never batched, batches are bounded, and failures (not requests) are
 * counted per email and address, so nobody can lock another person out of key login.
 */
const limits = {
  AUTH_RATE_LIMIT_PER_IP: 12,
  AUTH_RATE_LIMIT_PER_EMAIL: 3,
  AUTH_FAILURE_LIMIT_PER_IP: 5,
};

describe('sign-in abuse', () => {
  let t: TestApp;
  const alice = rsaKeyPair();
  const aliceEmail = `alice-${randomUUID()}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ env: limits });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/key-auth/register',
      remoteAddress: '10.0.0.1',
      payload: { email: aliceEmail, publicKey: alice.publicPem },
    });
    expect(registered.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const trpc = (ip: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress: ip, payload });
  const rest = (ip: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/key-auth/${path}`, remoteAddress: ip, payload });
  const challengeRows = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM key_challenges`.execute(t.database.db))
        .rows[0]?.n,
    );

  /** A full key login from `ip`: challenge, sign, verify. */
  async function signIn(ip: string, email: string, door: 'rest' | 'trpc' = 'rest') {
    const send = door === 'rest' ? rest : trpc;
    const path = (name: string) => (door === 'rest' ? name : `keyAuth.${name}`);
    const issued = await send(ip, path('challenge'), { email });
    expect(issued.statusCode, `challenge from ${ip}`).toBe(200);
    const challenge = (
      door === 'rest' ? issued.json().data.challenge : issued.json().result.data.data.challenge
    ) as string;
    return send(ip, path('verify'), {
      email,
      signature: signChallenge(challenge, alice.privateKey),
    });
  }

  it('refuses a /trpc batch that holds a sign-in call with a clear 400, and runs none of it', async () => {
    const before = await challengeRows();
    const calls = 30;
    const batch = await t.app.inject({
      method: 'POST',
      url: `/trpc/${Array(calls).fill('keyAuth.challenge').join(',')}?batch=1`,
      remoteAddress: '10.4.0.1',
      payload: Object.fromEntries(
        Array.from({ length: calls }, (_, i) => [i, { email: `b${i}@example.com` }]),
      ),
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(await challengeRows()).toBe(before);

    // A batch of one is a batch too, and hiding the call among others does not help.
    const ofOne = await t.app.inject({
      method: 'POST',
      url: '/trpc/keyAuth.verify?batch=1',
      remoteAddress: '10.4.0.1',
      payload: { 0: { email: aliceEmail, signature: 'AAAA' } },
    });
    expect(ofOne.statusCode).toBe(400);
    expect(ofOne.json().message).toBe(
      'Sign-in calls cannot be batched: send keyAuth.verify as a request of its own.',
    );
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/trpc/system.health,auth.firebase?batch=1&input=${encodeURIComponent('{}')}`,
      remoteAddress: '10.4.0.1',
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses a /trpc batch of more than MAX_BATCH_ITEMS calls, and serves one of that size', async () => {
    const user = await t.signUp();
    const batchOf = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: `/trpc/${Array(n).fill('account.list').join(',')}?batch=1&input=${encodeURIComponent(
          JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))),
        )}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    const fits = await batchOf(MAX_BATCH_ITEMS);
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toHaveLength(MAX_BATCH_ITEMS);
    const tooMany = await batchOf(MAX_BATCH_ITEMS + 1);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: `A batch may hold at most ${MAX_BATCH_ITEMS} calls; this one holds ${MAX_BATCH_ITEMS + 1}.`,
    });
  });

  it('counts failed key logins per email and address on /trpc as on REST', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < limits.AUTH_RATE_LIMIT_PER_EMAIL; i++) {
      const failed = await trpc(ip, 'keyAuth.verify', { email: aliceEmail, signature: 'AAAA' });
      expect(failed.statusCode).toBe(401);
    }
    // Every sign-in call naming this email from this address waits now, a challenge included...
    const refused = await trpc(ip, 'keyAuth.challenge', { email: aliceEmail });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // ...and over REST as well; another email from the same address is not held up.
    expect((await rest(ip, 'verify', { email: aliceEmail, signature: 'AAAA' })).statusCode).toBe(
      429,
    );
    expect((await rest(ip, 'challenge', { email: 'other@example.com' })).statusCode).toBe(200);
  });

  it("does not let a stranger naming someone's email from elsewhere lock that person out", async () => {
    const stranger = '10.6.0.1';
    for (let i = 0; i < 10; i++) {
      await rest(stranger, 'challenge', { email: aliceEmail });
      await rest(stranger, 'verify', { email: aliceEmail, signature: 'AAAA' });
    }
    expect(
      (await rest(stranger, 'verify', { email: aliceEmail, signature: 'AAAA' })).statusCode,
    ).toBe(429);
    // Alice, from her own device, signs in through either door.
    expect((await signIn('10.6.0.2', aliceEmail)).statusCode).toBe(200);
    expect((await signIn('10.6.0.3', aliceEmail, 'trpc')).statusCode).toBe(200);
  });

  it('counts failures per address across emails', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < limits.AUTH_FAILURE_LIMIT_PER_IP; i++) {
      const failed = await rest(ip, 'verify', { email: `x${i}@example.com`, signature: 'AAAA' });
      expect(failed.statusCode).toBe(401);
    }
    const refused = await rest(ip, 'verify', { email: 'y@example.com', signature: 'AAAA' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts\./);
  });

  it('names exactly the sign-in procedures the web app sends one by one', () => {
    expect(
      PROCEDURES.filter((procedure) => procedure.signIn)
        .map((procedure) => procedure.path)
        .sort(),
    ).toEqual([...SIGN_IN_PROCEDURES].sort());
  });
});
