import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_WAIT_MS, type Release } from '../../src/server/trpc/usage-limits.js';
import { DemoMailbox } from '../../src/server/features/mail/mailer.js';
import type { Env } from '../../src/server/env.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { trpcOutcome, type Outcome } from '../helpers/doors.js';

const CSV_EXPORT_PATH = '/api/transactions/export.csv';

/**
 * Security review finding 5 (the read half): the expensive reads (the full export, the CSV
 * export, the analytics charts) have a per-user budget and run one (exports) or a few (charts)
 * at a time per user, exports a few at a time per instance; beyond, 429 with Retry-After and a
 * clear message, on both doors. Finding 11c: the demo mailbox, open by design (README).
 */

/** The app's own limits (the ones both doors count against), to hold slots from the test. */
const limitsOf = (t: TestApp) =>
  t.app.createTrpcContext({ id: 'test', log: t.app.log, headers: {} }).limits;

async function viaRest(t: TestApp, user: TestUser, url: string): Promise<Outcome> {
  const res = await t.rest(user, { method: 'GET', url });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
}

type Read = (t: TestApp, user: TestUser) => Promise<Outcome>;

const FULL_EXPORT: Record<'rest' | 'trpc', Read> = {
  rest: (t, user) => viaRest(t, user, '/api/book/export'),
  trpc: (t, user) => trpcOutcome(() => t.caller(user).bookData.export({})),
};
const CSV_EXPORT: Read = (t, user) => viaRest(t, user, `${CSV_EXPORT_PATH}?sort=date_asc`);
const PERIOD = { from: '2026-01-01', to: '2026-03-31' };
const CHART: Record<'rest' | 'trpc', Read> = {
  rest: (t, user) =>
    viaRest(t, user, `/api/analytics/spending-by-category?from=${PERIOD.from}&to=${PERIOD.to}`),
  trpc: (t, user) => trpcOutcome(() => t.caller(user).analytics.spendingByCategory(PERIOD)),
};
const DOOR_NAMES = ['rest', 'trpc'] as const;

