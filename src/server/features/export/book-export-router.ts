import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import {
  bookExportOutput,
  restoreBookInput,
  restoreBookOutput,
} from '../../../shared/schemas/book-export.js';
import { RESTORE_BODY_BYTES_MAX } from '../../../shared/limits.js';
import { exportBook, restoreBook } from './book-export-service.js';

const tags = ['Export'];

/** The whole book as one JSON file, and its restore into an empty book (docs/analytics.md). */
export const bookDataRouter = router({
  export: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book/export',
        tags,
        summary:
          'Everything of your book as one JSON document: accounts, categories, entries, splits, transfers, history',
      },
    })
    .input(z.object({}))
    .output(bookExportOutput)
    .query(async ({ ctx }) => ok(await exportBook(ctx.database.db, ctx.bookId, ctx.clock()))),

  restore: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/book/restore',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Restore an export into your book, which must have no accounts and no entries; all or nothing',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE'],
      bodyLimit: RESTORE_BODY_BYTES_MAX,
    })
    .input(restoreBookInput)
    .output(restoreBookOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) => {
        // One transaction for the whole restore: the key's when a key was sent.
        const counts = db.isTransaction
          ? await restoreBook(db, ctx.bookId, ctx.user.id, input.file)
          : await db
              .transaction()
              .execute((trx) => restoreBook(trx, ctx.bookId, ctx.user.id, input.file));
        return ok(counts, 'Book restored');
      }),
    ),
});
