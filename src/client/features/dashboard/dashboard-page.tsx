import { AccountsOverviewCard } from './accounts-overview-card.js';
import { RecentTransactionsCard } from './recent-transactions-card.js';
import { UpcomingEventsCard } from './upcoming-events-card.js';

/** /: balances and recent activity from the API, plus sample upcoming events. */
export function DashboardPage() {
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
        <AccountsOverviewCard />
        <RecentTransactionsCard />
        <UpcomingEventsCard />
      </div>
    </section>
  );
}
