import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaKeyPair, signChallenge } from '../helpers/rsa-keys.js';
import { testBackend } from '../helpers/test-database.js';
import { ApiClient, dataOf, type HttpAnswer } from '../reliability/harness/client.js';
import {
  REPO_ROOT,
  ServerProcess,
  createFreshDatabase,
  freePort,
  removeWorkDir,
} from '../reliability/server-process.js';

/**
 * Two server processes (the built app, as `npm start` runs it) on one PostgreSQL database, as
 * behind a load balancer: whatever one instance issues, the other must honour, and money moved
 * through both at once must stay exact. Both start at the same moment on an empty database, so
 * their migrations race too.
 */

const PER_EMAIL_LIMIT = 6;
const redisUrl = process.env.TEST_REDIS_URL;

function ok(answer: HttpAnswer): HttpAnswer {
  if (answer.status !== 200) {
    throw new Error(`Expected 200, got ${answer.status ?? answer.error}: ${answer.bodyText}`);
  }
  return answer;
}

describe.runIf(testBackend === 'postgres')('two app instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>;
  let sql: postgres.Sql;
  const servers: ServerProcess[] = [];
  const clients: ApiClient[] = [];
  let a: ApiClient;
  let b: ApiClient;
  /** Alternates between the two instances, as a round-robin load balancer would. */
  const instance = (i: number): ApiClient => (i % 2 === 0 ? a : b);

  /** A signed-in user whose challenge came from instance A and was verified by instance B. */
  async function signInAcrossInstances(): Promise<{ email: string; token: string }> {
    const email = `scale-${randomUUID()}@example.com`;
    const { publicPem, privateKey } = rsaKeyPair();
    ok(
      await a.request('POST', '/api/key-auth/register', { body: { email, publicKey: publicPem } }),
    );
    const challenged = ok(await a.request('POST', '/api/key-auth/challenge', { body: { email } }));
    const challenge = dataOf<{ challenge: string }>(challenged)?.challenge ?? '';
    const verified = await b.request('POST', '/api/key-auth/verify', {
      body: { email, signature: signChallenge(challenge, privateKey) },
    });
    ok(verified);
    return { email, token: dataOf<{ token: string }>(verified)?.token ?? '' };
  }

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL ?? '');
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    for (const label of ['scale-a', 'scale-b']) {
      servers.push(
        new ServerProcess({
          label,
          backend: { kind: 'postgres', databaseUrl: database.url },
          port: await freePort(),
          env: {
            // Failed sign-ins per email and address; the per-address limits are out of the way
            // (other test files share this address, and Redis, at the same time).
            AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL_LIMIT),
            AUTH_RATE_LIMIT_PER_IP: '10000',
            AUTH_FAILURE_LIMIT_PER_IP: '10000',
            ...(redisUrl && { REDIS_URL: redisUrl }),
          },
        }),
      );
    }
    // Both at once on an empty database: the migration lock must let exactly one migrate.
    await Promise.all(servers.map((server) => server.start()));
    a = new ApiClient(servers[0]?.url ?? '', 20_000);
    b = new ApiClient(servers[1]?.url ?? '', 20_000);
    clients.push(a, b);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(servers.map((server) => server.stop()));
    await sql?.end();
    await database?.drop();
    removeWorkDir();
  });

  it('started both at once on an empty database, with every migration applied', async () => {
    const files = readdirSync(path.join(REPO_ROOT, 'migrations'))
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    const applied = await sql<{ name: string }[]>`SELECT name FROM kysely_migration ORDER BY name`;
    expect(applied.map((m) => m.name)).toEqual(files);
    for (const client of [a, b])
      expect((await client.request('GET', '/api/health')).status).toBe(200);
  });

  it('verifies on one instance a challenge issued by the other, and only once', async () => {
    const email = `scale-${randomUUID()}@example.com`;
    const { publicPem, privateKey } = rsaKeyPair();
    ok(
      await b.request('POST', '/api/key-auth/register', { body: { email, publicKey: publicPem } }),
    );
    const challenged = ok(await b.request('POST', '/api/key-auth/challenge', { body: { email } }));
    const signature = signChallenge(
      dataOf<{ challenge: string }>(challenged)?.challenge ?? '',
      privateKey,
    );
    const both = await Promise.all([
      a.request('POST', '/api/key-auth/verify', { body: { email, signature } }),
      b.request('POST', '/api/key-auth/verify', { body: { email, signature } }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('honours a session from one instance on the other, and its sign-out on both', async () => {
    const { email, token } = await signInAcrossInstances();
    for (const client of [a, b]) {
      const me = ok(await client.request('GET', '/api/auth/me', { token }));
      expect(dataOf<{ email: string }>(me)?.email).toBe(email);
    }
    ok(await b.request('POST', '/api/auth/logout', { token }));
    expect((await a.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await b.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('keeps every balance equal to its ledger sum under concurrent movements through both', async () => {
    const { token } = await signInAcrossInstances();
    const accountIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const created = ok(
        await instance(i).request('POST', '/api/account', {
          token,
          body: { title: `Shared ${i}` },
        }),
      );
      accountIds.push(dataOf<{ id: string }>(created)?.id ?? '');
    }
    // 400 movements at once, alternating instances: deposits of 1.00 and withdrawals of 0.75,
    // so some withdrawals meet an empty account and must be refused without changing anything.
    const expected = new Map(accountIds.map((id) => [id, 0]));
    const answers = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        const id = accountIds[i % accountIds.length] ?? '';
        const deposit = i % 3 !== 2;
        const answer = await instance(i).request(
          'POST',
          `/api/account/${id}/${deposit ? 'deposit' : 'withdraw'}`,
          { token, body: { amount: deposit ? 1 : 0.75 } },
        );
        if (answer.status === 200) {
          expected.set(id, (expected.get(id) ?? 0) + (deposit ? 100 : -75));
        }
        return answer.status;
      }),
    );
    expect(answers.every((status) => status === 200 || status === 422)).toBe(true);

    const rows = await sql<{ id: string; balance_cents: string; ledger_cents: string }[]>`
      SELECT a.id, a.balance_cents,
             coalesce(sum(CASE t.transaction_type WHEN 'deposit' THEN t.amount_cents
                                                  ELSE -t.amount_cents END), 0) AS ledger_cents
      FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id
      WHERE a.id = ANY(${accountIds}::uuid[])
      GROUP BY a.id, a.balance_cents`;
    expect(rows).toHaveLength(accountIds.length);
    for (const row of rows) {
      expect(BigInt(row.balance_cents)).toBe(BigInt(row.ledger_cents));
      expect(Number(row.balance_cents)).toBe(expected.get(row.id));
      expect(Number(row.balance_cents)).toBeGreaterThanOrEqual(0);
    }
    // And each instance reads the same balances.
    const viewA = dataOf<{ id: string; balance: number }[]>(
      await a.request('GET', '/api/account', { token }),
    );
    const viewB = dataOf<{ id: string; balance: number }[]>(
      await b.request('GET', '/api/account', { token }),
    );
    expect(viewA).toEqual(viewB);
  });

  it.runIf(Boolean(redisUrl))(
    'holds one sign-in failure limit across both instances (REDIS_URL set)',
    async () => {
      const email = `limited-${randomUUID()}@example.com`;
      const signature = signChallenge('a challenge nobody issued', rsaKeyPair().privateKey);
      const statuses: (number | null)[] = [];
      for (let i = 0; i < PER_EMAIL_LIMIT + 4; i += 1) {
        const answer = await instance(i).request('POST', '/api/key-auth/verify', {
          body: { email, signature },
        });
        statuses.push(answer.status);
      }
      // Without a shared store each instance would allow PER_EMAIL_LIMIT failures on its own.
      expect(statuses).toEqual([...Array(PER_EMAIL_LIMIT).fill(401), ...Array(4).fill(429)]);
    },
  );
});
