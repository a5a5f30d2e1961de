/**
 * Reliability suite: npx tsx tests/reliability/run.ts [--quick]
 *
 * Assumes `npm run build` ran (it starts dist/server/index.js) and PostgreSQL is reachable at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; fresh databases are created
 * beside it and dropped). Scenarios, in order:
 *
 *   1. the real server on PostgreSQL under load (full: 48 clients, 60 s; quick: 32, 10 s);
 *   2. the broken toy server: the negative control, which MUST be reported as violating;
 *   3. the crash test on PostgreSQL, then 4. on PGlite (kill -9 at random moments, restart);
 *   5. the real server on PostgreSQL under the same load while neighbours hold CSV exports
 *      unread, export, chart, restore and import with backtracking rules (harness/neighbours.ts);
 *   6. two instances on one PostgreSQL database, two members of one shared book writing through
 *      both, live connections on both checked against the book's activity (harness/shared-book.ts);
 *   7. the budget on two instances over one PostgreSQL database: both members of a shared book send
 *      budget actions, their undos and entries at once, with duplicate keys; the envelope identity,
 *      the log's rows and its undo marks checked at checkpoints and at the end
 *      (harness/budget-concurrency.ts).
 *
 * Exits 1 if any invariant is violated on the real server, if the negative control passes, or if
 * a scenario could not run.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startBrokenToyServer } from './broken-toy-server.js';
import { runCrashTest } from './crash-test.js';
import { HarnessRun, runHarness, type HarnessResult } from './harness.js';
import { ApiClient } from './harness/client.js';
import { budgetOnTwoInstances, type BudgetProfile } from './harness/budget-concurrency.js';
import { addNeighbourChecks } from './harness/neighbour-checks.js';
import { Neighbours } from './harness/neighbours.js';
import { postgresLedgerReader } from './harness/ledger-reader.js';
import { formatComparison, formatResult } from './harness/report.js';
import { selfTestChecker } from './harness/self-test.js';
import {
  LiveWatch,
  SharedBookClient,
  addLiveChecks,
  makeSharedBook,
  selfTestNoticeJudge,
  type Member,
} from './harness/shared-book.js';
import {
  ServerProcess,
  createFreshDatabase,
  freePort,
  removeWorkDir,
  workDir,
} from './server-process.js';

interface Profile {
  load: { clients: number; durationMs: number; requestCap: number };
  toy: { clients: number; durationMs: number; requestCap: number };
  crash: {
    clients: number;
    durationMs: Record<'postgres' | 'pglite', number>;
    requestCap: number;
    kills: number;
    replayLimit: number;
  };
  neighbours: {
    load: { clients: number; durationMs: number; requestCap: number };
    people: number;
    bookRows: number;
    holdExportMs: number;
    exportsHeld: number;
  };
  /** Two members of one shared book, writing through two instances (harness/shared-book.ts). */
  shared: { clients: number; durationMs: number; requestCap: number; settleMs: number };
  /** Budget actions and entries at once on two instances (harness/budget-concurrency.ts). */
  budget: BudgetProfile;
}

const PROFILES: Record<'quick' | 'full', Profile> = {
  quick: {
    load: { clients: 32, durationMs: 10_000, requestCap: 100_000 },
    toy: { clients: 32, durationMs: 4_000, requestCap: 50_000 },
    crash: {
      clients: 32,
      durationMs: { postgres: 12_000, pglite: 15_000 },
      requestCap: 100_000,
      kills: 3,
      replayLimit: 300,
    },
    neighbours: {
      load: { clients: 8, durationMs: 12_000, requestCap: 50_000 },
      people: 2,
      bookRows: 5_000,
      holdExportMs: 4_000,
      exportsHeld: 12,
    },
    shared: { clients: 8, durationMs: 6_000, requestCap: 1_200, settleMs: 5_000 },
    budget: { clients: 6, durationMs: 8_000, requestCap: 1_500, checkpoints: 2 },
  },
  full: {
    load: { clients: 48, durationMs: 60_000, requestCap: 400_000 },
    toy: { clients: 48, durationMs: 10_000, requestCap: 100_000 },
    crash: {
      clients: 48,
      durationMs: { postgres: 45_000, pglite: 45_000 },
      requestCap: 400_000,
      kills: 5,
      replayLimit: 2_000,
    },
    neighbours: {
      load: { clients: 8, durationMs: 40_000, requestCap: 200_000 },
      people: 3,
      bookRows: 10_000,
      holdExportMs: 10_000,
      exportsHeld: 12,
    },
    shared: { clients: 16, durationMs: 20_000, requestCap: 6_000, settleMs: 5_000 },
    budget: { clients: 12, durationMs: 30_000, requestCap: 8_000, checkpoints: 4 },
  },
};

