import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { openDatabase, type Database } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import type { Env } from './env.js';
import { systemClock, type Clock } from './lib/clock.js';
import { clientDistDir } from './lib/paths.js';
import { createContextFactory } from './trpc/context.js';
import { appRouter, type AppRouter } from './trpc/root-router.js';
import { mountRestRoutes } from './http/rest-routes.js';
import { buildOpenApiDocument, registerApiDocs } from './http/openapi.js';
import { installErrorHandlers } from './http/fastify-errors.js';
import { sendError } from './http/error-reply.js';
import { registerClientApp } from './http/client-app.js';

export const API_VERSION = '1.0.0';

export interface BuildAppOptions {
  env: Pick<
    Env,
    | 'DATABASE_URL'
    | 'DATABASE_POOL_SIZE'
    | 'DATA_DIR'
    | 'SESSION_IDLE_TIMEOUT_SECONDS'
    | 'SESSION_MAX_AGE_SECONDS'
    | 'BODY_LIMIT_BYTES'
  >;
  /** An already open database (tests); otherwise opened from env and closed with the app. */
  database?: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
}

/** Builds the whole server without listening: tests drive it through app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
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
  await migrateToLatest(database.db);

  const createContext = createContextFactory({
    database,
    clock: options.clock ?? systemClock,
    sessionPolicy: {
      idleTimeoutSeconds: env.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: env.SESSION_MAX_AGE_SECONDS,
    },
  });

  installErrorHandlers(app);
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
