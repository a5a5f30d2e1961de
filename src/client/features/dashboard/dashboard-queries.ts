import { trpc, type TrpcUtils } from '../../lib/trpc.js';

/** The dashboard's API data: shared by its cards and by the route loader that prefetches it. */
const ACCOUNTS_INPUT = {};
const RECENT_INPUT = { limit: 5 };

export const useDashboardAccounts = () => trpc.account.list.useQuery(ACCOUNTS_INPUT);
export const useRecentTransactions = () => trpc.transaction.list.useQuery(RECENT_INPUT);

/**
 * Starts both requests as soon as the route matches, while the dashboard's code is still on its
 * way, instead of after it has rendered. Not awaited: the route renders as soon as it can.
 */
export function prefetchDashboard(utils: TrpcUtils): void {
  void utils.account.list.prefetch(ACCOUNTS_INPUT);
  void utils.transaction.list.prefetch(RECENT_INPUT);
}
