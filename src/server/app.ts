import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { openDatabase, type Database } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { envSchema, type Env } from './env.js';
import { systemClock, type Clock } from './lib/clock.js';
import { clientDistDir } from './lib/paths.js';
import { createContextFactory } from './trpc/context.js';
import { appRouter, type AppRouter } from './trpc/root-router.js';
import { mountRestRoutes } from './http/rest-routes.js';
import { buildOpenApiDocument, registerApiDocs } from './http/openapi.js';
import { installErrorHandlers } from './http/fastify-errors.js';
import { sendError } from './http/error-reply.js';
import { installSignInRateLimits } from './http/sign-in-rate-limit.js';
import { createFirebaseAuth, type FirebaseAuthService } from './features/auth/firebase-identity.js';
import { registerClientApp } from './http/client-app.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { AccessLogController } from './http/request-logging.js';
import { registerCors } from './http/cors.js';
import { requestIdOf } from './http/request-id.js';
import { withLogRedaction } from './http/log-redaction.js';

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
}

/** Fastify's types take a hop count as a function: trust the first `hops` addresses. */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole server without listening: tests drive it through app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const env: Env = { ...envSchema.parse({}), ...options.env };
  const app = Fastify({
    // Whatever logger the caller asks for, secrets are redacted (design rule 5).
    logger: withLogRedaction(options.logger ?? false),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // One access-log line per request instead of two (src/server/http/request-logging.ts).
    logController: new AccessLogController(),
    // A well-formed incoming X-Request-Id is kept (load balancers), anything else replaced.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Long enough that an over-long id reaches validation and gets its own clear message.
    routerOptions: { maxParamLength: 4096 },
    // Malformed URLs are answered before routing; they get the same envelope as everything else.
    frameworkErrors: (error, _req, reply) => {
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'Malformed URL: the path is not valid percent-encoding'
          : 'Malformed request';
      void sendError(reply, 400, { code: 'VALIDATION_ERROR', message });
    },
  });
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
  if (firebase && options.firebase === undefined) app.addHook('onClose', () => firebase.close());

  const createContext = createContextFactory({
    database,
    firebase,
    clock: options.clock ?? systemClock,
    sessionPolicy: {
      idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: env.SESSION_MAX_AGE_SECONDS,
    },
  });

  installErrorHandlers(app);
  registerSecurityHeaders(app, {
    production: env.NODE_ENV === 'production',
    firebase: {
      emulatorUrl: firebase?.emulatorUrl,
      authDomain: firebase && !firebase.demo ? firebase.webConfig.authDomain : null,
    },
  });
  await registerCors(app, env.CORS_ORIGINS);
  await installSignInRateLimits(app, {
    perIpPerMinute: env.AUTH_RATE_LIMIT_PER_IP,
    perEmailPerMinute: env.AUTH_RATE_LIMIT_PER_EMAIL,
    redisUrl: env.REDIS_URL,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(req),
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  mountRestRoutes(app, appRouter, createContext);
  await registerApiDocs(app, buildOpenApiDocument(appRouter, API_VERSION));
  await registerClientApp(app, options.clientDir ?? clientDistDir);
  return app;
}
