import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { isFirstRun, type FirstRunFacts } from './first-run.js';
import { UpcomingEventsCard } from './upcoming-events-card.js';

// Only a new person sees the guide: its code is fetched when it shows, not on every first load
// of / (docs/client.md#chunks-and-the-first-load-budget).
const FirstRunGuide = lazy(() =>
  import('./first-run-guide.js').then((module) => ({ default: module.FirstRunGuide })),
);

/**
 * /: balances, this month's spending and recent activity from the API (the cards the route
 * hands in), and the person's goals. The cards appear together once both requests have
 * settled (each card still shows its own error): a card that grew from a spinner to its list
 * would push the cards stacked under it on a phone. A new person gets the first-run guide above
 * them.
 */
export function DashboardPage(props: {
  /** Either card's data is still loading. */
  loading: boolean;
  accountsCard: ReactNode;
  recentTransactionsCard: ReactNode;
  /** This month's spending against last month's, by category. */
  spendingCard: ReactNode;
  /** Net worth in the base currency (shown once the book has accounts in other currencies). */
  netWorthCard?: ReactNode;
  /** What the person has, for the first-run guide; undefined while unknown (an error). */
  firstRun: FirstRunFacts | undefined;
  /** The guide's buttons, from other features: Add Account and Add Expense with their dialogs. */
  createAccount: ReactNode;
  addExpense: ReactNode;
}) {
  const guiding = !props.loading && isFirstRun(props.firstRun);
  const finished = useFinished(guiding);
  const heading = useRef<HTMLHeadingElement>(null);

  // The step just done took its button away with the guide: focus goes to the heading, not to
  // nowhere.
  useEffect(() => {
    if (finished && document.activeElement === document.body) heading.current?.focus();
  }, [finished]);

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-6">
      <h1
        ref={heading}
        id="dashboard-heading"
        tabIndex={-1}
        className="text-2xl font-bold outline-none"
      >
        Dashboard
      </h1>
      <p role="status" className={finished ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {finished ? 'You are set up: your accounts and entries are below.' : ''}
      </p>
      {props.loading ? (
        <PageSpinner label="Loading your dashboard" />
      ) : (
        // While the guide's code is on its way the spinner stays, so the cards never appear first
        // and then move down under it.
        <Suspense fallback={<PageSpinner label="Loading your dashboard" />}>
          {guiding && props.firstRun && (
            <FirstRunGuide
              facts={props.firstRun}
              createAccount={props.createAccount}
              addExpense={props.addExpense}
            />
          )}
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
            {props.accountsCard}
            {props.netWorthCard}
            {props.spendingCard}
            {props.recentTransactionsCard}
            <UpcomingEventsCard />
          </div>
        </Suspense>
      )}
    </section>
  );
}

/** True once the guide, shown on this visit, has gone because every step is done. */
function useFinished(guiding: boolean): boolean {
  const [shown, setShown] = useState(guiding);
  if (guiding && !shown) setShown(true);
  return shown && !guiding;
}
