import type { BudgetMonth } from '../../../shared/schemas/budget.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import type { DisplayCurrency } from '../../lib/format.js';
import { ActionRow } from './action-row.js';
import { useBudgetHistory } from './budget-mutations.js';
import { budgetPlaces } from './card-envelopes.js';
import { useUndo } from './use-undo.js';

/** The month's budget log, newest first, 50 at a time, each row with Undo while it counts. */
export function HistoryCard({
  budget,
  currency,
  monthName,
  myEmail,
}: {
  budget: BudgetMonth;
  currency: DisplayCurrency;
  monthName: string;
  myEmail: string | undefined;
}) {
  const history = useBudgetHistory(budget.month);
  const { undo, pending } = useUndo();
  // Card payment envelopes are places too: the log names them by their card's account id.
  const names = new Map(budgetPlaces(budget, currency).map((c) => [c.categoryId, c.name]));
  return (
    <Card>
      <section aria-labelledby="budget-history">
        <CardTitle id="budget-history">History</CardTitle>
        <p className="text-sm text-muted-foreground">
          Every change to the budget of {monthName}, newest first.
        </p>
        {history.isPending ? (
          <PageSpinner label="Loading the history" />
        ) : history.isError ? (
          <QueryError query={history} fallback="Could not load the history" />
        ) : history.data.length === 0 ? (
          <p className="mt-3 text-sm">No changes yet this month.</p>
        ) : (
          <>
            <ul className="mt-2 divide-y divide-border text-sm">
              {history.data.map((action) => (
                <ActionRow
                  key={action.id}
                  action={action}
                  names={names}
                  currency={currency}
                  myEmail={myEmail}
                  onUndo={undo}
                  undoing={pending}
                />
              ))}
            </ul>
            {history.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                disabled={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
