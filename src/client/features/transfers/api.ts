import { useMutation } from '@tanstack/react-query';
import type { CreateTransferInput } from '../../../shared/schemas/transfer.js';
import { unwrap } from '../../lib/envelope.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/** Transfers between two accounts of the book (POST /api/transfers), and the accounts to pick. */

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
