/**
 * npm run bench: the production server on PostgreSQL under autocannon, next to the limits of
 * this machine measured in the same run (pgbench, a minimal hand-written route, a bare Fastify
 * route). Targets only 127.0.0.1, on a fresh database it drops at the end; about 3 minutes.
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local PostgreSQL) is the
 * server the fresh database is made on; BENCH_SECONDS (default 10) is each measurement's length;
 * BENCH_ONLY=ledger measures only the ledger's pages (first, deep, search, filtered, by amount),
 * at 32 connections and one client, without the deposits and the limits (about a minute);
 * BENCH_ONLY=analytics only the charts and the CSV export; BENCH_ONLY=import only the import;
 * BENCH_ONLY=rates only the ECB full-history rate import;
 * BENCH_ONLY=currency-analytics only the charts of a book in three currencies, in the base one;
 * BENCH_ONLY=attack only the latency under issue 19's worst case (BENCH_ATTACK_SECONDS, 30);
 * BENCH_ONLY=live only the live updates' notice latency at 100 open connections (bench/live-bench.ts);
 * BENCH_ONLY=budget only the budget's month grid and explain view (bench/budget-bench.ts).
 * Exits 1 when a measurement had failed requests or a target is missed.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { measure, type LoadRequest } from './load.js';
import { pgbenchDeposits } from './pgbench.js';
import { peakRssBytes } from './rss.js';
import { LEDGER_PAGES, printReport, type AppMeasurement, type AppScenario } from './report.js';
import { seed, type Seeded } from './seed.js';
import { runImportBench } from './import-bench.js';
import { runRatesBench } from './rates-bench.js';
import { runLiveBench } from './live-bench.js';
import { runBudgetBench } from './budget-bench.js';
import { runCurrencyAnalyticsBench } from './currency-analytics.js';
import { benchUnderAttack, printAttackReport } from './under-attack.js';
import { benchAnalytics, printAnalyticsReport, seedAnalyticsBook } from './analytics.js';
import {
  REPO_ROOT,
  ServerProcess,
  createFreshDatabase,
  freePort,
  removeWorkDir,
  workDir,
} from '../tests/reliability/server-process.js';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const POOL_SIZE = '10';
const SUBSETS = [
  'ledger',
  'analytics',
  'import',
  'rates',
  'currency-analytics',
  'attack',
  'live',
  'budget',
];
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !SUBSETS.includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: the subsets are ${SUBSETS.join(', ')}`);
}
const baseDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('Nothing to pick from');
  return item;
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

function depositOverRest(token: string, accountId: string): LoadRequest {
  return {
    method: 'POST',
    path: `/api/account/${accountId}/deposit`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1.25 }),
  };
}

function depositOverTrpc(token: string, accountId: string): LoadRequest {
  return {
    method: 'POST',
    path: '/trpc/account.deposit',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ id: accountId, amount: 1.25 }),
  };
}

/**
 * The minimal route is a fair limit only while it answers exactly what the app answers: a field the
 * app gains (an account's type, its limit) is work the comparison must include.
 */
async function assertSameAccountList(appUrl: string, baselineUrl: string, token: string) {
  const read = async (url: string) => await (await fetch(url, { headers: bearer(token) })).json();
  const [fromApp, fromBaseline] = await Promise.all([
    read(`${appUrl}/api/account`),
    read(`${baselineUrl}/minimal/account`),
  ]);
  if (!isDeepStrictEqual(fromApp, fromBaseline)) {
    throw new Error(
      `The minimal route no longer answers what GET /api/account answers:\n` +
        `app:      ${JSON.stringify(fromApp).slice(0, 400)}\nbaseline: ${JSON.stringify(fromBaseline).slice(0, 400)}`,
    );
  }
}

