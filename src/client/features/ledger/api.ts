import type { Transaction } from '../../../shared/schemas/ledger.js';
import { trpc, type TrpcUtils } from '../../lib/trpc.js';

/** The ledger's data: the latest entries across accounts, and one account's pages. */

const RECENT = { limit: 5 };
const PAGE_SIZE = 10;

interface LedgerPage {
  data: { items: Transaction[]; nextCursor: string | null };
}

const items = (page: LedgerPage) => page.data.items;
const nextCursor = (page: LedgerPage) => page.data.nextCursor ?? undefined;
const allItems = (data: { pages: LedgerPage[] }) => data.pages.flatMap(items);
const ledgerInput = (accountId: string) => ({ accountId, limit: PAGE_SIZE });

/** The five latest entries across all accounts (the dashboard's card). */
export function useRecentTransactions() {
  return trpc.transaction.list.useQuery(RECENT, { select: items });
}

export function prefetchRecentTransactions(utils: TrpcUtils): void {
  void utils.transaction.list.prefetch(RECENT);
}

/** One account's entries, newest first, a page at a time; `data` holds every page loaded. */
export function useAccountLedger(accountId: string) {
  return trpc.transaction.list.useInfiniteQuery(ledgerInput(accountId), {
    getNextPageParam: nextCursor,
    select: allItems,
  });
}

/** The first page, so the account page can ask for it together with the account. */
export function prefetchAccountLedger(utils: TrpcUtils, accountId: string): void {
  void utils.transaction.list.prefetchInfinite(ledgerInput(accountId));
}
