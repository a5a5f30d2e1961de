import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Security finding 9: neither key registration nor verification may tell whether an email has a
 * key, by their words or by their time.
 */
describe('key login does not tell which emails have a key', () => {
  let t: TestApp;
  const holder = rsaKeyPair();
  const known = 'known-key-holder@example.com';
  const unknown = 'no-key-here@example.com';

  const post = (url: string, payload: object) => t.rest(null, { method: 'POST', url, payload });
  const withoutRequestId = (body: Record<string, unknown>) => {
    const { requestId: _ignored, ...rest } = body;
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp();
    expect(
      (await post('/api/key-auth/register', { email: known, publicKey: holder.publicPem }))
        .statusCode,
    ).toBe(200);
    // Both emails have open challenges, as they would when someone tries them.
    for (let i = 0; i < 5; i++) {
      await post('/api/key-auth/challenge', { email: known });
      await post('/api/key-auth/challenge', { email: unknown });
    }
  });
  afterAll(() => t.close());

  it('answers a registration the same, in words and in time, for an email with a key and one without', async () => {
    const publicKey = rsaKeyPair().publicPem;
    const register = (email: string) => post('/api/key-auth/register', { email, publicKey });
    const taken = await register(known);
    const free = await register(`fresh-${Date.now()}@example.com`);
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());

    const times: Record<'taken' | 'free', number[]> = { taken: [], free: [] };
    for (let round = 0; round < 50; round++) {
      for (const kind of round % 2 ? (['taken', 'free'] as const) : (['free', 'taken'] as const)) {
        const began = performance.now();
        await register(kind === 'taken' ? known : `free-${round}-${Date.now()}@example.com`);
        if (round >= 10) times[kind].push(performance.now() - began);
      }
    }
    const ratio = median(times.taken) / median(times.free);
    expect(ratio, `taken/free median time ratio ${ratio.toFixed(2)}`).toBeGreaterThan(1 / 1.5);
    expect(ratio, `taken/free median time ratio ${ratio.toFixed(2)}`).toBeLessThan(1.5);
  });

  it('answers a failed verification the same, in words and in time, for both', async () => {
    const signature = signChallenge('a challenge nobody issued', holder.privateKey);
    const verify = (email: string) => post('/api/key-auth/verify', { email, signature });

    const a = await verify(known);
    const b = await verify(unknown);
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(a.statusCode);
    expect(withoutRequestId(b.json())).toEqual(withoutRequestId(a.json()));
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());

    // Interleaved, after a warm-up, so that both see the same machine.
    const times: Record<string, number[]> = { [known]: [], [unknown]: [] };
    for (let round = 0; round < 70; round++) {
      for (const email of round % 2 ? [known, unknown] : [unknown, known]) {
        const began = performance.now();
        await verify(email);
        if (round >= 10) times[email]?.push(performance.now() - began);
      }
    }
    const ratio = median(times[known] ?? []) / median(times[unknown] ?? []);
    expect(ratio, `known/unknown median time ratio ${ratio.toFixed(2)}`).toBeGreaterThan(1 / 1.5);
    expect(ratio, `known/unknown median time ratio ${ratio.toFixed(2)}`).toBeLessThan(1.5);
  });
});
