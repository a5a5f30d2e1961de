import { protectedProcedure, router } from '../../../trpc/init.js';
import { ok } from '../../../trpc/envelope.js';
import { idempotencyHeaders } from '../../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../../trpc/book-mutation.js';
import {
  createTransferInput,
  deleteTransferInput,
  transferIdInput,
  transferMutationOutput,
  transferOutput,
  updateTransferInput,
} from '../../../../shared/schemas/transfer.js';
import { createTransfer, deleteTransfer, getTransfer, updateTransfer } from './transfer-service.js';

// Transfers between two accounts of the book, in one currency or two (docs/ledger.md#transfers).

const tags = ['Transfers'];

export const transferRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/transfers',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Move money between two of your accounts; between two currencies send both amounts, amount (sent) and receivedAmount, and the rate they imply is recorded (422 "Insufficient funds" beyond what the source has)',
      },
      refusals: ['INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED'],
    })
    .input(createTransferInput)
    .output(transferMutationOutput)
    .mutation(bookMutation(createTransfer, 'Transfer successful')),

  get: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/api/transfers/{id}', tags, summary: 'One transfer' },
    })
    .input(transferIdInput)
    .output(transferOutput)
    .query(async ({ ctx, input }) => ok(await getTransfer(ctx.database.db, ctx.bookId, input.id))),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/transfers/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Change a transfer (either amount, date, description or either account, each amount checked in its account's currency); both legs move together and the recorded rate follows",
      },
      refusals: [
        'CONFLICT',
        'RECONCILED_ENTRY',
        'INSUFFICIENT_FUNDS',
        'BALANCE_LIMIT_EXCEEDED',
        'UNPROCESSABLE',
      ],
    })
    .input(updateTransferInput)
    .output(transferMutationOutput)
    .mutation(bookMutation(updateTransfer, 'Transfer updated successfully')),

  delete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/transfers/{id}',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Delete a transfer (both legs); undo the returned change to restore it',
      },
      refusals: ['CONFLICT', 'RECONCILED_ENTRY', 'INSUFFICIENT_FUNDS', 'UNPROCESSABLE'],
    })
    .input(deleteTransferInput)
    .output(transferMutationOutput)
    .mutation(bookMutation(deleteTransfer, 'Transfer deleted successfully')),
});
