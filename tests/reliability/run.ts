/**
 * Reliability suite: npx tsx tests/reliability/run.ts [--quick]
 *
 * Assumes `npm run build` ran (it starts dist/server/index.js) and PostgreSQL is reachable at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; fresh databases are created
 * beside it and dropped). Scenarios, in order:
 *
 *   1. the real server on PostgreSQL under load (full: 48 clients, 60 s; quick: 32, 10 s);
 *   2. the broken toy server: the negative control, which MUST be reported as violating;
 *   3. the crash test on PostgreSQL, then 4. on PGlite (kill -9 at random moments, restart).
 *
 * Exits 1 if any invariant is violated on the real server, if the negative control passes, or if
 * a scenario could not run.
 */
import { parseArgs } from 'node:util';
import { startBrokenToyServer } from './broken-toy-server.js';
import { runCrashTest } from './crash-test.js';
import { runHarness, type HarnessResult } from './harness.js';
import { postgresLedgerReader } from './harness/ledger-reader.js';
import { formatComparison, formatResult } from './harness/report.js';
import { selfTestChecker } from './harness/self-test.js';
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
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
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

  const outcomes: Outcome[] = [];
  outcomes.push(
    await attempt({ name: 'server / PostgreSQL', expectViolations: false }, () =>
      realServerOnPostgres(testDatabaseUrl, profile),
    ),
  );
  outcomes.push(
    await attempt({ name: 'broken toy (control)', expectViolations: true }, () =>
      brokenToyServer(profile),
    ),
  );
  for (const backend of ['postgres', 'pglite'] as const) {
    const name = `crash / ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`;
    outcomes.push(
      await attempt({ name, expectViolations: false }, () =>
        runCrashTest({
          label: name,
          backend,
          testDatabaseUrl,
          ...profile.crash,
          durationMs: profile.crash.durationMs[backend],
        }),
      ),
    );
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
