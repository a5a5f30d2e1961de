import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.js';
import { revokeSession } from '../../src/server/features/sessions/session-service.js';

/** A clock the test moves by hand. */
function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

describe('sessions', () => {
  const time = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: time.clock });
  });
  afterAll(() => t.close());

  const accountsStatus = async (token: string) =>
    (
      await t.rest(null, {
        method: 'GET',
        url: '/api/account',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('stores only a SHA-256 of a 256-bit token', async () => {
    const user = await t.signUp();
    expect(Buffer.from(user.token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(user.token);
  });

  it('ends a session left idle too long, and keeps one in use', async () => {
    const idle = await t.signUp();
    const busy = await t.signUp();
    const step = testEnv.SESSION_IDLE_TIMEOUT_SECONDS / 2;
    for (let i = 0; i < 3; i++) {
      time.advance(step - 1);
      expect(await accountsStatus(busy.token)).toBe(200);
    }
    expect(await accountsStatus(idle.token)).toBe(401);
  });

  it('ends every session at its absolute lifetime, however busy', async () => {
    const user = await t.signUp();
    const step = testEnv.SESSION_IDLE_TIMEOUT_SECONDS - 60;
    let elapsed = 0;
    while (elapsed + step < testEnv.SESSION_MAX_AGE_SECONDS) {
      time.advance(step);
      elapsed += step;
      expect(await accountsStatus(user.token)).toBe(200);
    }
    time.advance(testEnv.SESSION_MAX_AGE_SECONDS - elapsed);
    const res = await t.rest(user, { method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('refuses a revoked session on the next request', async () => {
    const user = await t.signUp();
    expect(await accountsStatus(user.token)).toBe(200);
    expect(await revokeSession(t.database.db, user.token, time.clock)).toBe(true);
    expect(await accountsStatus(user.token)).toBe(401);
    await expect(t.caller(user).account.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('tells a missing token from a bad one', async () => {
    const missing = await t.rest(null, { method: 'GET', url: '/api/account' });
    expect(missing.json().message).toMatch(/Authentication required/);
    const bad = await t.rest(null, {
      method: 'GET',
      url: '/api/account',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.json().message).toMatch(/session has expired/);
  });
});

describe('sessions with a short idle timeout', () => {
  const time = manualClock();
  const idleSeconds = 60;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: time.clock,
      env: { SESSION_IDLE_TIMEOUT_SECONDS: idleSeconds },
    });
  });
  afterAll(() => t.close());

  const status = async (token: string) =>
    (
      await t.rest(null, {
        method: 'GET',
        url: '/api/account',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('keeps a session used more often than the idle timeout alive', async () => {
    const user = await t.signUp();
    // Used every 40 s: never idle for 60 s, so it must never end on idleness.
    for (let i = 0; i < 6; i++) {
      time.advance(40);
      expect(await status(user.token), `request ${i + 1}`).toBe(200);
    }
  });

  it('still ends it once it really was idle that long', async () => {
    const user = await t.signUp();
    time.advance(30);
    expect(await status(user.token)).toBe(200);
    time.advance(idleSeconds + 1);
    expect(await status(user.token)).toBe(401);
  });
});
