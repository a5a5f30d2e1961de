import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';
import type { TestApp } from '../helpers/test-app.js';
import { VERIFY_FAILED } from '../../src/server/features/key-auth/key-auth-service.js';

// Counts the public-key operations (RSAVP1) a verification performs. One counting function for
// the whole file, made before the mock: however often the mocked module is evaluated, it counts.
const { publicDecrypt } = vi.hoisted(() => ({ publicDecrypt: vi.fn() }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  publicDecrypt.mockImplementation(actual.publicDecrypt);
  return { ...actual, publicDecrypt };
});

/**
 * Security finding 4: anyone may ask for challenges for any email, so a stranger's challenges
 * must never push a person's own challenge out, and one verification must cost at most one RSA
 * operation however many challenges are open.
 */
describe('key login with many open challenges', () => {
  let t: TestApp;
  const alice = rsaKeyPair();
  const email = 'alice-challenges@example.com';
  const post = (url: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const challenge = async (ip?: string) =>
    (await post('/api/key-auth/challenge', { email }, ip)).json().data.challenge as string;
  const verify = (body: object) => post('/api/key-auth/verify', { email, ...body });
  const rsaOperations = () => publicDecrypt.mock.calls.length;

  beforeAll(async () => {
    // Integration files share their worker's modules (docs/testing.md#ci-time): the server's
    // modules are evaluated afresh here, so they import the mocked node:crypto.
    vi.resetModules();
    const { createTestApp } = await import('../helpers/test-app.js');
    t = await createTestApp();
    expect(
      (await post('/api/key-auth/register', { email, publicKey: alice.publicPem })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    publicDecrypt.mockClear();
  });

  it("never lets a stranger's challenge requests make a correct signature fail", async () => {
    const mine = await challenge('10.20.0.1');
    for (let i = 0; i < 30; i++) await challenge(`10.21.0.${i + 1}`);
    const res = await verify({ signature: signChallenge(mine, alice.privateKey) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('costs at most one RSA operation per verification, however many challenges are open', async () => {
    const mine = await challenge();
    for (let i = 0; i < 40; i++) await challenge();
    const signature = signChallenge(mine, alice.privateKey);

    publicDecrypt.mockClear();
    const wrong = await verify({ signature: signChallenge('not issued', alice.privateKey) });
    expect(wrong.statusCode).toBe(401);
    expect(rsaOperations()).toBeLessThanOrEqual(1);

    // A correct signature takes exactly one: also proof that the count sees the server's calls
    // (integration files share their worker's modules, docs/testing.md#ci-time).
    publicDecrypt.mockClear();
    expect((await verify({ signature })).statusCode).toBe(200);
    expect(rsaOperations()).toBe(1);

    publicDecrypt.mockClear();
    const unknown = await post('/api/key-auth/verify', { email: 'nobody@example.com', signature });
    expect(unknown.json().message).toBe(VERIFY_FAILED);
    expect(rsaOperations()).toBeLessThanOrEqual(1);
  });

  it('accepts the challenge sent back with the signature, and only that one', async () => {
    const first = await challenge();
    const second = await challenge();
    const signature = signChallenge(first, alice.privateKey);
    // Naming another open challenge than the one signed fails, though the signed one is open.
    const misnamed = await verify({ signature, challenge: second });
    expect(misnamed.statusCode).toBe(401);
    expect(misnamed.json().message).toBe(VERIFY_FAILED);
    const named = await verify({ signature, challenge: first });
    expect(named.statusCode).toBe(200);
    // Used once: the same pair again fails.
    expect((await verify({ signature, challenge: first })).statusCode).toBe(401);
  });
});
