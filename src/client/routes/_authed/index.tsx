import { createFileRoute } from '@tanstack/react-router';
import {
  AccountsOverviewCard,
  QUICK_ACTION_CLASS,
} from '../../features/accounts/accounts-overview-card.js';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { prefetchDashboardFigures } from '../../features/analytics/api.js';
import { MonthSpendingCard } from '../../features/analytics/month-spending-card.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';
import { prefetchRecentTransactions, useRecentTransactions } from '../../features/ledger/api.js';
import { RecentTransactionsCard } from '../../features/ledger/recent-transactions-card.js';
import { TransferButton } from '../../features/transfers/transfer-button.js';

function DashboardRoute() {
  const accounts = useAccounts();
  const recent = useRecentTransactions();
  return (
    <DashboardPage
      loading={accounts.isPending || recent.isPending}
      accountsCard={
        <AccountsOverviewCard
          send={(icon) => (
            <TransferButton size="sm" className={QUICK_ACTION_CLASS}>
              {icon}
              Send
            </TransferButton>
          )}
        />
      }
      recentTransactionsCard={<RecentTransactionsCard />}
      spendingCard={<MonthSpendingCard />}
    />
  );
}

export const Route = createFileRoute('/_authed/')({
  staticData: { title: 'Dashboard' },
  // Every request starts as soon as the route matches, while the dashboard's code is on its way.
  loader: ({ context }) => {
    prefetchAccounts(context.trpc);
    prefetchRecentTransactions(context.trpc);
    prefetchDashboardFigures(context.trpc);
  },
  component: DashboardRoute,
});
