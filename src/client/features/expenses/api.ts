import type { Transaction } from '../../../shared/schemas/ledger.js';
import { trpc, type TrpcUtils } from '../../lib/trpc.js';

/**
 * The expenses' data: every expense and one account's (a new one is recorded by the one entry form, features/transactions). The lists come one
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
