import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES } from '../../shared/errors.js';
import { searchTransactionsInput } from '../../shared/schemas/ledger-query.js';
import { AppError, describeAppError } from '../lib/app-error.js';
import { resolveSession } from '../features/sessions/index.js';
import { prepareCsvExport } from '../features/export/index.js';
import { bookBeingRestored } from '../features/export/index.js';
import type { Context } from '../trpc/context.js';
import type { Release } from '../trpc/usage-limits.js';
import { sendError } from './error-reply.js';
import { answerWrongMethods } from './rest-routes.js';

/** The path of the CSV export of a Transactions view (docs/analytics.md#csv-export). */
export const CSV_EXPORT_PATH = '/api/transactions/export.csv';

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;
const NUMERIC_FIELDS = new Set(['minAmount', 'maxAmount']);

/** The query string as the search schema's input: the amount bounds are numbers. */
function queryOf(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[key] =
      NUMERIC_FIELDS.has(key) && typeof value === 'string' && NUMERIC_TEXT.test(value)
        ? Number(value)
        : value;
  }
  return out;
}

/**
 * The CSV lines, then the release of the export's slots as soon as the last line is handed
 * over (before the reply ends, so the next export of the same user is not refused), or when the
 * download stops early (the stream is destroyed: the generator returns).
 */
async function* releasingAtEnd(lines: AsyncGenerator<string>, release: Release) {
  try {
    yield* lines;
  } finally {
    await release();
  }
}

/**
 * GET /api/transactions/export.csv: the Transactions view with the same filters and sort as
 * GET /api/transactions (src/shared/schemas/ledger-query.ts), every page of it, as a CSV file
 * streamed from the database. A native route rather than a procedure: its answer is a stream
 * of text, not a JSON envelope. Refusals before the first byte are the usual JSON errors, in
 * this order: 401, 429 (the export limits, docs/analytics.md#limits-of-the-expensive-reads:
 * one export at a time per user, a few per instance, a budget per minute), 400, 404 (an
 * account or category that is not the book's). A failure after the first byte cuts the
 * download short (the file then has no last line ending), and so does the time bound: an
 * export still sending after EXPORT_MAX_SECONDS is cut and its connection closed, so a client
 * that reads slowly cannot keep its slot. One that reads nothing is closed sooner by the idle
 * time-out (CONNECTION_IDLE_TIMEOUT_SECONDS, server-timeouts.ts).
 */
export function mountCsvExport(
  app: FastifyInstance,
  createContext: (req: FastifyRequest) => Context,
): void {
  app.get(CSV_EXPORT_PATH, async (req, reply) => {
    const ctx = createContext(req);
    let release: Release | null = null;
    try {
      if (!ctx.bearerToken) throw new AppError('UNAUTHORIZED', MESSAGES.authRequired);
      const session = await resolveSession(
        ctx.database.db,
        ctx.bearerToken,
        ctx.sessionPolicy,
        ctx.clock,
        ctx.identityCheck,
      );
      if (!session) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
      // Like every procedure: a book half restored is nobody's to read (init.ts).
      if (session.bookRestore !== null) {
        throw bookBeingRestored(ctx.database.db, session.bookId, session.bookRestore, req.log);
      }
      // Counted before the query is read, as every limit counts calls (usage-limits.ts).
      release = await ctx.limits.startExport(session.user.id, 'csv', ctx.responseHeaders);
      const query = queryOf(req.query);
      if ('limit' in query || 'cursor' in query) {
        throw new AppError(
          'VALIDATION_ERROR',
          'An export has every page: limit and cursor do not apply',
        );
      }
      const filters = searchTransactionsInput.parse(query);
      const lines = await prepareCsvExport(ctx.database, session.bookId, filters);
      const stream = Readable.from(releasingAtEnd(lines, release), { objectMode: false });
      stream.on('error', (error) => req.log.error({ err: error }, 'CSV export failed'));
      // Whatever ends the stream (the last line, a client gone, the time bound, an error), the
      // slots are given back; the generator does it too, but not when it never started.
      const released = release;
      const cut = setTimeout(() => {
        req.log.warn(
          { seconds: ctx.limits.exportMaxMs / 1000 },
          'CSV export cut: still sending at its time bound',
        );
        stream.destroy();
        reply.raw.destroy();
      }, ctx.limits.exportMaxMs);
      cut.unref();
      stream.on('close', () => {
        clearTimeout(cut);
        void released().catch((error: unknown) =>
          req.log.error({ err: error }, 'CSV export: giving back its slot failed'),
        );
      });
      const day = ctx.clock().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    } catch (error) {
      if (release) await release();
      reply.headers(ctx.responseHeaders);
      if (error instanceof ZodError) {
        const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        return sendError(reply, 400, {
          code: 'VALIDATION_ERROR',
          message: issues[0]?.message ?? 'Invalid input',
          issues,
        });
      }
      if (error instanceof AppError) return sendError(reply, error.status, describeAppError(error));
      throw error;
    }
  });
  // Like every documented path: another method answers 405 with Allow, not 404.
  answerWrongMethods(app, [{ url: CSV_EXPORT_PATH, method: 'GET' }]);
}
