import { defineConfig } from 'vitest/config';

const integration = ['tests/integration/**/*.test.ts'];
const unit = ['src/**/*.test.ts'];

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
        test: { name: 'unit', include: unit, environment: 'node' },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
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
                environment: 'node',
                env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
