import type { TestProject } from 'vitest/node';
import { freePortBlock } from './free-ports.js';
import { startAuthEmulator } from '../../src/server/dev/auth-emulator.js';
import { DEMO_PROJECT_ID } from '../../src/server/features/auth/firebase-identity.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** The projects whose tests sign in through Firebase; unit and client tests never do. */
const NEEDS_EMULATOR = new Set(['pglite', 'postgres']);

/** One real Auth emulator for the whole run, on free ports so nothing else running is disturbed. */
export default async function setup(project: TestProject) {
  // `npm run test:unit` runs without one: starting it would take longer than the tests.
  if (!project.vitest.projects.some((selected) => NEEDS_EMULATOR.has(selected.name))) return;
  const port = process.env.TEST_AUTH_EMULATOR_PORT
    ? Number(process.env.TEST_AUTH_EMULATOR_PORT)
    : await freePortBlock(3);
  const emulator = await startAuthEmulator({ port, projectId: DEMO_PROJECT_ID });
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
