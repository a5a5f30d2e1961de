import { protectedProcedure, router } from '../../../trpc/init.js';
import { idempotencyHeaders } from '../../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../../trpc/book-mutation.js';
import { undoChangeInput, undoChangeOutput } from '../../../../shared/schemas/history.js';
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
      bookMutation(
        (db, actor, input: { id: string }) => undoChange(db, actor, input.id),
        'Change undone',
      ),
    ),
});
