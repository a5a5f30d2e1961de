import { router } from '../../trpc/init.js';
import { AppError } from '../../lib/app-error.js';
import { exportProcedure } from '../../trpc/export-procedure.js';
import { fileAnswer, fileAnswerOutput } from '../../trpc/file-answer.js';
import { exportTransactionsInput } from '../../../shared/schemas/ledger-query.js';
import { prepareCsvExport } from './csv-export-service.js';

/** What an export refuses that the list takes: it has every page. */
const PAGING = ['limit', 'cursor'];

/**
 * GET /api/transactions/export.csv: the Transactions view with the same filters and sort as
 * GET /api/transactions, every page of it, as CSV streamed from the database
 * (docs/analytics.md#csv-export-of-a-transactions-view). Refusals come before the first byte, as JSON errors, in this
 * order: 401, 429 (the export limits), 400 (limit or cursor, then the query), 404 (an account or
 * category that is not the book's). The REST door sends the file and cuts it at the export time
 * bound (http/file-reply.ts); /trpc refuses it (a file is not JSON).
 */
export const csvExportRouter = router({
  exportCsv: exportProcedure('csv')
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/transactions/export.csv',
        operationId: 'transactions-exportCsv',
        tags: ['transactions'],
        summary: 'The CSV of a Transactions view',
        description:
          'Every entry the same query of GET /api/transactions finds (filters, search and sort), ' +
          'every page of it, as CSV (RFC 4180, CRLF line ends, a header row; amounts with a dot ' +
          'and their currency’s decimals; text cells that would start a formula get a leading ' +
          'apostrophe). Columns Date, Type, Amount, Account, Category, Payee, Description, Tags, ' +
          'then Currency (the entry’s account’s), Base currency, Base amount (at the entry’s own ' +
          'day’s rate, the nearest earlier within 7 days, rounded half-even), Rate, Rate day, ' +
          'Rate source, and Not converted (why, when no rate: never 1:1). ' +
          'limit and cursor do not apply (400).',
      },
      refusals: ['TOO_MANY_REQUESTS'],
      answersFile: { contentType: 'text/csv', name: 'transactions-<day>.csv' },
    })
    .use(async ({ getRawInput, next }) => {
      // Any input at all may come (42, a list): only an object can name the paging; the input
      // schema refuses the rest with its own 400.
      const raw = await getRawInput();
      if (typeof raw === 'object' && raw !== null && PAGING.some((field) => field in raw)) {
        throw new AppError(
          'VALIDATION_ERROR',
          'An export has every page: limit and cursor do not apply',
        );
      }
      return next();
    })
    .input(exportTransactionsInput)
    .output(fileAnswerOutput)
    .query(async ({ ctx, input }) => {
      const lines = await prepareCsvExport(ctx.database, ctx.bookId, input);
      const day = ctx.clock().toISOString().slice(0, 10);
      return fileAnswer({
        contentType: 'text/csv; charset=utf-8',
        filename: `transactions-${day}.csv`,
        lines,
        maxMs: ctx.limits.exportMaxMs,
        release: ctx.exportSlot,
      });
    }),
});
