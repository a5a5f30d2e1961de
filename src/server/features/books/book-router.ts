import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { bookOutput, updateBookInput } from '../../../shared/schemas/book.js';
import { getBook, updateBook } from './book-service.js';

// The caller's book: today their personal one (docs/ledger.md#books).

const tags = ['Book'];

export const bookRouter = router({
  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book',
        tags,
        summary:
          'Your book: its name, time zone, base currency, your role in it and whether rules apply to entries added by hand',
      },
    })
    .input(z.object({}))
    .output(bookOutput)
    .query(async ({ ctx }) => ok(await getBook(ctx.database.db, ctx.bookId, ctx.user.id))),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/book',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Rename your book, set its IANA time zone (the day new entries default to), its base currency (ISO 4217, what totals across currencies are shown in) or turn rules on or off for entries added by hand',
      },
    })
    .input(updateBookInput)
    .output(bookOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await updateBook(db, { bookId: ctx.bookId, userId: ctx.user.id }, input),
          'Book updated',
        ),
      ),
    ),
});
