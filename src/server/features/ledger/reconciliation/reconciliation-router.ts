import { protectedProcedure, router } from '../../../trpc/init.js';
import { ok } from '../../../trpc/envelope.js';
import { idempotencyHeaders } from '../../../trpc/idempotent-mutation.js';
import { bookMutation } from '../../../trpc/book-mutation.js';
import {
  finishReconciliationInput,
  finishReconciliationOutput,
  reconciliationSummaryInput,
  reconciliationSummaryOutput,
  setClearedInput,
  setClearedOutput,
} from '../../../../shared/schemas/reconciliation.js';
import { unitsToMinorUnits } from '../../../../shared/currency-money.js';
import { signedAmountText } from '../../../../shared/currency-amounts.js';

import {
  finishReconciliation,
  reconciliationSummary,
  setEntryCleared,
} from './reconciliation-service.js';

/** The statement balance as the success message writes it, in the account's currency. */
const statementText = (r: { statementBalance: number; currency: string }) =>
  signedAmountText(unitsToMinorUnits(r.statementBalance, r.currency), r.currency);

// Reconciliation (docs/ledger.md#reconciliation): cleared entries, an account against a
// statement, and finishing a reconciliation that locks its entries against silent edits.

const tags = ['Reconciliation'];

export const reconciliationRouter = router({
  setCleared: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/api/transactions/{id}/cleared',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          'Mark a transaction cleared (seen on a statement) or not, as one undoable change; un-clearing a reconciled one needs confirmReconciled',
      },
      refusals: ['RECONCILED_ENTRY', 'UNPROCESSABLE'],
    })
    .input(setClearedInput)
    .output(setClearedOutput)
    .mutation(
      bookMutation(setEntryCleared, (data) =>
        data.transaction.cleared === 'uncleared'
          ? 'Transaction marked not cleared'
          : 'Transaction marked cleared',
      ),
    ),

  summary: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/account/{id}/reconciliation',
        tags,
        summary:
          "An account against a statement: the cleared balance on the statement's date, the statement's balance and the difference",
      },
    })
    .input(reconciliationSummaryInput)
    .output(reconciliationSummaryOutput)
    .query(async ({ ctx, input }) =>
      ok(await reconciliationSummary(ctx.database.db, ctx.bookId, input)),
    ),

  finish: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/account/{id}/reconcile',
        requestHeaders: idempotencyHeaders,
        tags,
        summary:
          "Finish a reconciliation: only at a difference of 0.00 (409 naming it otherwise); the cleared entries up to the statement's date become reconciled, as one undoable change",
      },
      refusals: ['CONFLICT', 'UNPROCESSABLE'],
    })
    .input(finishReconciliationInput)
    .output(finishReconciliationOutput)
    .mutation(
      bookMutation(
        finishReconciliation,
        (data) =>
          `Reconciled at ${statementText(data.reconciliation)}: ` +
          `${data.count === 1 ? '1 entry' : `${data.count} entries`} locked`,
      ),
    ),
});
