import { PageSpinner } from '../../components/page-spinner.js';
import { AccountsOverviewCard } from './accounts-overview-card.js';
import { useDashboardAccounts, useRecentTransactions } from './dashboard-queries.js';
import { RecentTransactionsCard } from './recent-transactions-card.js';
import { UpcomingEventsCard } from './upcoming-events-card.js';

/**
 * /: balances and recent activity from the API, plus sample upcoming events. The cards appear
 * together once both requests have settled (each card still shows its own error): a card that
 * grew from a spinner to its list would push the cards stacked under it on a phone.
 */
export function DashboardPage() {
  const accounts = useDashboardAccounts();
  const recent = useRecentTransactions();
  const loading = accounts.isPending || recent.isPending;
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      {loading ? (
        <PageSpinner label="Loading your dashboard" />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
          <AccountsOverviewCard />
          <RecentTransactionsCard />
          <UpcomingEventsCard />
        </div>
      )}
    </section>
  );
}