/** A 429 with the message and, on REST, the Retry-After the message names. */
function expectRefused(outcome: Outcome, message: RegExp, retryAfter?: number) {
  expect(outcome.status).toBe(429);
  expect(outcome.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  expect(outcome.body.message).toMatch(message);
  const seconds = Number(/Try again in (\d+) seconds\.$/.exec(outcome.body.message)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter);
  if (outcome.headers) expect(Number(outcome.headers['retry-after'])).toBe(seconds);
}

async function appWith(env: Partial<Env>, apps: TestApp[]): Promise<TestApp> {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

describe('export limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it.each(DOOR_NAMES)(
    'allows EXPORT_RATE_LIMIT_PER_USER exports a minute, then 429 with Retry-After (%s)',
    async (door) => {
      const t = await appWith({ EXPORT_RATE_LIMIT_PER_USER: 3 }, apps);
      const user = await t.signUp();
      expect((await FULL_EXPORT[door](t, user)).status).toBe(200);
      expect((await CSV_EXPORT(t, user)).status).toBe(200);
      expect((await FULL_EXPORT[door](t, user)).status).toBe(200);
      const refused = await FULL_EXPORT[door](t, user);
      expectRefused(refused, /^Too many exports\. Try again in \d+ seconds\.$/);
      expect(Number(/(\d+) seconds/.exec(refused.body.message)?.[1])).toBeLessThanOrEqual(60);
      // The CSV door counts against the same budget, and answers JSON before any byte of CSV.
      expectRefused(await CSV_EXPORT(t, user), /^Too many exports\./);
      // Others are not affected, nor are this user's other reads.
      expect((await FULL_EXPORT[door](t, await t.signUp())).status).toBe(200);
      expect((await t.rest(user, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    },
  );

  it.each(DOOR_NAMES)(
    'runs one export at a time per user: another while one runs is 429 at once (%s)',
    async (door) => {
      const t = await appWith({}, apps);
      const user = await t.signUp();
      const running = await limitsOf(t).startExport(user.id, 'csv', {});
      const busy = /^An export of yours is still running\. Try again in 5 seconds\.$/;
      const started = Date.now();
      expectRefused(await FULL_EXPORT[door](t, user), busy, 5);
      expectRefused(await CSV_EXPORT(t, user), busy, 5);
      expect(Date.now() - started).toBeLessThan(2_000); // at once, not after a wait
      // Someone else exports meanwhile.
      expect((await FULL_EXPORT[door](t, await t.signUp())).status).toBe(200);
      await running();
      expect((await FULL_EXPORT[door](t, user)).status).toBe(200);
      expect((await CSV_EXPORT(t, user)).status).toBe(200);
    },
  );

  it('refuses the second of two full exports sent together by one user, over /trpc too', async () => {
    const t = await appWith({}, apps);
    const user = await t.signUp();
    // A book whose export takes a while, so the second request arrives while the first runs.
    const account = (await t.caller(user).account.create({ title: 'Some' })).data.id;
    await sql`
      INSERT INTO transactions (book_id, account_id, transaction_type, amount_cents, description,
        occurred_on, payee)
      SELECT ${user.bookId}::uuid, ${account}::uuid, 'deposit', 100, 'Entry ' || i,
        DATE '2025-01-01' + (i % 300), 'Payee'
      FROM generate_series(1, 5000) AS i`.execute(t.database.db);
    await sql`UPDATE accounts SET balance_cents = 500000 WHERE id = ${account}::uuid`.execute(
      t.database.db,
    );
    const both = await Promise.all([FULL_EXPORT.rest(t, user), FULL_EXPORT.rest(t, user)]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual([200, 429]);

    const running = await limitsOf(t).startExport(user.id, 'full', {});
    const overTrpc = await t.app.inject({
      method: 'GET',
      url: '/trpc/bookData.export?input=%7B%7D',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(overTrpc.statusCode).toBe(429);
    expect(overTrpc.headers['retry-after']).toBe('5');
    await running();
  });

  it('caps the exports running on one instance (EXPORTS_PER_INSTANCE, FULL_EXPORTS_PER_INSTANCE)', async () => {
    const t = await appWith({ EXPORTS_PER_INSTANCE: 2, FULL_EXPORTS_PER_INSTANCE: 1 }, apps);
    const [a, b, c] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const busy = /^The server is busy with other exports\. Try again in 5 seconds\.$/;
    let releaseA: Release = await limitsOf(t).startExport(a.id, 'csv', {});
    const releaseB = await limitsOf(t).startExport(b.id, 'csv', {});
    for (const door of DOOR_NAMES) expectRefused(await FULL_EXPORT[door](t, c), busy, 5);
    expectRefused(await CSV_EXPORT(t, c), busy, 5);
    await releaseA();
    expect((await CSV_EXPORT(t, c)).status).toBe(200);
    await releaseB();

    // One full export at a time on the instance; a CSV export still fits beside it.
    releaseA = await limitsOf(t).startExport(a.id, 'full', {});
    for (const door of DOOR_NAMES) expectRefused(await FULL_EXPORT[door](t, b), busy, 5);
    expect((await CSV_EXPORT(t, b)).status).toBe(200);
    await releaseA();
    expect((await FULL_EXPORT.rest(t, b)).status).toBe(200);
    // A refusal took nothing: the instance's places are all free again.
    expect(limitsOf(t).exportGate.inUse).toBe(0);
    expect(limitsOf(t).fullExportGate.inUse).toBe(0);
  });

  it('documents 429 with Retry-After on every limited read', async () => {
    const t = await appWith({}, apps);
    const doc = (await t.rest(null, { method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    }>();
    const routes = [
      '/api/book/export',
      CSV_EXPORT_PATH,
      '/api/analytics/spending-by-category',
      '/api/analytics/income-vs-spending',
      '/api/analytics/balance-over-time',
      '/api/analytics/top-payees',
      '/api/analytics/largest-entries',
      '/api/analytics/dashboard',
    ];
    for (const route of routes) {
      const tooMany = doc.paths[route]?.get?.responses['429'];
      expect(tooMany, route).toBeDefined();
      expect(Object.keys(tooMany?.headers ?? {}), route).toContain('Retry-After');
    }
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('export slots shared through Redis', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL };
    apps.push(await createTestApp({ env }), await createTestApp({ env }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('holds one export at a time per user across instances, and frees the slot at its end', async () => {
    const [one, two] = apps as [TestApp, TestApp];
    const user = await one.signUp();
    const refused = (release: Promise<Release>) =>
      release.then(() => 'taken').catch(() => 'refused');
    const running = await limitsOf(one).startExport(user.id, 'csv', {});
    expect(await refused(limitsOf(two).startExport(user.id, 'full', {}))).toBe('refused');
    await running();
    const again = await limitsOf(two).startExport(user.id, 'full', {});
    await again();
    // A slot given back is gone (not a count below zero): one, and only one, may start now.
    const first = await limitsOf(one).startExport(user.id, 'csv', {});
    expect(await refused(limitsOf(two).startExport(user.id, 'csv', {}))).toBe('refused');
    await first();
    expect((await FULL_EXPORT.rest(one, user)).status).toBe(200);
  });
});

describe('analytics limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it.each(DOOR_NAMES)(
    'allows ANALYTICS_RATE_LIMIT_PER_USER charts a minute, then 429 with Retry-After (%s)',
    async (door) => {
      const t = await appWith({ ANALYTICS_RATE_LIMIT_PER_USER: 5 }, apps);
      const user = await t.signUp();
      for (let i = 0; i < 5; i++) expect((await CHART[door](t, user)).status).toBe(200);
      expectRefused(
        await CHART[door](t, user),
        /^Too many chart requests\. Try again in \d+ seconds\.$/,
      );
      expect((await CHART[door](t, await t.signUp())).status).toBe(200);
      expect((await t.rest(user, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    },
  );

  it.each(DOOR_NAMES)(
    'runs ANALYTICS_CONCURRENCY_PER_USER charts at once; one more waits, then 429 (%s)',
    async (door) => {
      const t = await appWith({ ANALYTICS_CONCURRENCY_PER_USER: 2 }, apps);
      const user = await t.signUp();
      const limits = limitsOf(t);
      const held = [await limits.startChart(user.id, {}), await limits.startChart(user.id, {})];
      // A slot freed while it waits: it runs, late.
      let started = Date.now();
      const waiting = CHART[door](t, user);
      setTimeout(() => void held[0]?.(), 400);
      expect((await waiting).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      // No slot freed: 429 once the wait is over.
      held[0] = await limits.startChart(user.id, {});
      started = Date.now();
      expectRefused(
        await CHART[door](t, user),
        /^Too many chart requests at once\. Try again in 2 seconds\.$/,
        2,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(ANALYTICS_WAIT_MS - 100);
      for (const release of held) await release?.();
      expect((await CHART[door](t, user)).status).toBe(200);
    },
    20_000,
  );

  it('never refuses what the web app asks for at once, with the default limits', async () => {
    // Only the rate is raised (testEnv), as for every test; concurrency is the default.
    const t = await appWith({}, apps);
    const user = await t.signUp();
    const charts = [
      'analytics.spendingByCategory',
      'analytics.incomeVsSpending',
      'analytics.balanceOverTime',
      'analytics.topPayees',
      'analytics.largestEntries',
      'analytics.dashboard',
    ];
    const inputs = (paths: string[]) =>
      encodeURIComponent(
        JSON.stringify(
          Object.fromEntries(
            paths.map((path, i) => [
              i,
              path === 'analytics.dashboard' || path === 'analytics.incomeVsSpending' ? {} : PERIOD,
            ]),
          ),
        ),
      );
    const batch = (paths: string[]) =>
      t.app.inject({
        method: 'GET',
        url: `/trpc/${paths.join(',')}?batch=1&input=${inputs(paths)}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    // The analytics page and the dashboard together, a period change on top (two batches at
    // once), and a batch as large as the web app sends (MAX_BATCH_ITEMS).
    const ten = [...charts, ...charts.slice(0, 4)];
    const answers = await Promise.all([batch(charts), batch(charts.slice(0, 5)), batch(ten)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      for (const item of res.json<{ result?: unknown; error?: unknown }[]>()) {
        expect(item.error).toBeUndefined();
      }
    }
  });
});

describe('the demo mailbox (finding 11c)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: new DemoMailbox() });
  });
  afterAll(() => t.close());

  it('is open to anyone who reaches a demo server, as the README says, and exists only there', async () => {
    // Demo mode's ID tokens are unsigned (anyone can sign in as anyone), so its mailbox shows
    // every address's messages to whoever asks: a demo on loopback is one person's machine.
    const mailbox = t.app.createTrpcContext({ id: 'x', log: t.app.log, headers: {} }).mail
      .demoMailbox as DemoMailbox;
    await mailbox.send({
      kind: 'CONFIRM_KEY_LOGIN',
      to: 'someone@example.com',
      subject: 'Confirm',
      text: 'Open the link',
      link: '/key-login/confirm?token=secret',
    });
    const listed = await t.rest(null, { method: 'GET', url: '/api/demo/mailbox' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ email: 'someone@example.com', requestType: 'CONFIRM_KEY_LOGIN' }),
    ]);
    const plain = await createTestApp();
    try {
      expect((await plain.rest(null, { method: 'GET', url: '/api/demo/mailbox' })).statusCode).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});
