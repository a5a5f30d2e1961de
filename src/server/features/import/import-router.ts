import { protectedProcedure, router } from '../../trpc/init.js';
import { oneAtATimeProcedure } from '../../trpc/heavy-work.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders } from '../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../trpc/book-mutation.js';
import {
  IMPORT_BODY_LIMIT,
  importBatchIdInput,
  importCommitInput,
  importCommitOutput,
  importListInput,
  importListOutput,
  importPreviewInput,
  importPreviewOutput,
  importRevertOutput,
  importUndoRevertOutput,
} from '../../../shared/schemas/import.js';
import { commitImport, listImports, previewImport, revertImport } from './import-service.js';
import { parsePreviewAnswer } from './preview-output.js';
import { undoRevertImport } from './undo-revert.js';
import { parsedAsynchronously } from '../../trpc/zod-sync-first.js';

const tags = ['Import'];
/** Reading a file (and running the rules on it) takes a user one at a time. */
const readingProcedure = oneAtATimeProcedure('import');

// Bank file import (docs/import.md): every step is a procedure, so a script can import a file
// without the browser. The two that carry the file take a larger body than the rest.
export const importRouter = router({
  preview: readingProcedure
    .meta({
      changesNothing: true,
      openapi: {
        method: 'POST',
        path: '/api/imports/preview',
        tags,
        summary:
          'Read a bank file (CSV, OFX/QFX, QIF, camt.053) against an account, in its currency: every row parsed, duplicates and broken rows marked, what rules set, the balance after. A statement in another currency than its account is refused (422). Nothing is saved',
      },
      refusals: ['UNPROCESSABLE'],
      bodyLimit: IMPORT_BODY_LIMIT,
    })
    .input(importPreviewInput)
    .output(parsedAsynchronously(importPreviewOutput, parsePreviewAnswer))
    .mutation(async ({ ctx, input }) =>
      ok(await previewImport(ctx.database.db, ctx.bookId, input)),
    ),

  commit: readingProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/imports',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Import the chosen rows of a bank file as one batch, all or nothing, in the account’s currency (refused with the figure if the balance would end below its floor; 409 if the account’s currency changed since the file was read)',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE', 'INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED'],
      bodyLimit: IMPORT_BODY_LIMIT,
    })
    .input(importCommitInput)
    .output(importCommitOutput)
    .mutation(
      bookMutation(
        commitImport,
        (result) => `Imported ${result.imported} transaction${result.imported === 1 ? '' : 's'}`,
      ),
    ),

  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/imports', tags, summary: 'Your imports, newest first' },
    })
    .input(importListInput)
    .output(importListOutput)
    .query(async ({ ctx, input }) =>
      ok(await listImports(ctx.database.db, ctx.bookId, input.accountId)),
    ),

  revert: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/imports/{id}/revert',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Revert an import as a whole: its entries removed, balances restored',
      },
      refusals: ['CONFLICT', 'RECONCILED_ENTRY', 'UNPROCESSABLE', 'INSUFFICIENT_FUNDS'],
    })
    .input(importBatchIdInput)
    .output(importRevertOutput)
    .mutation(
      bookMutation(
        (db, actor, input: { id: string }) => revertImport(db, actor, input.id),
        'Import reverted',
      ),
    ),

  undoRevert: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/imports/{id}/undo-revert',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Undo the revert of an import: its entries back exactly as they were, balances moved again, the batch no longer reverted (409 if not reverted, imported again or changed since; 422 if a balance would not allow it)',
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE', 'INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED'],
    })
    .input(importBatchIdInput)
    .output(importUndoRevertOutput)
    .mutation(
      bookMutation(
        (db, actor, input: { id: string }) => undoRevertImport(db, actor, input.id),
        'Import restored',
      ),
    ),
});
