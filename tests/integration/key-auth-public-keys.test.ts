import { generateKeyPairSync } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/trpc/errors.js';
import { VERIFY_FAILED } from '../../src/server/features/key-auth/key-auth-service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  oddNumberOfBits,
  rsaKeyPair,
  rsaModulusOf,
  rsaPublicPemOf,
  signChallenge,
} from '../helpers/rsa-keys.js';

/**
 * Key login takes exactly one SPKI PEM block holding an RSA key with an odd 2048 to 4096-bit
 * modulus and e = 65537, on both doors; a key stored before these rules signs nobody in.
 */
describe('key login: which public keys are accepted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const good = rsaKeyPair(2048);
  const modulus = rsaModulusOf(good.publicPem);
  const refused: [string, string, string][] = [
    ['e = 1', rsaPublicPemOf(modulus, 1n), 'RSA public exponent must be 65537'],
    ['e = 2', rsaPublicPemOf(modulus, 2n), 'RSA public exponent must be 65537'],
    ['e = n - 2', rsaPublicPemOf(modulus, modulus - 2n), 'RSA public exponent must be 65537'],
    ['an even modulus', rsaPublicPemOf(modulus + 1n, 65537n), 'RSA modulus must be odd'],
    [
      'an 8192-bit modulus',
      rsaPublicPemOf(oddNumberOfBits(8192), 65537n),
      'RSA key must be at most 4096 bits',
    ],
    [
      'two PEM blocks',
      `${good.publicPem}${rsaPublicPemOf(modulus, 1n)}`,
      'Public key must be exactly one PEM block; found 2',
    ],
  ];

  async function usersWithEmail(email: string): Promise<number> {
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    return rows.length;
  }

  it.each(refused)('REST refuses %s with 400 and a clear message', async (_label, pem, message) => {
    const email = `rest-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/register',
      payload: { email, publicKey: pem },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it.each(refused)('tRPC refuses %s with 400 and a clear message', async (_label, pem, message) => {
    const email = `trpc-${Math.random().toString(36).slice(2)}@example.com`;
    const error = await t
      .caller(null)
      .keyAuth.register({ email, publicKey: pem })
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(error).toBeInstanceOf(TRPCError);
    expect(describeError(error as TRPCError)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('a key stored before the rules (e = 3) no longer signs in, even with a valid signature', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicExponent: 3,
    });
    const email = 'legacy-e3@example.com';
    const user = await t.database.db
      .insertInto('users')
      .values({ email, firebase_uid: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('key_credentials')
      .values({
        user_id: user.id,
        email,
        public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      })
      .execute();

    const challenge = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/challenge',
      payload: { email },
    });
    const signature = signChallenge(challenge.json().data.challenge as string, privateKey);
    const res = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/verify',
      payload: { email, signature },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: VERIFY_FAILED });
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('a good key still registers and signs in', async () => {
    const email = 'good-key@example.com';
    const registered = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/register',
      payload: { email, publicKey: good.publicPem },
    });
    expect(registered.statusCode).toBe(200);
    const challenge = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/challenge',
      payload: { email },
    });
    const res = await t.rest(null, {
      method: 'POST',
      url: '/api/key-auth/verify',
      payload: {
        email,
        signature: signChallenge(challenge.json().data.challenge as string, good.privateKey),
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
