import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { AppRouter } from '../app-router.js';
import { sendError } from './error-reply.js';
import type { LargeBodyGate } from './large-body-gate.js';

type TrpcOptions = FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply>;

export interface TrpcDoorOptions {
  prefix: string;
  /** Calls allowed in one batch request (the client's batch link sends no more). */
  maxBatchItems: number;
  /** Procedures a batch may not hold: each of their calls must be a request of its own. */
  unbatchable: ReadonlySet<string>;
  /** Procedures that answer a file (trpc/file-answer.ts), with the REST route that sends it. */
  fileAnswers: ReadonlyMap<string, string>;
  /** Procedures that take a larger body than the server's default, with their limit. */
  largeBodies: ReadonlyMap<string, number>;
  /** Admits a large body before it is read (large-body-gate.ts). */
  largeBodyGate: LargeBodyGate;
  trpcOptions: TrpcOptions;
}

/**
 * The procedures one /trpc request calls: `a,b,c` with `?batch=1`, else the one path (tRPC's own
 * reading of the URL, so that what is checked here is what tRPC will run).
 */
function callsOf(req: FastifyRequest, fixedPath?: string): { batch: boolean; paths: string[] } {
  let path = fixedPath ?? (req.params as { path: string }).path;
  try {
    // tRPC decodes the path once more itself.
    path = decodeURIComponent(path);
  } catch {
    // tRPC refuses it.
  }
  const search = new URL(req.url, 'http://door').searchParams;
  const batch = search.get('batch') === '1';
  return { batch, paths: batch ? path.split(',') : [path] };
}

/**
 * Mounts the tRPC router at /trpc/<procedure>. This replaces tRPC's own Fastify plugin, which
 * also accepts multipart/form-data and hands it to tRPC as an unbounded stream (a 200 MB upload
 * was read whole, past the body limit). Our procedures take JSON only, so this door parses
 * application/json (as text, within the body limit, for tRPC to decode) and nothing else: any
 * other body is a 415 before a byte of it is read (docs/security-hardening.md).
 *
 * A batch holds at most `maxBatchItems` calls and none of a sign-in procedure: each call of a
 * batch is a procedure call of its own (and counted as one against the limits), but a batch is
 * one request, so it must not let one request buy many sign-in attempts or much work.
 */
export async function mountTrpcDoor(app: FastifyInstance, options: TrpcDoorOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });
    const handler = (fixedPath?: string) => async (req: FastifyRequest, reply: FastifyReply) => {
      const { batch, paths } = callsOf(req, fixedPath);
      if (batch && paths.length > options.maxBatchItems) {
        return sendError(reply, 400, {
          code: 'VALIDATION_ERROR',
          message: `A batch may hold at most ${options.maxBatchItems} calls; this one holds ${paths.length}.`,
        });
      }
      // A file is not JSON: the REST route streams it.
      const file = paths.find((path) => options.fileAnswers.has(path));
      if (file !== undefined) {
        return sendError(reply, 400, {
          code: 'VALIDATION_ERROR',
          message: `${file} answers a file, not JSON: download it with ${options.fileAnswers.get(file) ?? 'its REST route'}.`,
        });
      }
      const signIn = batch ? paths.find((path) => options.unbatchable.has(path)) : undefined;
      if (signIn !== undefined) {
        return sendError(reply, 400, {
          code: 'VALIDATION_ERROR',
          message: `Sign-in calls cannot be batched: send ${signIn} as a request of its own.`,
        });
      }
      await fastifyRequestHandler({
        ...options.trpcOptions,
        // tRPC's own check, in case a batch reaches it some other way.
        maxBatchSize: options.maxBatchItems,
        // Headers a procedure asked for (Retry-After, Idempotent-Replayed), as on REST.
        responseMeta: ({ ctx }) => ({ headers: ctx?.responseHeaders ?? {} }),
        req,
        res: reply,
        path: fixedPath ?? (req.params as { path: string }).path,
      });
    };
    // tRPC answers queries (GET, and HEAD with it) and mutations (POST). Other methods get the
    // 404 envelope: handed to tRPC, TRACE made fetch's Request constructor throw (a 500).
    scope.route({
      method: ['GET', 'POST'],
      url: `${options.prefix}/:path`,
      handler: handler(),
    });
    // A procedure carrying a file has a route of its own with its larger limit (a static path
    // wins over the parametric one); every other call keeps the server's default limit.
    for (const [path, bodyLimit] of options.largeBodies) {
      scope.route({
        method: ['GET', 'POST'],
        url: `${options.prefix}/${path}`,
        bodyLimit,
        onRequest: options.largeBodyGate,
        handler: handler(path),
      });
    }
  });
}
