import { useMutation } from '@tanstack/react-query';
import type { CreateExpenseInput, Transaction } from '../../../shared/schemas/ledger.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey, type TrpcUtils } from '../../lib/trpc.js';

/**
 * The expenses' data: every expense, one account's, and recording a new one. The lists come one
 * page at a time (the server's default page size, EXPENSE_PAGE_DEFAULT); the next is asked with
 * the last page's nextCursor as the person scrolls (load-more.tsx). Invalidating `expense`
 * refetches every loaded page.
 */

const ALL = {};

type ExpensePage = { data: Transaction[]; nextCursor: string | null };

const nextCursorOf = (page: ExpensePage) => page.nextCursor ?? undefined;
const rowsOf = (pages: { pages: ExpensePage[] }) => pages.pages.flatMap((page) => page.data);

export function useAllExpenses(options: { enabled: boolean } = { enabled: true }) {
  return trpc.expense.list.useInfiniteQuery(ALL, {
    ...options,
    getNextPageParam: nextCursorOf,
    select: rowsOf,
  });
}

/** One account's expenses; nothing is asked while no account is given. */
export function useAccountExpenses(accountId: string | null) {
  return trpc.expense.byAccount.useInfiniteQuery(
    { accountId: accountId ?? '' },
    { enabled: Boolean(accountId), getNextPageParam: nextCursorOf, select: rowsOf },
  );
}

export function prefetchAllExpenses(utils: TrpcUtils): void {
  // The first page only; later ones come as the person scrolls.
  void utils.expense.list.prefetchInfinite(ALL);
}

/** What /expenses shows first: the default account's expenses when one is set, else all. */
export function prefetchExpenses(utils: TrpcUtils, defaultAccountId: string | null): void {
  if (defaultAccountId) {
    void utils.expense.byAccount.prefetchInfinite({ accountId: defaultAccountId });
  } else prefetchAllExpenses(utils);
}

/**
 * An expense paid from an account changes its balance too: every money view is refreshed. It
 * carries its submission's Idempotency-Key, and one that got no answer is retried with it.
 */
export function useCreateExpense() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: CreateExpenseInput & { idempotencyKey: string }) =>
      utils.client.expense.create.mutate(input, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => void invalidateMoneyViews(utils),
    ...RETRY_UNANSWERED,
  });
}
