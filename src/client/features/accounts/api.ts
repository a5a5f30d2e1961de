import { useMutation } from '@tanstack/react-query';
import type { AccountFields, CreateAccountInput } from '../../../shared/schemas/account.js';
import { unwrap } from '../../lib/envelope.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey, type TrpcUtils } from '../../lib/trpc.js';

/**
 * The accounts' data: queries that return the data itself, the prefetches route loaders start,
 * and mutations that refresh what they change. Creating an account and moving money take the
 * Idempotency-Key of their form's submission (lib/use-submission.ts): a request that got no
 * answer is retried with it, and the server applies it at most once.
 */

const ALL = {};

/** A call that must apply at most once, with the key of the submission it belongs to. */
type Keyed<T> = T & { idempotencyKey: string };

/** Every account of the signed-in user, newest first. */
export function useAccounts() {
  return trpc.account.list.useQuery(ALL, { select: unwrap });
}

export function useAccount(id: string) {
  return trpc.account.get.useQuery({ id }, { select: unwrap });
}

/** Not awaited: a loader starts the request and lets the route render as soon as it can. */
export function prefetchAccounts(utils: TrpcUtils): void {
  void utils.account.list.prefetch(ALL);
}

export function prefetchAccount(utils: TrpcUtils, id: string): void {
  void utils.account.get.prefetch({ id });
}

export function useCreateAccount() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...fields }: Keyed<CreateAccountInput>) =>
      utils.client.account.create.mutate(fields, withIdempotencyKey(idempotencyKey)),
    // Adding an account changes the list; an opening balance is an entry of the ledger too.
    onSuccess: (_answer, input) =>
      void (input.openingBalance ? invalidateMoneyViews(utils) : utils.account.invalidate()),
    ...RETRY_UNANSWERED,
  });
}

/** An edit carries its submission's Idempotency-Key too, and is retried with it when unanswered. */
export function useUpdateAccount() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      ...input
    }: Keyed<AccountFields & { id: string; currency?: string | undefined }>) =>
      utils.client.account.update.mutate(input, withIdempotencyKey(idempotencyKey)),
    // Whether it is on the budget, and its currency, change the budget's figures too.
    onSuccess: () => void Promise.all([utils.account.invalidate(), utils.budget.invalidate()]),
    ...RETRY_UNANSWERED,
  });
}

/**
 * Deleting hides the account and its balance everywhere. Its own page is still on screen until
 * the caller leaves it, so nothing is refetched now (that would only fetch 404s): every view is
 * marked stale and refetched when it is next shown.
 */
export function useDeleteAccount() {
  const utils = trpc.useUtils();
  return useMutation({
    // With a key, a retry whose first answer was lost replays the success instead of a 404.
    mutationFn: ({ idempotencyKey, id }: Keyed<{ id: string }>) =>
      utils.client.account.delete.mutate({ id }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => void invalidateMoneyViews(utils, { refetchType: 'none' }),
    ...RETRY_UNANSWERED,
  });
}
