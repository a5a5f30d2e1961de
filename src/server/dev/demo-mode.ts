import path from 'node:path';
import type { Env } from '../env.js';
import { DEMO_PROJECT_ID } from '../features/auth/index.js';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth.js';
import { startAuthEmulator } from './auth-emulator.js';
import { DemoIdentityKeeper } from './demo-identities.js';
import { IdentitySnapshotFile } from './identity-snapshot-file.js';

/** Where demo mode keeps its sign-in identities: beside the embedded database. */
export function demoIdentitiesFile(dataDir: string): string {
  return path.join(dataDir, 'auth-emulator', 'accounts.json');
}

export interface DemoAuth {
  /** host:port of the Auth emulator sign-in runs on. */
  emulatorHost: string;
  /** The file the identities are kept in; null with an emulator run by someone else. */
  identitiesFile: string | null;
  /** Saves the identities a last time, then stops the emulator (if it is ours). */
  stop(): Promise<void>;
  /** Saves the identities now (after the demo account was made, say). */
  save(): Promise<void>;
}

/**
 * Demo mode's sign-in: the Auth emulator at FIREBASE_AUTH_EMULATOR_HOST when one is given (its
 * owner keeps its data), otherwise one started here, filled with the identities saved under
 * DATA_DIR and kept saved while it runs (src/server/dev/demo-identities.ts).
 */
export async function startDemoAuth(
  env: Pick<Env, 'FIREBASE_AUTH_EMULATOR_HOST' | 'AUTH_EMULATOR_PORT' | 'DATA_DIR'>,
  log: { info(message: string): void; warn(message: string): void },
): Promise<DemoAuth> {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    return {
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      identitiesFile: null,
      stop: async () => {},
      save: async () => {},
    };
  }
  log.info(`Demo mode: starting the Firebase Auth emulator on port ${env.AUTH_EMULATOR_PORT}...`);
  const emulator = await startAuthEmulator({
    port: env.AUTH_EMULATOR_PORT,
    projectId: DEMO_PROJECT_ID,
  });
  const file = new IdentitySnapshotFile(demoIdentitiesFile(env.DATA_DIR), DEMO_PROJECT_ID);
  const keeper = new DemoIdentityKeeper(emulator.host, DEMO_PROJECT_ID, file, log);
  try {
    const restored = await keeper.restore();
    if (restored > 0)
      log.info(`Demo mode: ${restored} sign-in identities restored from ${file.file}`);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  keeper.start();
  return {
    emulatorHost: emulator.host,
    identitiesFile: file.file,
    save: () => keeper.snapshot(),
    async stop() {
      try {
        await keeper.stop();
      } catch (error) {
        log.warn(`Could not save the demo identities at shutdown: ${String(error)}`);
      }
      await emulator.stop();
    },
  };
}

/** The warning printed when the server starts in demo mode. */
export function demoModeBanner(options: {
  url: string;
  emulatorUrl: string;
  identitiesFile: string | null;
  exposed: boolean;
}): string {
  const lines = [
    'DEMO MODE: sign-in runs on a local Firebase Auth emulator.',
    'Its ID tokens are not signed: anyone who can reach this server can sign in',
    'as any user. Use it on your own machine, never for real data.',
    '',
    `  app:           ${options.url}`,
    `  Auth emulator: ${options.emulatorUrl}`,
    `  demo account:  ${DEMO_CREDENTIALS.email} / ${DEMO_CREDENTIALS.password}`,
    options.identitiesFile
      ? `  identities:    ${options.identitiesFile}`
      : '  identities:    kept by the emulator you run (FIREBASE_AUTH_EMULATOR_HOST)',
    ...(options.exposed
      ? ['', 'DEMO_MODE_ALLOW_NON_LOOPBACK=true: listening beyond this machine.']
      : []),
    '',
    'Turn it off with DEMO_MODE=false, or configure a Firebase project',
    '(FIREBASE_PROJECT_ID, see the README).',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}
