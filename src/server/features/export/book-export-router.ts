import { z } from 'zod';
import { router, type AuthedContext } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, markIdempotent } from '../../trpc/idempotent-mutation.js';
import { oneAtATimeProcedure } from '../../trpc/heavy-work.js';
import { exportProcedure } from '../../trpc/export-procedure.js';
import { parsedAsynchronously } from '../../trpc/zod-sync-first.js';
import {
  bookExportOutput,
  restoreBookInput,
  restoreBookOutput,
  type RestoreBookInput,
} from '../../../shared/schemas/book-export.js';
import { RESTORE_BODY_BYTES_MAX } from '../../../shared/limits.js';
import { parseExportAnswer } from './export-output.js';
import { exportBook } from './book-export-service.js';
import { parseRestoreInput } from './restore-input.js';
import { restoreBook } from './restore-service.js';

const tags = ['Export'];

/** The whole book as one JSON file, and its restore into an empty book (docs/analytics.md). */
export const bookDataRouter = router({
  // One export at a time per user, FULL_EXPORTS_PER_INSTANCE per instance, a budget per minute
  // (docs/analytics.md#limits-of-the-expensive-reads): it reads the whole book into memory, in
  // one read-only transaction that ends before the answer is sent.
  export: exportProcedure('full')
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/book/export',
        tags,
        summary:
          'Everything of your book as one JSON document: accounts, categories, entries, splits, transfers, history',
      },
      refusals: ['TOO_MANY_REQUESTS'],
    })
    .input(z.object({}))
    // The whole book's answer, checked a slice at a time (export-output.ts).
    .output(parsedAsynchronously(bookExportOutput, parseExportAnswer))
    .query(async ({ ctx }) => ok(await exportBook(ctx.database.db, ctx.bookId, ctx.clock()))),

  // One restore at a time per user (usage-limits.ts HEAVY_WORK), a few per instance.
  restore: oneAtATimeProcedure('restore')
    .meta({
      bookAccess: 'owner',
      openapi: {
        method: 'POST',
        path: '/api/book/restore',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Restore an export into your book, which must be empty (no accounts, entries or history); all or nothing',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE', 'TOO_MANY_REQUESTS'],
      bodyLimit: RESTORE_BODY_BYTES_MAX,
    })
    // The whole file's schema, parsed a slice at a time (restore-input.ts).
    .input(parsedAsynchronously(restoreBookInput, parseRestoreInput))
    .output(restoreBookOutput)
    .mutation(
      // Honours an Idempotency-Key like every idempotentMutation (and is listed and documented
      // as one), but the restore commits in chunks, so restoreBook records the key's outcome
      // with its last chunk rather than around the whole restore.
      markIdempotent(
        ({ ctx, input, path }: { ctx: AuthedContext; input: RestoreBookInput; path: string }) =>
          restoreBook(
            {
              db: ctx.database.db,
              bookId: ctx.bookId,
              actorId: ctx.user.id,
              key: ctx.idempotencyKey,
              operation: path,
              clock: ctx.clock,
              requestId: ctx.requestId,
              responseHeaders: ctx.responseHeaders,
              log: ctx.log,
            },
            input.file,
            (counts) => ok(counts, 'Book restored'),
          ),
      ),
    ),
});
