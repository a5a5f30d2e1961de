import { useMutation } from '@tanstack/react-query';
import type { SetClearedInput } from '../../../shared/schemas/reconciliation.js';
import { unwrap } from '../../lib/envelope.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * Reconciliation's data (docs/ledger.md#reconciliation): an entry's cleared mark, an account's
 * cleared balance against a statement, and finishing a reconciliation. Each write refreshes the
 * ledger views (the rows show their marks) and the summary.
 */

type Keyed<T> = T & { idempotencyKey: string };

async function refresh(utils: ReturnType<typeof trpc.useUtils>) {
  await Promise.all([
    invalidateMoneyViews(utils),
    utils.entry.invalidate(),
    utils.reconciliation.invalidate(),
  ]);
}

/** Marks an entry cleared or not: one click, one undoable change. */
export function useSetCleared() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: SetClearedInput) =>
      utils.client.reconciliation.setCleared
        .mutate(input, withIdempotencyKey(newIdempotencyKey()))
        .then(unwrap),
    onSuccess: () => refresh(utils),
    ...RETRY_UNANSWERED,
  });
}

/**
 * The cleared balance of an account on a statement's date against the statement's balance,
 * asked again as either is typed (the last answer stays on screen meanwhile).
 */
export function useReconciliationSummary(
  input: { id: string; statementOn: string; statementBalance: number } | null,
) {
  return trpc.reconciliation.summary.useQuery(
    input ?? { id: '', statementOn: '', statementBalance: 0 },
    { enabled: input !== null, select: unwrap, placeholderData: (previous) => previous },
  );
}

export function useFinishReconciliation() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      ...input
    }: Keyed<{ id: string; statementOn: string; statementBalance: number }>) =>
      utils.client.reconciliation.finish
        .mutate(input, withIdempotencyKey(idempotencyKey))
        .then(unwrap),
    onSuccess: () => refresh(utils),
    ...RETRY_UNANSWERED,
  });
}
