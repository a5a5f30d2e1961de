import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { SCREENSHOT_DIR } from './paths.js';
import { startBuiltApp } from './app-server.js';
import { freePortBlock } from '../../helpers/free-ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eAuthEmulatorHost: string;
  }
}

export default async function setup(project: TestProject) {
  // The directory CI keeps holds this run's pictures only.
  await rm(SCREENSHOT_DIR, { recursive: true, force: true });
  const app = await startBuiltApp(
    process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePortBlock(1),
    process.env.E2E_AUTH_EMULATOR_PORT
      ? Number(process.env.E2E_AUTH_EMULATOR_PORT)
      : await freePortBlock(3),
  );
  project.provide('e2eBaseUrl', app.baseUrl);
  project.provide('e2eAuthEmulatorHost', app.authEmulatorHost);
  return () => app.stop();
}
