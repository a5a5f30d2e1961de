import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { AddExpenseButton } from './add-expense-dialog.js';
import { ExpenseList } from './expense-list.js';
import { ExpensesSubtitle } from './expenses-subtitle.js';
import { useExpenses } from './use-expenses.js';

/** /expenses: the default account's expenses (or all of them), and a way to add one. */
export function ExpensesPage() {
  const { query, scope, defaultAccountId } = useExpenses();

  function body() {
    if (query.isPending) return <PageSpinner label="Loading expenses" />;
    if (query.isError) {
      return <QueryError query={query} fallback="Could not load your expenses." />;
    }
    return <ExpenseList expenses={query.data.data} />;
  }

  return (
    <section aria-labelledby="expenses-heading" className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 id="expenses-heading" className="text-2xl font-bold">
            Expenses
          </h1>
          <ExpensesSubtitle scope={scope} defaultAccountId={defaultAccountId} />
        </div>
        <AddExpenseButton
          initialAccountId={scope === 'default-account' ? defaultAccountId : null}
        />
      </div>
      <Card>{body()}</Card>
    </section>
  );
}
