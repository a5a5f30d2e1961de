import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { CHROMIUM_PATH, chromiumAvailable } from './tests/e2e/support/chromium.js';

const integration = ['tests/integration/**/*.test.ts'];
/** Projects do not inherit the root's timeouts, so each one spreads these. */
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const unit = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts'];
const clientUnit = ['src/client/**/*.test.{ts,tsx}'];

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
        // One browser at a time: the machine has two cores and the server needs one.
        fileParallelism: false,
        testTimeout: 90_000,
        hookTimeout: 180_000,
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
    projects: [
      {
        test: { name: 'unit', include: unit, environment: 'node', ...timeouts },
      },
      {
        test: { name: 'client', include: clientUnit, environment: 'happy-dom', ...timeouts },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          ...timeouts,
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                include: integration,
                ...timeouts,
                environment: 'node',
                env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
      ...browserProjects(),
    ],
  },
});