/** Every measurement of the app, in the order they run. */
function appScenarios(data: Seeded): (AppScenario & { nextRequest: () => LoadRequest })[] {
  const { users, ledgerUser } = data;
  const hotUser = pick(users.slice(0, 1));
  const hotAccount = pick(hotUser.accountIds.slice(0, 1));
  return [
    {
      key: 'read',
      name: 'GET /api/account (authenticated read)',
      nextRequest: () => ({
        method: 'GET',
        path: '/api/account',
        headers: bearer(pick(users).token),
      }),
    },
    {
      key: 'restDeposit',
      name: `REST deposit, spread over ${data.accountCount} accounts`,
      nextRequest: () => {
        const user = pick(users);
        return depositOverRest(user.token, pick(user.accountIds));
      },
    },
    {
      key: 'trpcDeposit',
      name: `tRPC deposit, spread over ${data.accountCount} accounts`,
      nextRequest: () => {
        const user = pick(users);
        return depositOverTrpc(user.token, pick(user.accountIds));
      },
    },
    {
      key: 'hotDeposit',
      name: 'REST deposit, all on one hot account',
      nextRequest: () => depositOverRest(hotUser.token, hotAccount),
    },
    {
      key: 'firstPage',
      name: `GET /api/transactions first page (${data.ledgerRows.toLocaleString('en-US')} rows)`,
      nextRequest: () => ({
        method: 'GET',
        path: '/api/transactions',
        headers: bearer(ledgerUser.token),
      }),
    },
    {
      key: 'deepPage',
      name: `GET /api/transactions deep page (${data.deepOffset.toLocaleString('en-US')} rows in)`,
      nextRequest: () => ({
        method: 'GET',
        path: `/api/transactions?cursor=${data.deepCursor}`,
        headers: bearer(ledgerUser.token),
      }),
    },
    {
      key: 'search',
      name: 'GET /api/transactions?q= a payee word (accents ignored)',
      // One payee in 20, each spelled with accents in the data and without in the query.
      nextRequest: () => ({
        method: 'GET',
        path: `/api/transactions?q=${pick(SEARCH_WORDS)}`,
        headers: bearer(ledgerUser.token),
      }),
    },
    {
      key: 'filteredPage',
      name: 'GET /api/transactions category + one year of dates',
      nextRequest: () => ({
        method: 'GET',
        path: `/api/transactions?categoryId=${data.ledgerCategoryId}&dateFrom=${yearBefore(data.ledgerLastDay)}&dateTo=${data.ledgerLastDay}`,
        headers: bearer(ledgerUser.token),
      }),
    },
    {
      key: 'activityPage',
      name: `GET /api/book/activity one member's account changes (${data.ledgerRows.toLocaleString('en-US')} rows)`,
      nextRequest: () => ({
        method: 'GET',
        path: `/api/book/activity?area=account&memberId=${ledgerUser.userId}`,
        headers: bearer(ledgerUser.token),
      }),
    },
    {
      key: 'amountPage',
      name: 'GET /api/transactions sorted by amount, largest first',
      nextRequest: () => ({
        method: 'GET',
        path: '/api/transactions?sort=amount_desc',
        headers: bearer(ledgerUser.token),
      }),
    },
  ];
}

/** Payee words of the seeded ledger, typed the way a person would: no accents, any case. */
const SEARCH_WORDS = ['muller', 'boulangerie', 'creperie', 'ENERGIES', 'cinema', 'alborg'];

/** The day a year before a 'YYYY-MM-DD' date. */
function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

/** The analytics charts and the CSV export on a book of their own (bench/analytics.ts). */
async function analyticsSection(app: ServerProcess, databaseUrl: string): Promise<boolean> {
  const book = await seedAnalyticsBook(app.url, databaseUrl);
  const figures = await benchAnalytics({
    baseUrl: app.url,
    pid: app.pid,
    book,
    seconds: Number(process.env.BENCH_ANALYTICS_SECONDS ?? 5),
    connections: CONNECTIONS,
  });
  return printAnalyticsReport(figures, CONNECTIONS);
}

