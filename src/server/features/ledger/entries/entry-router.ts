import { protectedProcedure, router } from '../../../trpc/init.js';
import { ok } from '../../../trpc/envelope.js';
import { idempotencyHeaders } from '../../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../../trpc/book-mutation.js';
import {
  bulkCategorizeInput,
  bulkDeleteInput,
  changeOutput,
  createEntryInput,
  deleteEntryInput,
  entryCreatedOutput,
  entryDetailOutput,
  entryIdInput,
  entryMutationOutput,
  updateEntryInput,
} from '../../../../shared/schemas/entry.js';
import {
  bulkCategorizeEntries,
  bulkDeleteEntries,
  createEntry,
  deleteEntry,
  getEntry,
  updateEntry,
} from './entry-service.js';

// Any entry of the ledger (docs/ledger.md#entries). The list, GET /api/transactions, is the
// transaction router's; these are the routes of one entry and of bulk changes.

const tags = ['Transactions'];

export const entryRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/transactions',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Record a deposit, withdrawal or expense, optionally split into lines that add up to its amount',
      },
      refusals: ['INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED', 'UNPROCESSABLE'],
    })
    .input(createEntryInput)
    .output(entryCreatedOutput)
    .mutation(bookMutation(createEntry, 'Transaction created successfully')),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/transactions/{id}',
        tags,
        summary: 'One transaction with its whole history, oldest change first',
      },
    })
    .input(entryIdInput)
    .output(entryDetailOutput)
    .query(async ({ ctx, input }) => ok(await getEntry(ctx.database.db, ctx.bookId, input.id))),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/transactions/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Change any field of a transaction; every balance it touches moves in the same transaction (409 if expectedVersion is not the current one)',
      },
      refusals: [
        'CONFLICT',
        'RECONCILED_ENTRY',
        'INSUFFICIENT_FUNDS',
        'BALANCE_LIMIT_EXCEEDED',
        'UNPROCESSABLE',
        'TRANSFER_ENTRY',
      ],
    })
    .input(updateEntryInput)
    .output(entryMutationOutput)
    .mutation(bookMutation(updateEntry, 'Transaction updated successfully')),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/transactions/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Delete a transaction: its balance effect is reversed; undo the returned change to restore it',
      },
      refusals: [
        'CONFLICT',
        'RECONCILED_ENTRY',
        'INSUFFICIENT_FUNDS',
        'UNPROCESSABLE',
        'TRANSFER_ENTRY',
      ],
    })
    .input(deleteEntryInput)
    .output(changeOutput)
    .mutation(bookMutation(deleteEntry, 'Transaction deleted successfully')),

  bulkCategorize: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/transactions/bulk-categorize',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Give many transactions one category, as one change (undoable as one)',
      },
      refusals: ['UNPROCESSABLE', 'TRANSFER_ENTRY'],
    })
    .input(bulkCategorizeInput)
    .output(changeOutput)
    .mutation(bookMutation(bulkCategorizeEntries, 'Transactions updated successfully')),

  bulkDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/transactions/bulk-delete',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete many transactions as one change (undoable as one)',
      },
      refusals: ['RECONCILED_ENTRY', 'INSUFFICIENT_FUNDS', 'UNPROCESSABLE', 'TRANSFER_ENTRY'],
    })
    .input(bulkDeleteInput)
    .output(changeOutput)
    .mutation(bookMutation(bulkDeleteEntries, 'Transactions deleted successfully')),
});
