import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { CHROMIUM_PATH, chromiumAvailable } from './tests/e2e/support/chromium.js';

const integration = ['tests/integration/**/*.test.ts'];
/**
 * Integration tests that measure time as a person would see it (p99 of /api/health while a
 * heavy request runs, equal answer times, time-outs firing): they run after the rest, one
 * file at a time with nothing beside them, so another test's CPU never decides their outcome.
 * The rest run two files at a time: most of their time is waiting on a database or a timer.
 */
const timing = [
  'tests/integration/import-stall.test.ts',
  'tests/integration/restore-load.test.ts',
  'tests/integration/export-limits.test.ts',
  'tests/integration/key-auth-enumeration.test.ts',
  'tests/integration/restore-validation.test.ts',
  'tests/integration/rules-redos.test.ts',
  'tests/integration/timeouts.test.ts',
];
/** Vitest runs project groups one after another, lowest first. */
const BEFORE_TIMING = 0;
const TIMING_PGLITE = 1;
const TIMING_POSTGRES = 2;
const BROWSER = 3;
const BROWSER_ALONE = 4;
/** Browser journeys that stop and start servers or wait on clocks: one at a time, at the end. */
const E2E_ALONE = ['tests/e2e/outage.e2e.ts', 'tests/e2e/demo-restart.e2e.ts'];
/** Projects do not inherit the root's timeouts, so each one spreads these. */
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const unit = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts'];
const clientUnit = ['src/client/**/*.test.{ts,tsx}'];

/**
 * A browser journey's expect.poll waits for what the page shows after a reload, a refetch or a
 * server's answer: on a loaded CI machine that took longer than Vitest's 1 s default (stop 43:
 * two journeys failed within it and passed alone), so a poll gives up only after 10 s. A poll
 * that should pass at once still passes at once.
 */
const browserExpect = { poll: { timeout: 10_000 } };

/**
 * Browser journeys run in Debian's Chromium when it is installed; otherwise they are skipped
 * with a clear notice, unless REQUIRE_BROWSER_TESTS is set (CI), which makes that an error.
 */
function browserProjects(): TestProjectConfiguration[] {
  if (!chromiumAvailable()) {
    const notice = `Browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH} (install it with: apt-get install chromium).`;
    if (process.env.REQUIRE_BROWSER_TESTS)
      throw new Error(`${notice} REQUIRE_BROWSER_TESTS is set.`);
    console.warn(`\n${notice}\n`);
    return [];
  }
  return [
    {
      test: {
        name: 'e2e',
        include: ['tests/e2e/**/*.e2e.ts'],
        environment: 'node',
        globalSetup: ['tests/e2e/support/global-setup.ts'],
        // Two files at a time (maxWorkers): a journey spends most of its time waiting for the
        // page, the server or a timer, so two side by side take little more than one. The
        // journeys that measure time or stop servers run alone after them (e2e-alone).
        exclude: E2E_ALONE,
        testTimeout: 90_000,
        hookTimeout: 180_000,
        expect: browserExpect,
        sequence: { groupOrder: BROWSER },
      },
    },
    {
      test: {
        name: 'e2e-alone',
        include: E2E_ALONE,
        environment: 'node',
        globalSetup: ['tests/e2e/support/global-setup.ts'],
        fileParallelism: false,
        testTimeout: 90_000,
        hookTimeout: 180_000,
        expect: browserExpect,
        sequence: { groupOrder: BROWSER_ALONE },
      },
    },
  ];
}

/**
 * The two generated-request tests (fuzz.test.ts, openapi-conformance.test.ts) draw their cases
 * at random, and what they find lies mostly above the database. When PostgreSQL is in the run
 * too (CI), PGlite gets a quarter of each count and PostgreSQL the whole, so the run as a whole
 * still sends more than one backend alone did; on PGlite alone (a fresh clone's `npm test`) the whole
 * count. A count set in the environment wins everywhere (docs/testing.md#generated-cases).
 */
function generatedCases(share: 'whole' | 'quarter'): Record<string, string> {
  const counts: Record<string, number> = { FUZZ_RUNS: 40, CONFORMANCE_RUNS: 100 };
  return Object.fromEntries(
    Object.entries(counts).map(([name, whole]) => [
      name,
      process.env[name] ?? String(share === 'whole' ? whole : Math.ceil(whole / 4)),
    ]),
  );
}

/** The integration tests on one backend: the timing ones alone, after the others. */
function integrationProjects(
  name: string,
  databaseUrl: string,
  timingGroup: number,
  cases: 'whole' | 'quarter' = 'whole',
): TestProjectConfiguration[] {
  const shared = {
    ...timeouts,
    environment: 'node',
    env: { TEST_DATABASE_URL: databaseUrl, ...generatedCases(cases) },
  };
  return [
    {
      test: {
        name,
        include: integration,
        exclude: timing,
        ...shared,
        // The files share their worker's modules: the server is imported once per worker, not
        // once per file (docs/testing.md#ci-time).
        isolate: false,
        sequence: { groupOrder: BEFORE_TIMING },
      },
    },
    {
      test: {
        name: `${name}-timing`,
        include: timing,
        ...shared,
        // Each in a fresh process: what measures time never inherits another file's heap.
        isolate: true,
        fileParallelism: false,
        sequence: { groupOrder: timingGroup },
      },
    },
  ];
}

/**
 * One run covers both backends: unit tests and integration tests on the embedded PGlite always,
 * and the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/auth-emulator-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker on two cores; the timing projects set their own.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: unit,
          environment: 'node',
          ...timeouts,
          sequence: { groupOrder: BEFORE_TIMING },
        },
      },
      {
        test: {
          name: 'client',
          include: clientUnit,
          environment: 'happy-dom',
          ...timeouts,
          sequence: { groupOrder: BEFORE_TIMING },
        },
      },
      ...integrationProjects(
        'pglite',
        '',
        TIMING_PGLITE,
        process.env.TEST_DATABASE_URL ? 'quarter' : 'whole',
      ),
      ...(process.env.TEST_DATABASE_URL
        ? integrationProjects('postgres', process.env.TEST_DATABASE_URL, TIMING_POSTGRES)
        : []),
      ...browserProjects(),
    ],
  },
});
