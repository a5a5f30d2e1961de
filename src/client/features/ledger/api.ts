import type { Transaction } from '../../../shared/schemas/ledger.js';
import type { AccountLedgerPage } from '../../../shared/schemas/ledger-query.js';
import { trpc, type TrpcUtils } from '../../lib/trpc.js';

/** The ledger's data: the latest entries across accounts, and one account's pages. */

/** A transfer is one row "Checking → Savings" among every account's entries. */
const RECENT = { limit: 5, transfers: 'one' as const };
const PAGE_SIZE = 10;

interface LedgerPage {
  data: { items: Transaction[] };
}

const items = (page: LedgerPage) => page.data.items;
const ledgerInput = (id: string) => ({ id, limit: PAGE_SIZE });

interface AccountPage {
  data: AccountLedgerPage;
}
const accountNextCursor = (page: AccountPage) => page.data.nextCursor ?? undefined;
const allAccountItems = (data: { pages: AccountPage[] }) =>
  data.pages.flatMap((page) => page.data.items);

/** The five latest entries across all accounts (the dashboard's card). */
export function useRecentTransactions() {
  return trpc.transaction.list.useQuery(RECENT, { select: items });
}

export function prefetchRecentTransactions(utils: TrpcUtils): void {
  void utils.transaction.list.prefetch(RECENT);
}

/**
 * One account's entries, newest first, a page at a time, each with the balance after it (the
 * server's figure, docs/ledger.md#running-balance); `data` holds every page loaded.
 */
export function useAccountLedger(accountId: string) {
  return trpc.account.transactions.useInfiniteQuery(ledgerInput(accountId), {
    getNextPageParam: accountNextCursor,
    select: allAccountItems,
  });
}

/** The first page, so the account page can ask for it together with the account. */
export function prefetchAccountLedger(utils: TrpcUtils, accountId: string): void {
  void utils.account.transactions.prefetchInfinite(ledgerInput(accountId));
}

/** Module-level, so the query keeps one select (a new one each render re-renders forever). */
const namesById = (answer: { data: { id: string; title: string }[] }) =>
  new Map(answer.data.map((account) => [account.id, account.title]));

/** The book's accounts by id, for a transfer's label (the account list's query, shared). */
export function useAccountNames() {
  return trpc.account.list.useQuery({}, { select: namesById });
}
