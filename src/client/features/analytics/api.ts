import { trpc, type TrpcUtils } from '../../lib/trpc.js';
import { unwrap } from '../../lib/envelope.js';

/** The analytics page's figures and the dashboard's, one procedure per chart. */

export interface PeriodQuery {
  from: string;
  to: string;
  accountId?: string;
}

const periodInput = (q: PeriodQuery) => ({
  from: q.from,
  to: q.to,
  ...(q.accountId && { accountId: q.accountId }),
});
const accountInput = (accountId?: string) => (accountId ? { accountId } : {});

export const useSpendingByCategory = (q: PeriodQuery) =>
  trpc.analytics.spendingByCategory.useQuery(periodInput(q), { select: unwrap });
export const useIncomeVsSpending = (accountId?: string) =>
  trpc.analytics.incomeVsSpending.useQuery(accountInput(accountId), { select: unwrap });
export const useBalanceOverTime = (q: PeriodQuery) =>
  trpc.analytics.balanceOverTime.useQuery(periodInput(q), { select: unwrap });
export const useTopPayees = (q: PeriodQuery) =>
  trpc.analytics.topPayees.useQuery(periodInput(q), { select: unwrap });
export const useLargestEntries = (q: PeriodQuery) =>
  trpc.analytics.largestEntries.useQuery(periodInput(q), { select: unwrap });

/** Every chart's request at once, started by the route's loader. */
export function prefetchAnalytics(utils: TrpcUtils, q: PeriodQuery): void {
  void utils.analytics.spendingByCategory.prefetch(periodInput(q));
  void utils.analytics.incomeVsSpending.prefetch(accountInput(q.accountId));
  void utils.analytics.balanceOverTime.prefetch(periodInput(q));
  void utils.analytics.topPayees.prefetch(periodInput(q));
  void utils.analytics.largestEntries.prefetch(periodInput(q));
}

export const useDashboardFigures = () => trpc.analytics.dashboard.useQuery({}, { select: unwrap });
/** Net worth valued today (the book's), in the base currency (docs/analytics.md#net-worth). */
export const useNetWorth = () => trpc.analytics.netWorth.useQuery({}, { select: unwrap });
export function prefetchDashboardFigures(utils: TrpcUtils): void {
  void utils.analytics.dashboard.prefetch({});
  void utils.analytics.netWorth.prefetch({});
}

/** Plan against actual of the budget ('YYYY-MM' to 'YYYY-MM'; docs/budgets.md). */
export const useBudgetPlan = (months: { from: string; to: string }) =>
  trpc.budget.plan.useQuery({ from: months.from, to: months.to }, { select: unwrap });
