import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { openDatabase, type Database } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { envSchema, exportsPerInstance, type Env } from './env.js';
import { systemClock, type Clock } from './lib/clock.js';
import { clientDistDir } from './lib/paths.js';
import { createContextFactory, type ContextFactory } from './trpc/context.js';
import { appRouter } from './app-router.js';
import { listProcedures } from './trpc/procedures.js';
import { UsageLimits } from './trpc/usage-limits.js';
import { answerWrongMethods, mountRestRoutes } from './http/rest-routes.js';
import { LIVE_EVENTS_PATH } from '../shared/live-updates.js';
import { listRestProcedures } from './http/rest-procedures.js';
import { buildOpenApiDocument, registerApiDocs } from './http/openapi.js';
import { installErrorHandlers } from './http/fastify-errors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { clientErrorReply, frameworkErrorReply } from './http/early-replies.js';
import { serverTimeouts } from './http/server-timeouts.js';
import { mountTrpcDoor } from './http/trpc-door.js';
import { bookBeingRestored, cleanUpDeadRestores } from './features/export/index.js';
import {
  BackgroundRecorder,
  EMBEDDED_RECORD_BATCH,
  RECORD_BATCH,
} from './features/analytics/index.js';
import { startRatesProvider, type RatesProvider } from './features/rates/index.js';
import { createFirebaseAuth, type FirebaseAuthService } from './features/auth/index.js';
import { firebaseSessionCheck } from './features/auth/index.js';
import {
  DemoMailbox,
  unconfiguredMailer,
  type Mailer,
  type MailSettings,
} from './features/mail/index.js';
import { MAX_BATCH_ITEMS } from '../shared/usage-limits.js';
import { registerClientApp } from './http/client-app.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { AccessLogController } from './http/request-logging.js';
import { registerCors } from './http/cors.js';
import { requestIdOf } from './http/request-id.js';
import { withLogRedaction } from './http/log-redaction.js';
import { largeBodyGate } from './http/large-body-gate.js';
import { NoticeHub, recordChange, registerLiveEvents } from './features/activity/index.js';
import { startBudgetMarkSweep } from './features/budget/index.js';

export const API_VERSION = '1.0.0';

export interface BuildAppOptions {
  /** Settings; anything left out takes its documented default. */
  env: Partial<Env>;
  /** An already open database (tests); otherwise opened from env and closed with the app. */
  database?: Database;
  /** Firebase Auth; by default built from env (null: Firebase sign-in off). */
  firebase?: FirebaseAuthService | null;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
  /**
   * Sends messages to people (key-login confirmation links). Demo mode keeps them in its demo
   * mailbox; elsewhere, without one, they are not sent (docs/sign-in.md#mail). A DemoMailbox
   * given here is also what GET /api/demo/mailbox lists.
   */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The tRPC context of a request, as both doors build it (tests call procedures with it). */
    createTrpcContext: ContextFactory;
  }
}

