import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { createAppCaller, type AppRouter } from '../trpc/root-router.js';
import type { Context } from '../trpc/context.js';
import { sendError, sendProcedureError } from './error-reply.js';

type Invoke = (input: unknown) => Promise<unknown>;

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** Query strings carry text; the fields a schema declares as numbers are converted, nothing else. */
function numericFields(input: z.ZodType | undefined): Set<string> {
  if (!(input instanceof z.ZodObject)) return new Set();
  const shape = input.shape as Record<string, z.ZodType>;
  return new Set(
    Object.entries(shape)
      .filter(([, field]) => unwrap(field) instanceof z.ZodNumber)
      .map(([key]) => key),
  );
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

function queryInput(query: unknown, numbers: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[key] =
      numbers.has(key) && typeof value === 'string' && NUMERIC_TEXT.test(value)
        ? Number(value)
        : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function procedureAt(caller: unknown, path: string): Invoke {
  // The caller is a proxy: walking the dotted path yields the procedure's call function.
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Invoke;
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
): void {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!openapi) continue;
    const inputSchema = procedure._def.inputs[0] as z.ZodType | undefined;
    const numbers = numericFields(inputSchema);
    const takesBody =
      openapi.method === 'POST' || openapi.method === 'PUT' || openapi.method === 'PATCH';

    // Only routes documented as taking forms parse them; everywhere else a form is a 415.
    const acceptsForm =
      openapi.contentTypes?.includes('application/x-www-form-urlencoded') ?? false;
    const route: RouteOptions = {
      method: openapi.method,
      url: openapi.path.replace(/\{(\w+)\}/g, ':$1'),
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
          fromRequest = queryInput(req.query, numbers);
        }
        // Path parameters win over body fields of the same name.
        const input = { ...fromRequest, ...(req.params as Record<string, string>) };
        const ctx = createContext(req);
        try {
          const result = await procedureAt(createAppCaller(ctx), path)(input);
          return reply.headers(ctx.responseHeaders).send(result);
        } catch (error) {
          reply.headers(ctx.responseHeaders);
          return sendProcedureError(req, reply, error);
        }
      },
    };
    if (acceptsForm) {
      void app.register(async (scope) => {
        await scope.register(formbody);
        scope.route(route);
      });
    } else {
      app.route(route);
    }
  }
}