async function main(): Promise<void> {
  // BENCH_ONLY=import: only the import scenario (bench/import-bench.ts).
  if (process.env.BENCH_ONLY === 'import') {
    if (!(await runImportBench(baseDatabaseUrl))) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=rates: only the ECB full-history import (bench/rates-bench.ts).
  if (process.env.BENCH_ONLY === 'rates') {
    if (!(await runRatesBench(baseDatabaseUrl))) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=currency-analytics: only the charts in the base currency (bench/currency-analytics.ts).
  if (process.env.BENCH_ONLY === 'currency-analytics') {
    const seconds = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 5);
    if (!(await runCurrencyAnalyticsBench(baseDatabaseUrl, seconds))) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=attack: only the latency under the worst case of issue 19 (bench/under-attack.ts).
  if (process.env.BENCH_ONLY === 'attack') {
    if (!printAttackReport(await benchUnderAttack(baseDatabaseUrl))) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=live: only the notice latency of live updates (bench/live-bench.ts).
  if (process.env.BENCH_ONLY === 'live') {
    if (!(await runLiveBench(baseDatabaseUrl))) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=budget: only the budget's month grid and explain view (bench/budget-bench.ts).
  if (process.env.BENCH_ONLY === 'budget') {
    if (!(await runBudgetBench(baseDatabaseUrl, CONNECTIONS))) process.exitCode = 1;
    return;
  }
  const began = Date.now();
  const database = await createFreshDatabase(baseDatabaseUrl);
  const app = new ServerProcess({
    label: 'bench',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    // The production defaults, request logging at info included, except one: a chart is measured
    // by one person at full speed, which the per-user analytics rate (240 a minute) would answer
    // with 429s. The concurrency limit (6 charts of one person at once) stays: it is part of what
    // 32 connections of one person get.
    env: {
      DATABASE_POOL_SIZE: POOL_SIZE,
      LOG_LEVEL: 'info',
      ANALYTICS_RATE_LIMIT_PER_USER: '1000000',
    },
  });
  // The limits, in a process of their own on the same stack and pool size.
  const baseline = new ServerProcess({
    label: 'baseline',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
    env: { DATABASE_POOL_SIZE: POOL_SIZE },
    nodeArgs: ['--import', 'tsx', path.join(REPO_ROOT, 'bench/baseline-server.ts')],
    healthPath: '/bare',
  });
  let failed = false;
  try {
    console.log(`Fresh database ${database.name}; logs in ${workDir()}`);
    await app.start();
    if (ONLY === 'analytics') {
      failed = !(await analyticsSection(app, database.url));
      // The return skips the exit code set after the finally below.
      if (failed) process.exitCode = 1;
      return;
    }
    const data = await seed({
      baseUrl: app.url,
      databaseUrl: database.url,
      users: ONLY === 'ledger' ? 1 : 32,
      accountsPerUser: ONLY === 'ledger' ? 1 : 20,
      ledgerRows: 100_000,
      deepOffset: 90_000,
    });
    console.log(
      `Seeded ${data.users.length} users with their accounts, and ${data.ledgerRows} ledger rows for one more.`,
    );
    if (ONLY !== 'ledger') await baseline.start();

    const run = (baseUrl: string, nextRequest: () => LoadRequest, connections = CONNECTIONS) =>
      measure({
        baseUrl,
        connections,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        nextRequest,
      });

    const appFigures: AppMeasurement[] = [];
    const scenarios = appScenarios(data).filter(
      (scenario) => ONLY !== 'ledger' || LEDGER_PAGES.includes(scenario.key),
    );
    for (const { nextRequest, ...scenario } of scenarios) {
      console.log(`measuring: ${scenario.name}`);
      appFigures.push({ ...scenario, figures: await run(app.url, nextRequest) });
    }
    // The same pages for one client alone: the latency a person paging through sees.
    const pagesAlone: AppMeasurement[] = [];
    for (const { nextRequest, ...scenario } of scenarios) {
      if (!LEDGER_PAGES.includes(scenario.key)) continue;
      console.log(`measuring: ${scenario.name}, one client`);
      pagesAlone.push({ ...scenario, figures: await run(app.url, nextRequest, 1) });
    }
    const appPeakRss = peakRssBytes(app.pid);
    if (ONLY === 'ledger') {
      failed = !printReport({
        connections: CONNECTIONS,
        seconds: SECONDS,
        app: appFigures,
        pagesAlone,
        appPeakRssBytes: appPeakRss,
        elapsedSeconds: (Date.now() - began) / 1000,
      });
      return;
    }
    const analyticsOk = await analyticsSection(app, database.url);

    console.log('measuring: the limits');
    await assertSameAccountList(app.url, baseline.url, pick(data.users).token);
    const minimal = await run(baseline.url, () => ({
      method: 'GET',
      path: '/minimal/account',
      headers: bearer(pick(data.users).token),
    }));
    const bare = await run(baseline.url, () => ({
      method: 'GET',
      path: '/bare',
      headers: { accept: 'application/json' },
    }));
    await baseline.stop();
    const pgbench = await pgbenchDeposits({
      databaseUrl: database.url,
      accounts: data.accountCount,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });

    failed =
      !printReport({
        connections: CONNECTIONS,
        seconds: SECONDS,
        app: appFigures,
        pagesAlone,
        limits: { pgbench, minimal, bare },
        appPeakRssBytes: appPeakRss,
        elapsedSeconds: (Date.now() - began) / 1000,
      }) || !analyticsOk;
  } finally {
    await baseline.stop();
    await app.stop();
    await database.drop();
    if (!failed) removeWorkDir();
  }
  // The full run ends with the import scenario; BENCH_ONLY=ledger or analytics leave it out.
  if (ONLY === undefined && !(await runImportBench(baseDatabaseUrl))) failed = true;
  if (ONLY === undefined && !(await runRatesBench(baseDatabaseUrl))) failed = true;
  if (
    ONLY === undefined &&
    !(await runCurrencyAnalyticsBench(
      baseDatabaseUrl,
      Number(process.env.BENCH_ANALYTICS_SECONDS ?? 5),
    ))
  )
    failed = true;
  if (ONLY === undefined && !printAttackReport(await benchUnderAttack(baseDatabaseUrl))) {
    failed = true;
  }
  if (ONLY === undefined && !(await runLiveBench(baseDatabaseUrl))) failed = true;
  if (ONLY === undefined && !(await runBudgetBench(baseDatabaseUrl, CONNECTIONS))) failed = true;
  if (failed) process.exitCode = 1;
}

await main();
