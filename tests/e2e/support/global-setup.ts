import type { TestProject } from 'vitest/node';
import { startBuiltApp } from './app-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eAuthEmulatorHost: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startBuiltApp(
    Number(process.env.E2E_PORT ?? 3917 + 100),
    Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9899),
  );
  project.provide('e2eBaseUrl', app.baseUrl);
  project.provide('e2eAuthEmulatorHost', app.authEmulatorHost);
  return () => app.stop();
}
