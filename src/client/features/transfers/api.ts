import { useMutation } from '@tanstack/react-query';
import type { CreateTransferInput, UpdateTransferInput } from '../../../shared/schemas/transfer.js';
import { unwrap } from '../../lib/envelope.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * Transfers between two accounts of the book (POST /api/transfers, PATCH /api/transfers/{id}),
 * and the accounts to pick.
 */

const ALL = {};

export function useTransferAccounts() {
  return trpc.account.list.useQuery(ALL, { select: unwrap });
}

/** Both balances and every list move: the money views are refreshed together. */
export function useCreateTransfer() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: CreateTransferInput & { idempotencyKey: string }) =>
      utils.client.transfer.create.mutate(input, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => invalidateMoneyViews(utils),
    ...RETRY_UNANSWERED,
  });
}

/**
 * An edit of both legs (PATCH /api/transfers/{id}); answers the recorded change for the toast's
 * Undo. The entries' details and history are refreshed with the money views.
 */
export function useUpdateTransfer() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: UpdateTransferInput & { idempotencyKey: string }) =>
      utils.client.transfer.update.mutate(input, withIdempotencyKey(idempotencyKey)).then(unwrap),
    onSuccess: () => Promise.all([invalidateMoneyViews(utils), utils.entry.invalidate()]),
    ...RETRY_UNANSWERED,
  });
}
