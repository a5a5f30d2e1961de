import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const limits = { AUTH_RATE_LIMIT_PER_IP: 5, AUTH_RATE_LIMIT_PER_EMAIL: 3 };

function challengeFrom(t: TestApp, ip: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/key-auth/challenge',
    remoteAddress: ip,
    payload: { email },
  });
}

describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: limits });
  });
  afterAll(() => t.close());

  it('answers the N+1th attempt from one IP inside the window with 429', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < limits.AUTH_RATE_LIMIT_PER_IP; i++) {
      expect((await challengeFrom(t, ip, `ip-${i}-${randomUUID()}@example.com`)).statusCode).toBe(
        200,
      );
    }
    const refused = await challengeFrom(t, ip, `late-${randomUUID()}@example.com`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect(
      (await challengeFrom(t, '10.1.0.2', `other-${randomUUID()}@example.com`)).statusCode,
    ).toBe(200);
  });

  it('counts the tRPC door and the other sign-in routes too', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < limits.AUTH_RATE_LIMIT_PER_IP; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/keyAuth.challenge',
        remoteAddress: ip,
        payload: { email: `trpc-${i}-${randomUUID()}@example.com` },
      });
      expect(res.statusCode).toBe(200);
    }
    const viaRest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/firebase',
      remoteAddress: ip,
      payload: {},
    });
    expect(viaRest.statusCode).toBe(429);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/keyAuth.verify',
      remoteAddress: ip,
      payload: { email: 'a@example.com', signature: 'AAAA' },
    });
    expect(viaTrpc.statusCode).toBe(429);
    expect(Number(viaTrpc.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves the account routes alone', async () => {
    const user = await t.signUp();
    for (let i = 0; i < limits.AUTH_RATE_LIMIT_PER_IP * 2; i++) {
      expect((await t.rest(user, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    }
  });
});

describe('per-IP limits behind a load balancer (TRUST_PROXY)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  /** Clients at different addresses, all arriving through one proxy at 10.8.0.1. */
  async function statusesThroughProxy(t: TestApp): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i <= limits.AUTH_RATE_LIMIT_PER_IP; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/key-auth/challenge',
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `proxied-${i}-${randomUUID()}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('counts each forwarded client on its own when the proxy is trusted', async () => {
    const t = await createTestApp({ env: { ...limits, TRUST_PROXY: ['10.8.0.1'] } });
    apps.push(t);
    expect(await statusesThroughProxy(t)).toEqual(
      Array(limits.AUTH_RATE_LIMIT_PER_IP + 1).fill(200),
    );
  });

  it('ignores X-Forwarded-For by default, so a client cannot pick its own address', async () => {
    const t = await createTestApp({ env: limits });
    apps.push(t);
    expect(await statusesThroughProxy(t)).toEqual([
      ...Array(limits.AUTH_RATE_LIMIT_PER_IP).fill(200),
      429,
    ]);
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))(
  'sign-in rate limits shared through Redis',
  () => {
    const apps: TestApp[] = [];
    beforeAll(async () => {
      const env = { ...limits, REDIS_URL: process.env.TEST_REDIS_URL };
      apps.push(await createTestApp({ env }), await createTestApp({ env }));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it('holds one limit across two instances', async () => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i <= limits.AUTH_RATE_LIMIT_PER_IP; i++) {
        const app = apps[i % 2] as TestApp;
        statuses.push(
          (await challengeFrom(app, ip, `r-${i}-${randomUUID()}@example.com`)).statusCode,
        );
      }
      expect(statuses).toEqual([...Array(limits.AUTH_RATE_LIMIT_PER_IP).fill(200), 429]);
    });
  },
);
