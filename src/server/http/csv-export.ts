import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES } from '../../shared/errors.js';
import { searchTransactionsInput } from '../../shared/schemas/ledger-query.js';
import { AppError, describeAppError } from '../lib/app-error.js';
import { resolveSession } from '../features/sessions/session-service.js';
import { prepareCsvExport } from '../features/export/csv-export-service.js';
import type { Context } from '../trpc/context.js';
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
 * GET /api/transactions/export.csv: the Transactions view with the same filters and sort as
 * GET /api/transactions (src/shared/schemas/ledger-query.ts), every page of it, as a CSV file
 * streamed from the database. A native route rather than a procedure: its answer is a stream
 * of text, not a JSON envelope. Refusals before the first byte are the usual JSON errors; a
 * failure after it cuts the download short (the file then has no last line ending).
 */
export function mountCsvExport(
  app: FastifyInstance,
  createContext: (req: FastifyRequest) => Context,
): void {
  app.get(CSV_EXPORT_PATH, async (req, reply) => {
    const ctx = createContext(req);
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
      const query = queryOf(req.query);
      if ('limit' in query || 'cursor' in query) {
        throw new AppError(
          'VALIDATION_ERROR',
          'An export has every page: limit and cursor do not apply',
        );
      }
      const filters = searchTransactionsInput.parse(query);
      const lines = await prepareCsvExport(ctx.database, session.bookId, filters);
      const stream = Readable.from(lines, { objectMode: false });
      stream.on('error', (error) => req.log.error({ err: error }, 'CSV export failed'));
      const day = ctx.clock().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    } catch (error) {
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
