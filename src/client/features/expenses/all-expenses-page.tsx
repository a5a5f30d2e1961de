import type { Account } from '../../../shared/schemas/account.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { formatDate, formatExpense } from '../../lib/format.js';
import { trpc } from '../../lib/trpc.js';
import { expenseAccountTitle } from './expense-account-title.js';

function ExpensesTable({ expenses, accounts }: { expenses: Transaction[]; accounts: Account[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">All expenses</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Description
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Account
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {expenses.map((expense) => (
            <tr key={expense.id} data-testid="expense-row">
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(expense.createdAt)}</td>
              <td className="px-4 py-3">{expense.description || 'No description'}</td>
              <td className="px-4 py-3 text-muted-foreground">
                {expenseAccountTitle(expense.accountId, accounts)}
              </td>
              <td className="px-4 py-3 text-right text-destructive tabular-nums">
                {formatExpense(expense.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /all-expenses: every expense, with the account it was paid from. */
export function AllExpensesPage() {
  const expenses = trpc.expense.list.useQuery({});
  const accounts = trpc.account.list.useQuery({});

  function body() {
    if (expenses.isPending || accounts.isPending) return <PageSpinner label="Loading expenses" />;
    const failed = expenses.isError ? expenses : accounts.isError ? accounts : null;
    if (failed) {
      return <QueryError query={failed} fallback="Could not load your expenses." />;
    }
    if (!expenses.data || expenses.data.data.length === 0) {
      return (
        <Card>
          <p className="text-center text-muted-foreground">No expenses found.</p>
        </Card>
      );
    }
    return <ExpensesTable expenses={expenses.data.data} accounts={accounts.data?.data ?? []} />;
  }

  return (
    <section aria-labelledby="all-expenses-heading" className="space-y-6">
      <h1 id="all-expenses-heading" className="text-2xl font-bold">
        All Expenses
      </h1>
      {body()}
    </section>
  );
}
