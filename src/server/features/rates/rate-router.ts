import { protectedProcedure, router, type AuthedContext } from '../../trpc/init.js';
import { oneAtATimeProcedure } from '../../trpc/heavy-work.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import {
  idempotencyHeaders,
  idempotentMutation,
  markIdempotent,
} from '../../trpc/idempotent-mutation.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import {
  addRateInput,
  importRatesInput,
  type ImportRatesInput,
  listRatesInput,
  rateIdInput,
  rateImportOutput,
  rateOutput,
  ratePageOutput,
  RATE_IMPORT_BODY_LIMIT,
} from '../../../shared/schemas/rate.js';
import { importEcbRates } from './rate-import.js';
import { addRate, importMessage, listBookRates, removeRate } from './rate-service.js';

const tags = ['Rates'];

// Exchange rates of the book (docs/rates.md): listed, entered by hand, deleted when entered by
// hand, imported from the ECB's reference-rate files.
export const rateRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/rates',
        tags,
        summary:
          "The book's exchange rates, newest day first, one page at a time (a pair and a range of days narrow it)",
      },
    })
    .input(listRatesInput)
    .output(ratePageOutput)
    .query(async ({ ctx, input }) => ok(await listBookRates(ctx.database.db, ctx.bookId, input))),

  add: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/rates',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Enter a rate by hand (it wins over imported ones of its day); the same pair and day by hand again replaces it',
      },
    })
    .input(addRateInput)
    .output(rateOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        const { rate, replaced } = await addRate(db, ctx.bookId, input);
        return ok(rate, replaced ? 'Rate replaced' : 'Rate added');
      }),
    ),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/rates/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete a rate entered by hand (422 for an imported one)',
      },
      refusals: ['UNPROCESSABLE'],
    })
    .input(rateIdInput)
    .output(messageEnvelope)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        await removeRate(db, ctx.bookId, input.id);
        return okMessage('Rate deleted');
      }),
    ),

  // Reading a file takes a user one at a time, like a bank file import.
  import: oneAtATimeProcedure('import')
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/rates/import',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Import an ECB reference-rate file (daily, 90-day or full history; CSV or XML, as the ECB publishes them): a malformed file writes nothing, a failure midway is completed by retrying; the same day's ECB rates are replaced, other sources' kept",
      },
      refusals: ['UNPROCESSABLE'],
      bodyLimit: RATE_IMPORT_BODY_LIMIT,
    })
    .input(importRatesInput)
    .output(rateImportOutput)
    .mutation(
      // Honours an Idempotency-Key like every idempotentMutation (and is listed and documented
      // as one), but the import commits in chunks, so importEcbRates records the key's outcome
      // with its last chunk rather than around the whole import (docs/rates.md#importing).
      markIdempotent(
        ({ ctx, input, path }: { ctx: AuthedContext; input: ImportRatesInput; path: string }) =>
          importEcbRates(
            {
              db: ctx.database.db,
              bookId: ctx.bookId,
              userId: ctx.user.id,
              key: ctx.idempotencyKey,
              operation: path,
              clock: ctx.clock,
              requestId: ctx.requestId,
              responseHeaders: ctx.responseHeaders,
            },
            input,
            (result) => ok(result, importMessage(result)),
          ),
      ),
    ),
});
