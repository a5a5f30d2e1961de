import { pino } from 'pino';
import { buildApp } from './app.js';
import { EnvError, loadEnv } from './env.js';
import { startAuthEmulator, type RunningAuthEmulator } from './dev/auth-emulator.js';
import { DEMO_PROJECT_ID, createFirebaseAuth } from './features/auth/firebase-identity.js';
import { ensureDemoUser } from './features/auth/demo-user.js';

async function main(): Promise<void> {
  const env = loadEnv();

  // Demo mode: no Firebase project configured, so sign-in runs on a local Auth emulator.
  let emulator: RunningAuthEmulator | null = null;
  const demo = !env.FIREBASE_PROJECT_ID && env.NODE_ENV !== 'production';
  if (demo && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    console.log(
      `Demo mode: starting the Firebase Auth emulator on port ${env.AUTH_EMULATOR_PORT}...`,
    );
    emulator = await startAuthEmulator({
      port: env.AUTH_EMULATOR_PORT,
      projectId: DEMO_PROJECT_ID,
    });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
  const firebase = createFirebaseAuth({
    projectId: env.FIREBASE_PROJECT_ID,
    apiKey: env.FIREBASE_API_KEY,
    authDomain: env.FIREBASE_AUTH_DOMAIN,
    serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
  });
  if (firebase?.demo) await ensureDemoUser(firebase.auth);

  const app = await buildApp({
    env,
    firebase,
    // JSON lines on stdout; buildApp adds the redaction of secrets (src/server/http/log-redaction.ts).
    // Written asynchronously: lines that arrive while a write is under way go out together in the
    // next one, instead of one blocking write per line; pino flushes what is left on exit.
    logger: { level: env.LOG_LEVEL, stream: pino.destination({ dest: 1, sync: false }) },
  });
  app.addHook('onClose', async () => {
    await firebase?.close();
    await emulator?.stop();
  });
  if (!firebase) app.log.warn('Firebase sign-in is off: set FIREBASE_PROJECT_ID to enable it.');

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
  const database = env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
  const signIn = firebase?.demo
    ? `demo mode, Auth emulator at ${firebase.emulatorUrl}`
    : firebase
      ? `Firebase project ${firebase.webConfig.projectId}`
      : 'key-based login only';
  app.log.info(
    `Expense Tracker on http://${env.HOST}:${env.PORT} (database: ${database}; sign-in: ${signIn})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
