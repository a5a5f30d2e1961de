import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNTS_PER_BOOK_MAX } from '../../src/shared/usage-limits.js';
import { ACCOUNT_LIMIT_REACHED } from '../../src/server/features/accounts/account-service.js';
import { PROCEDURES, REST_PROCEDURES, callProcedure, restRequest } from '../helpers/api-surface.js';
import { DOORS } from '../helpers/doors.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/** Security finding 6 (limits): accounts per book are capped, and each user's writes are limited. */

/** Gives the user's book `count` live accounts straight in the database (the API would be slow). */
async function fillAccounts(t: TestApp, user: TestUser, count: number): Promise<void> {
  await sql`
    INSERT INTO accounts (book_id, created_by, title)
    SELECT ${user.bookId}::uuid, ${user.id}::uuid, 'Filler ' || n
    FROM generate_series(1, ${count}::int) AS n
  `.execute(t.database.db);
}

async function liveAccounts(t: TestApp, user: TestUser): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM accounts WHERE book_id = ${user.bookId}::uuid AND deleted_at IS NULL
  `.execute(t.database.db);
  return Number(rows[0]?.n);
}

describe('accounts per book', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(DOORS)(
    'refuses account number ACCOUNTS_PER_BOOK_MAX + 1 with a clear 422, writing nothing (%s)',
    async (_name, makeDoor) => {
      const user = await t.signUp();
      await fillAccounts(t, user, ACCOUNTS_PER_BOOK_MAX - 1);
      const door = makeDoor(t, user);
      expect((await door.createAccount({ title: 'The last one' })).status).toBe(200);
      const refused = await door.createAccount({ title: 'One too many' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'UNPROCESSABLE',
        message: ACCOUNT_LIMIT_REACHED,
      });
      expect(await liveAccounts(t, user)).toBe(ACCOUNTS_PER_BOOK_MAX);

      // Deleted accounts do not count.
      const someone = (await door.listAccounts()).body.data[0].id as string;
      expect((await door.deleteAccount(someone)).status).toBe(200);
      expect((await door.createAccount({ title: 'In its place' })).status).toBe(200);
    },
  );

  it.runIf(testBackend === 'postgres')('holds the cap under concurrent creations', async () => {
    const user = await t.signUp();
    await fillAccounts(t, user, ACCOUNTS_PER_BOOK_MAX - 3);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.rest(user, { method: 'POST', url: '/api/account', payload: { title: `Race ${i}` } }),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(422)]);
    expect(await liveAccounts(t, user)).toBe(ACCOUNTS_PER_BOOK_MAX);
  });
});

describe('writes per user', () => {
  const WRITES = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_USER: WRITES } });
  });
  afterAll(() => t.close());

  it.each(DOORS)(
    'answers the write beyond the limit with 429 and Retry-After; reads and others go on (%s)',
    async (name, makeDoor) => {
      const user = await t.signUp();
      const door = makeDoor(t, user);
      for (let i = 0; i < WRITES; i++) {
        expect((await door.createAccount({ title: `Write ${i}` })).status).toBe(200);
      }
      const refused = await door.createAccount({ title: 'Too soon' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(refused.body.message).toMatch(
        /^Too many changes at once\. Try again in \d+ seconds\.$/,
      );
      expect(await liveAccounts(t, user)).toBe(WRITES);
      if (name === 'rest') {
        const res = await t.rest(user, {
          method: 'POST',
          url: '/api/account',
          payload: { title: 'Still too soon' },
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      expect((await door.listAccounts()).status).toBe(200);
      const other = makeDoor(t, await t.signUp());
      expect((await other.createAccount({ title: 'Mine' })).status).toBe(200);
    },
  );

  it('sends Retry-After on /trpc too', async () => {
    const user = await t.signUp();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/system.testNew',
        headers: { authorization: `Bearer ${user.token}` },
        payload: {},
      });
    for (let i = 0; i < WRITES; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every mutation of a signed-in user, whatever route it is (derived from the router)', async () => {
    const mutations = PROCEDURES.filter((p) => p.protected && p.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(5);
    for (const procedure of mutations) {
      const user = await t.signUp();
      const caller = t.caller(user);
      for (let i = 0; i < WRITES; i++) await caller.system.testNew({});
      // Refused before its input is even read: the allowance is the user's, shared by all writes.
      await expect(callProcedure(caller, procedure, {}), procedure.path).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    }
    for (const procedure of REST_PROCEDURES.filter((p) => p.protected && p.type === 'mutation')) {
      const user = await t.signUp();
      for (let i = 0; i < WRITES; i++) await t.caller(user).system.testNew({});
      const res = await t.rest(user, restRequest(procedure, { id: randomUUID() }));
      expect(res.statusCode, `${procedure.method} ${procedure.route}`).toBe(429);
    }
    // Reads are never counted.
    const reader = await t.signUp();
    for (let i = 0; i < WRITES * 3; i++) {
      expect((await t.rest(reader, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    }
  });
});
