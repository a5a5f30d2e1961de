import type { Account } from '../../../shared/schemas/account.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { ExpensesHeading } from './expenses-heading.js';
import { ExpenseList } from './expense-list.js';
import { ExpensesSubtitle } from './expenses-subtitle.js';
import { LoadMore } from './load-more.js';
import { useExpenses } from './use-expenses.js';

/**
 * /expenses: the default account's expenses (or all of them), and a way to add one. `accounts`
 * (undefined while loading) names the default account.
 */
export function ExpensesPage({ accounts }: { accounts: Account[] | undefined }) {
  const { query, scope, defaultAccountId } = useExpenses();
  const defaultTitle = accounts?.find((account) => account.id === defaultAccountId)?.title;

  function body() {
    if (query.isPending) return <PageSpinner label="Loading expenses" />;
    if (query.isError) {
      return <QueryError query={query} fallback="Could not load your expenses." />;
    }
    // The rows name each expense's account, so they wait for the accounts too.
    if (!accounts) return <PageSpinner label="Loading expenses" />;
    return (
      <>
        <ExpenseList expenses={query.data} accounts={accounts} />
        <LoadMore query={query} label="Load more expenses" />
      </>
    );
  }

  return (
    <section aria-labelledby="expenses-heading" className="mx-auto max-w-4xl space-y-6">
      <ExpensesHeading
        id="expenses-heading"
        title="Expenses"
        subtitle={<ExpensesSubtitle scope={scope} title={defaultTitle} />}
        initialAccountId={scope === 'default-account' ? defaultAccountId : null}
      />
      <Card>{body()}</Card>
    </section>
  );
}
