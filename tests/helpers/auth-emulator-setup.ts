import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../src/server/dev/auth-emulator.js';
import { DEMO_PROJECT_ID } from '../../src/server/features/auth/firebase-identity.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

/** One real Auth emulator for the whole run, on its own ports so a running app is not disturbed. */
export default async function setup(project: TestProject) {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9499);
  const emulator = await startAuthEmulator({ port, projectId: DEMO_PROJECT_ID });
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
