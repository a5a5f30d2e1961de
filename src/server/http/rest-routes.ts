import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import { createAppCaller, type AppRouter } from '../app-router.js';
import type { Context } from '../trpc/context.js';
import { procedureAt } from '../trpc/procedures.js';
import { listRestProcedures, queryInput, type HttpMethod } from './rest-procedures.js';
import { sendError, sendProcedureError } from './error-reply.js';
import type { LargeBodyGate } from './large-body-gate.js';
import { holdsLongList, pacedJson } from './paced-json.js';
import { isFileAnswer } from '../trpc/file-answer.js';
import { sendFileAnswer } from './file-reply.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Mounts every procedure that declares `openapi` meta as a native Fastify route at exactly its
 * documented method and path. The procedure runs through createCaller, so validation,
 * authentication and business rules are the same code the /trpc door runs.
 */
export function mountRestRoutes(
  app: FastifyInstance,
  appRouter: AppRouter,
  createContext: (req: FastifyRequest) => Context,
  largeBodyGate: LargeBodyGate,
): void {
  const procedures = listRestProcedures(appRouter);
  for (const procedure of procedures) {
    const { path, takesBody, acceptsForm } = procedure;
    const route: RouteOptions = {
      method: procedure.method,
      url: procedure.url,
      ...(procedure.bodyLimit !== undefined && {
        bodyLimit: procedure.bodyLimit,
        onRequest: largeBodyGate,
      }),
      handler: async (req: FastifyRequest, reply) => {
        let fromRequest: Record<string, unknown>;
        if (takesBody) {
          if (req.body !== undefined && !isPlainObject(req.body)) {
            return sendError(reply, 400, {
              code: 'VALIDATION_ERROR',
              message: 'Request body must be a JSON object',
            });
          }
          fromRequest = req.body ?? {};
        } else {
          fromRequest = queryInput(procedure, req.query);
        }
        // Path parameters win over body fields of the same name.
        const input = { ...fromRequest, ...(req.params as Record<string, string>) };
        const ctx = createContext(req);
        try {
          const result = await procedureAt(createAppCaller(ctx), path)(input);
          reply.headers(ctx.responseHeaders);
          if (isFileAnswer(result)) return sendFileAnswer(req, reply, result);
          // docs/security-hardening.md: a long list is written in slices, not in one piece.
          if (holdsLongList(result)) {
            return reply.type('application/json; charset=utf-8').send(pacedJson(result));
          }
          return reply.send(result);
        } catch (error) {
          reply.headers(ctx.responseHeaders);
          return sendProcedureError(req, reply, error);
        }
      },
    };
    // Only routes documented as taking forms parse them; everywhere else a form is a 415.
    if (acceptsForm) {
      void app.register(async (scope) => {
        await scope.register(formbody);
        scope.route(route);
      });
    } else {
      app.route(route);
    }
  }
  answerWrongMethods(
    app,
    procedures.map((procedure) => ({ url: procedure.url, method: procedure.method })),
  );
}

/** Every method Fastify routes but OPTIONS (the CORS preflight's, cors.ts). */
const METHODS: readonly HTTPMethods[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'TRACE',
  'QUERY',
];

/**
 * A known path asked with a method it does not serve answers 405 with `Allow` (the methods it
 * does serve), not the 404 of an unknown path. Answered before any body is read.
 */
export function answerWrongMethods(
  app: FastifyInstance,
  routes: readonly { url: string; method: HttpMethod }[],
): void {
  const served = new Map<string, Set<string>>();
  for (const { url, method } of routes) {
    const methods = served.get(url) ?? new Set<string>();
    methods.add(method);
    served.set(url, methods);
  }
  for (const [url, methods] of served) {
    // Fastify answers HEAD wherever it answers GET.
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    const missing = METHODS.filter(
      (method) => !methods.has(method) && !(method === 'HEAD' && methods.has('GET')),
    );
    app.route({
      method: missing,
      url,
      onRequest: async (req, reply) => {
        reply.header('allow', allow);
        return sendError(reply, 405, {
          code: 'METHOD_NOT_ALLOWED',
          message: `${req.method} is not allowed here; this path takes ${allow}.`,
        });
      },
      handler: async () => undefined,
    });
  }
}
