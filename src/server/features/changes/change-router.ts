import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { undoChangeInput, undoChangeOutput } from '../../../shared/schemas/history.js';
import { undoChange } from './undo-service.js';

// The changes recorded in the ledger's history (docs/ledger.md#history-and-undo).

export const changeRouter = router({
  undo: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/changes/{id}/undo',
        requestHeaders: idempotencyHeaders,
        tags: ['Transactions'],
        summary:
          'Undo a change: every entry it touched goes back to its state before it (409 if already undone or changed since, 422 if a balance would not allow it)',
      },
      refusals: ['CONFLICT', 'INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED', 'UNPROCESSABLE'],
    })
    .input(undoChangeInput)
    .output(undoChangeOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await undoChange(db, { bookId: ctx.bookId, actorId: ctx.user.id }, input.id),
          'Change undone',
        ),
      ),
    ),
});