interface Outcome {
  name: string;
  /** The negative control passes when it finds violations. */
  expectViolations: boolean;
  result?: HarnessResult;
  error?: string;
}

async function realServerOnPostgres(
  testDatabaseUrl: string,
  profile: Profile,
): Promise<HarnessResult> {
  const database = await createFreshDatabase(testDatabaseUrl);
  const server = new ServerProcess({
    label: 'load-postgres',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
  });
  try {
    await server.start();
    const result = await runHarness({
      baseUrl: server.url,
      label: 'server / PostgreSQL',
      ...profile.load,
      ledgerReader: postgresLedgerReader(database.url),
    });
    result.notes.push(`Server log: ${server.logPath}`);
    return result;
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * The load of scenario 1 (fewer clients), while neighbours do the heavy and hostile things of the
 * second outside review beside it; their own checks (m)-(o) join the harness's.
 */
async function neighboursOnPostgres(
  testDatabaseUrl: string,
  profile: Profile,
): Promise<HarnessResult> {
  const database = await createFreshDatabase(testDatabaseUrl);
  const server = new ServerProcess({
    label: 'neighbours-postgres',
    backend: { kind: 'postgres', databaseUrl: database.url },
    port: await freePort(),
  });
  try {
    await server.start();
    const run = await HarnessRun.prepare({
      baseUrl: server.url,
      label: 'neighbours / PostgreSQL',
      ...profile.neighbours.load,
    });
    const api = new ApiClient(server.url, 120_000);
    try {
      const neighbours = await Neighbours.prepare({
        api,
        runId: run.runId,
        seed: run.options.seed,
        durationMs: profile.neighbours.load.durationMs,
        people: profile.neighbours.people,
        bookRows: profile.neighbours.bookRows,
        holdExportMs: profile.neighbours.holdExportMs,
        exportsHeld: profile.neighbours.exportsHeld,
      });
      const [, record] = await Promise.all([run.runLoad(), neighbours.run()]);
      const result = await run.check({ ledgerReader: postgresLedgerReader(database.url) });
      await addNeighbourChecks(result, record, database.url);
      result.notes.push(`Server log: ${server.logPath}`);
      return result;
    } finally {
      api.close();
      run.close();
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * One shared book on two server instances over one database: its owner and an editor (each
 * request as one of them, through either instance: SharedBookClient) run the load of scenario 1
 * on the book (X-Book-Id), while a live connection per member per instance listens; the ledger
 * checks read the shared book, and (u) compares what each connection was sent with the book's
 * activity (harness/shared-book.ts).
 */
async function sharedBookOnTwoInstances(
  testDatabaseUrl: string,
  profile: Profile,
): Promise<HarnessResult> {
  const judgeProblems = selfTestNoticeJudge();
  if (judgeProblems.length > 0) {
    throw new Error(`The live check (u) is blind: ${judgeProblems.join('; ')}`);
  }
  const database = await createFreshDatabase(testDatabaseUrl);
  const servers: ServerProcess[] = [];
  for (const n of [1, 2]) {
    servers.push(
      new ServerProcess({
        label: `shared-postgres-${n}`,
        backend: { kind: 'postgres', databaseUrl: database.url },
        port: await freePort(),
      }),
    );
  }
  const instances = servers.map((server, i) => ({
    label: `instance ${i + 1}`,
    url: server.url,
    api: new ApiClient(server.url, 15_000),
  }));
  let watch: LiveWatch | null = null;
  try {
    // One after the other: both would run the migrations at once otherwise.
    for (const server of servers) await server.start();
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const book = await makeSharedBook(one.api, two.api, randomBytes(4).toString('hex'));
    watch = await LiveWatch.open(instances, book, database.url);
    const client = new SharedBookClient(instances, book);
    const run = await HarnessRun.prepare(
      { baseUrl: one.url, label: 'shared book / 2 instances', ...profile.shared },
      { api: client, session: (book.members[0] as Member).session },
    );
    try {
      await run.runLoad();
      const result = await run.check({
        ledgerReader: postgresLedgerReader(database.url, { bookId: book.bookId }),
      });
      addLiveChecks(result, await watch.compare(profile.shared.settleMs), client);
      result.notes.push(...servers.map((server) => `Server log: ${server.logPath}`));
      return result;
    } finally {
      run.close();
    }
  } finally {
    // The servers first: each ends its live streams as it stops. A stream the client aborts
    // first (fetch) kept a graceful stop waiting for its 15 s fallback to SIGKILL.
    for (const server of servers) await server.stop();
    watch?.close();
    for (const { api } of instances) api.close();
    await database.drop();
  }
}

async function brokenToyServer(profile: Profile): Promise<HarnessResult> {
  const toy = await startBrokenToyServer();
  try {
    return await runHarness({
      baseUrl: toy.url,
      label: 'broken toy (control)',
      ...profile.toy,
      // The toy knows deposits, withdrawals and expenses only: no transfers, edits or undos.
      transferRate: 0,
      mutationRate: 0,
      ledgerReader: toy.ledgerReader,
    });
  } finally {
    await toy.close();
  }
}

async function attempt(outcome: Outcome, run: () => Promise<HarnessResult>): Promise<Outcome> {
  const began = Date.now();
  console.log(`\n>> ${outcome.name} ...`);
  try {
    outcome.result = await run();
    console.log(formatResult(outcome.result));
  } catch (error) {
    outcome.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`!! ${outcome.name} could not run: ${outcome.error}`);
  }
  console.log(`<< ${outcome.name}: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  return outcome;
}

/** The money invariants: a negative control must break at least one of them. */
const MONEY_CHECKS = new Set(['a', 'b', 'c', 'd']);

function verdict(outcome: Outcome): { ok: boolean; text: string } {
  if (!outcome.result)
    return { ok: false, text: `could not run: ${outcome.error?.split('\n')[0]}` };
  const n = outcome.result.violations.length;
  if (outcome.expectViolations) {
    const caught = outcome.result.checks.filter((c) => !c.ok && MONEY_CHECKS.has(c.id));
    return caught.length > 0
      ? {
          ok: true,
          text: `negative control caught, as it must: (${caught.map((c) => c.id).join(', ')}) violated`,
        }
      : { ok: false, text: 'negative control found no money violation: the harness is blind' };
  }
  return n === 0
    ? { ok: true, text: 'all invariants hold' }
    : { ok: false, text: `${n} violated invariant(s)` };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const mode = values.quick ? 'quick' : 'full';
  const profile = PROFILES[mode];
  const testDatabaseUrl =
    process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const began = Date.now();
  console.log(`Reliability suite (${mode}); logs and PGlite data under ${workDir()}`);

  const selfTest = selfTestChecker();
  console.log(
    `Checker self-test: ${selfTest.planted - selfTest.problems.length}/${selfTest.planted} planted histories judged right`,
  );
  for (const problem of selfTest.problems) console.log(`  !! ${problem}`);

  // Every scenario, in order; --only NAME runs those whose name starts with NAME.
  const scenarios: [Omit<Outcome, 'result' | 'error'>, () => Promise<HarnessResult>][] = [
    [
      { name: 'server / PostgreSQL', expectViolations: false },
      () => realServerOnPostgres(testDatabaseUrl, profile),
    ],
    [{ name: 'broken toy (control)', expectViolations: true }, () => brokenToyServer(profile)],
    ...(['postgres', 'pglite'] as const).map((backend) => {
      const name = `crash / ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`;
      return [
        { name, expectViolations: false },
        () =>
          runCrashTest({
            label: name,
            backend,
            testDatabaseUrl,
            ...profile.crash,
            durationMs: profile.crash.durationMs[backend],
          }),
      ] as [Omit<Outcome, 'result' | 'error'>, () => Promise<HarnessResult>];
    }),
    [
      { name: 'neighbours / PostgreSQL', expectViolations: false },
      () => neighboursOnPostgres(testDatabaseUrl, profile),
    ],
    [
      { name: 'shared book / 2 instances', expectViolations: false },
      () => sharedBookOnTwoInstances(testDatabaseUrl, profile),
    ],
    [
      { name: 'budget / concurrent assignments', expectViolations: false },
      () => budgetOnTwoInstances(testDatabaseUrl, profile.budget),
    ],
  ];
  const outcomes: Outcome[] = [];
  for (const [outcome, run] of scenarios) {
    if (values.only && !outcome.name.startsWith(values.only)) continue;
    outcomes.push(await attempt({ ...outcome }, run));
  }

  const results = outcomes.flatMap((o) => (o.result ? [o.result] : []));
  console.log(`\n== Summary (${mode}, ${((Date.now() - began) / 1000).toFixed(0)} s)\n`);
  console.log(formatComparison(results));
  console.log('');
  let failed = selfTest.problems.length > 0;
  console.log(`${failed ? 'FAIL' : 'PASS'}  checker self-test`);
  for (const outcome of outcomes) {
    const { ok, text } = verdict(outcome);
    failed ||= !ok;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${outcome.name}: ${text}`);
  }
  const keptEvidence = results.some((r) => r.evidenceKept !== undefined);
  if (!failed && !keptEvidence) removeWorkDir();
  else console.log(`\nServer logs${keptEvidence ? ' and kept data' : ''}: ${workDir()}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
