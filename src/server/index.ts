import { pino } from 'pino';
import { buildApp } from './app.js';
import { EnvError, isLoopbackHost, loadEnv } from './env.js';
import { demoModeBanner, startDemoAuth, type DemoAuth } from './dev/demo-mode.js';
import { createFirebaseAuth } from './features/auth/index.js';
import { ensureDemoUser } from './features/auth/index.js';
import { startBankFileReader } from './features/import/index.js';
import { applyHeapSettings } from './heap-settings.js';

/** Plain lines for a person at a terminal, on stderr: stdout carries the JSON log. */
const terminal = {
  info: (message: string) => console.error(message),
  warn: (message: string) => console.error(`Warning: ${message}`),
};

/**
 * Where the JSON log goes: stdout, written asynchronously and in batches of at least 4 KB (about
 * twenty access lines) or every half second, whichever comes first. One write per line had cost
 * about a twentieth of a request's CPU under load. pino flushes what is left on exit; only a
 * kill -9 can lose the last half second of lines (README, "Logs").
 */
function logDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 });
}

async function main(): Promise<void> {
  applyHeapSettings();
  // `npm start` passes --demo: demo mode unless configured otherwise (src/server/env.ts).
  const env = loadEnv(process.env, { demoByDefault: process.argv.includes('--demo') });

  // Demo mode: sign-in runs on a local Auth emulator, its identities kept under DATA_DIR.
  let demoAuth: DemoAuth | null = null;
  if (env.DEMO_MODE) {
    demoAuth = await startDemoAuth(env, terminal);
    env.FIREBASE_AUTH_EMULATOR_HOST = demoAuth.emulatorHost;
  }
  const firebase = createFirebaseAuth({
    projectId: env.FIREBASE_PROJECT_ID,
    apiKey: env.FIREBASE_API_KEY,
    authDomain: env.FIREBASE_AUTH_DOMAIN,
    serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
  });
  if (firebase?.demo) {
    await ensureDemoUser(firebase.auth);
    await demoAuth?.save();
  }

  const app = await buildApp({
    env,
    firebase,
    // JSON lines on stdout; buildApp adds the redaction of secrets (src/server/http/log-redaction.ts).
    logger: { level: env.LOG_LEVEL, stream: logDestination() },
  });
  app.addHook('onClose', async () => {
    await firebase?.close();
    // After the last request: the identities are saved once more, then the emulator stops.
    await demoAuth?.stop();
  });
  if (!firebase) {
    app.log.warn(
      'Firebase sign-in is off: set FIREBASE_PROJECT_ID, or DEMO_MODE=true for the local emulator.',
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; the database and the emulator close in onClose hooks.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  startBankFileReader();
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
  const database = env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
  const signIn = firebase?.demo
    ? `demo mode, Auth emulator at ${firebase.emulatorUrl}`
    : firebase
      ? `Firebase project ${firebase.webConfig.projectId}`
      : 'key-based login only';
  app.log.info(`Expense Tracker on ${url} (database: ${database}; sign-in: ${signIn})`);
  if (demoAuth && firebase?.emulatorUrl) {
    app.log.warn('Demo mode: sign-in accepts unsigned Auth emulator tokens');
    console.error(
      demoModeBanner({
        url,
        emulatorUrl: firebase.emulatorUrl,
        identitiesFile: demoAuth.identitiesFile,
        exposed: !isLoopbackHost(env.HOST),
      }),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