/** Fastify's types take a hop count as a function: trust the first `hops` addresses. */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole server without listening: tests drive it through app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const env: Env = { ...envSchema.parse({}), ...options.env };
  const firebase =
    options.firebase !== undefined
      ? options.firebase
      : createFirebaseAuth({
          projectId: env.FIREBASE_PROJECT_ID,
          apiKey: env.FIREBASE_API_KEY,
          authDomain: env.FIREBASE_AUTH_DOMAIN,
          serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON,
          emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
        });
  // Every answer carries these, including those given before routing (early-replies.ts).
  const headers = securityHeaders({
    production: env.NODE_ENV === 'production',
    firebase: {
      emulatorUrl: firebase?.emulatorUrl,
      authDomain: firebase && !firebase.demo ? firebase.webConfig.authDomain : null,
    },
  });
  const app = Fastify({
    // Whatever logger the caller asks for, secrets are redacted (docs/security.md#logs).
    logger: withLogRedaction(options.logger ?? false),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Receiving a request is bounded in time; sending a long answer is not.
    ...serverTimeouts({
      requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
      connectionIdleTimeoutSeconds: env.CONNECTION_IDLE_TIMEOUT_SECONDS,
    }),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // One access-log line per request instead of two (src/server/http/request-logging.ts).
    logController: new AccessLogController(),
    // A well-formed incoming X-Request-Id is kept (load balancers), anything else replaced.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Long enough that an over-long id reaches validation and gets its own clear message.
    routerOptions: { maxParamLength: 4096 },
    // Malformed URLs and unreadable requests get the same envelope and headers as everything else.
    frameworkErrors: frameworkErrorReply(headers),
    clientErrorHandler: clientErrorReply(headers),
  });
  if (firebase && options.firebase === undefined) app.addHook('onClose', () => firebase.close());
  // Only JSON bodies are accepted (text/plain would reach procedures as a bare string).
  app.removeContentTypeParser('text/plain');

  const database =
    options.database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
    ));
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database);
  // A restore that died (a crash mid-restore) left a mark on its book: undone in the background
  // (docs/analytics.md#full-export-and-restore).
  const deadRestores = cleanUpDeadRestores(database, app.log).catch((error: unknown) => {
    app.log.error({ err: error }, 'restore: looking for dead restores failed');
  });
  app.addHook('onClose', () => deadRestores);
  // Records entries' conversions into the base currency off the request path; closed (its runs
  // awaited) before the database is (docs/analytics.md#recorded-conversions).
  const conversions = new BackgroundRecorder(
    database.db,
    app.log,
    database.kind === 'pglite' ? EMBEDDED_RECORD_BATCH : RECORD_BATCH,
  );
  app.addHook('onClose', () => conversions.close());
  // Sums the budget marks of books nobody reads the budget of (docs/budgets.md#speed); stopped,
  // a sweep under way awaited, before the database closes.
  const stopBudgetSweep = startBudgetMarkSweep(database.db, app.log);
  app.addHook('onClose', () => stopBudgetSweep());
  // The online rate provider, only when an administrator configured one: a background job on a
  // timer, started once the server is ready (docs/rates.md#an-online-provider).
  const providerUrl = env.RATES_PROVIDER_URL;
  if (providerUrl) {
    let provider: RatesProvider | null = null;
    app.addHook('onReady', () => {
      provider = startRatesProvider(
        database.db,
        {
          url: providerUrl,
          intervalMinutes: env.RATES_PROVIDER_INTERVAL_MINUTES,
          policy: {
            timeoutMs: env.RATES_PROVIDER_TIMEOUT_SECONDS * 1000,
            attempts: 3,
            backoffMs: 5_000,
          },
        },
        app.log,
      );
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      await provider?.stop();
    });
  }

  // Rate-limit counters live here when set, so every instance shares them.
  // ioredis is loaded only when configured: its modules cost every other server memory.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 1,
        connectTimeout: 1000,
      })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const demoMailbox =
    options.mailer instanceof DemoMailbox
      ? options.mailer
      : !options.mailer && firebase?.demo
        ? new DemoMailbox()
        : null;
  if (!options.mailer && !demoMailbox) {
    app.log.warn(
      'No mail sender is configured: a key registered for an email that already has one can ' +
        'never be confirmed (docs/sign-in.md#mail)',
    );
  }
  const mail: MailSettings = {
    mailer: options.mailer ?? demoMailbox ?? unconfiguredMailer(app.log),
    demoMailbox,
    publicUrl: env.PUBLIC_URL ?? '',
  };

  const createContext = createContextFactory({
    database,
    firebase,
    bookBeingRestored,
    recordConversionsLater: (bookId) => conversions.request(bookId),
    recordBookChange: recordChange,
    clock: options.clock ?? systemClock,
    sessionPolicy: {
      idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: env.SESSION_MAX_AGE_SECONDS,
    },
    identityCheck: firebase
      ? firebaseSessionCheck(firebase, env.FIREBASE_RECHECK_SECONDS * 1000, app.log)
      : null,
    limits: new UsageLimits(
      {
        signInCallsPerIp: env.AUTH_RATE_LIMIT_PER_IP,
        signInFailuresPerEmailAndIp: env.AUTH_RATE_LIMIT_PER_EMAIL,
        signInFailuresPerIp: env.AUTH_FAILURE_LIMIT_PER_IP,
        writesPerUser: env.WRITE_RATE_LIMIT_PER_USER,
        exportsPerUser: env.EXPORT_RATE_LIMIT_PER_USER,
        exportsPerInstance: exportsPerInstance(env),
        fullExportsPerInstance: env.FULL_EXPORTS_PER_INSTANCE,
        exportMaxSeconds: env.EXPORT_MAX_SECONDS,
        analyticsPerUser: env.ANALYTICS_RATE_LIMIT_PER_USER,
        analyticsConcurrentPerUser: env.ANALYTICS_CONCURRENCY_PER_USER,
      },
      redis,
    ),
    mail,
  });
  app.decorate('createTrpcContext', createContext);

  installErrorHandlers(app);
  installJsonBodyParser(app);
  registerSecurityHeaders(app, headers);
  await registerCors(app, env.CORS_ORIGINS);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A body not read to its end (refused with 413 or 415, or sent where none is taken): the
    // connection closes after this answer, so Node does not go on reading what still comes.
    if (!req.raw.complete) reply.header('connection', 'close');
  });

  // JSON bodies only, within the body limit; batches of at most MAX_BATCH_ITEMS calls, and
  // none of a sign-in procedure (src/server/http/trpc-door.ts).
  const admitLargeBody = largeBodyGate();
  await mountTrpcDoor(app, {
    prefix: '/trpc',
    largeBodyGate: admitLargeBody,
    maxBatchItems: MAX_BATCH_ITEMS,
    unbatchable: new Set(
      listProcedures(appRouter)
        .filter((procedure) => procedure.signIn)
        .map((procedure) => procedure.path),
    ),
    fileAnswers: new Map(
      listRestProcedures(appRouter).flatMap((procedure) =>
        procedure.answersFile
          ? [[procedure.path, `${procedure.method} ${procedure.route}`] as const]
          : [],
      ),
    ),
    largeBodies: new Map(
      listProcedures(appRouter).flatMap((procedure) =>
        procedure.bodyLimit === undefined ? [] : [[procedure.path, procedure.bodyLimit] as const],
      ),
    ),
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(req),
    },
  });

  mountRestRoutes(app, appRouter, createContext, admitLargeBody);
  // The books' live notices (docs/live-updates.md): one LISTEN for this instance, stopped on close.
  const notices = new NoticeHub(database, app.log);
  app.addHook('onClose', () => notices.close());
  registerLiveEvents(app, {
    hub: notices,
    connectionsPerInstance: env.LIVE_CONNECTIONS_PER_INSTANCE,
    connectionsPerUser: env.LIVE_CONNECTIONS_PER_USER,
    recheckMs: env.LIVE_RECHECK_SECONDS * 1000,
  });
  answerWrongMethods(app, [{ url: LIVE_EVENTS_PATH, method: 'GET' }]);
  await registerApiDocs(app, buildOpenApiDocument(appRouter, API_VERSION));
  await registerClientApp(app, options.clientDir ?? clientDistDir);
  return app;
}
