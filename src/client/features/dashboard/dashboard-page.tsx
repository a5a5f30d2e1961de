import type { ReactNode } from 'react';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { UpcomingEventsCard } from './upcoming-events-card.js';

/**
 * /: balances, this month's spending and recent activity from the API (the cards the route
 * hands in), plus sample
 * upcoming events. The cards appear together once both requests have settled (each card still
 * shows its own error): a card that grew from a spinner to its list would push the cards
 * stacked under it on a phone.
 */
export function DashboardPage(props: {
  /** Either card's data is still loading. */
  loading: boolean;
  accountsCard: ReactNode;
  recentTransactionsCard: ReactNode;
  /** This month's spending against last month's, by category. */
  spendingCard: ReactNode;
}) {
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      {props.loading ? (
        <PageSpinner label="Loading your dashboard" />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
          {props.accountsCard}
          {props.spendingCard}
          {props.recentTransactionsCard}
          <UpcomingEventsCard />
        </div>
      )}
    </section>
  );
}
