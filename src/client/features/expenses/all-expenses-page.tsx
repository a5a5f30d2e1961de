import { ExpensesHeading } from './expenses-heading.js';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Account } from '../../../shared/schemas/account.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Card } from '../../components/ui/card.js';
import { Money } from '../../components/ui/money.js';
import { CELL, STICKY_CELL, Table, type TableColumn } from '../../components/ui/table.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { formatCalendarDate, formatExpense } from '../../lib/format.js';
import { useAllExpenses } from './api.js';
import { ExpenseAccountLink } from './expense-account-link.js';
import { LoadMore } from './load-more.js';

const COLUMNS: TableColumn[] = [
  { label: 'Date' },
  { label: 'Description' },
  { label: 'Account' },
  { label: 'Amount', align: 'right', sticky: true },
];

function ExpensesTable({ expenses, accounts }: { expenses: Transaction[]; accounts: Account[] }) {
  return (
    <Table caption="Every expense with its amount" columns={COLUMNS}>
      {expenses.map((expense) => (
        <tr key={expense.id} data-testid="expense-row">
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={expense.occurredOn} data-testid="expense-date">
              {formatCalendarDate(expense.occurredOn)}
            </time>
          </td>
          <td className={`${CELL} max-w-xs min-w-40 [overflow-wrap:anywhere]`}>
            {expense.description || 'No description'}
          </td>
          <td className={`${CELL} min-w-32 text-muted-foreground`}>
            <ExpenseAccountLink accountId={expense.accountId} accounts={accounts} />
          </td>
          <td className={`${CELL} ${STICKY_CELL} text-right whitespace-nowrap text-destructive`}>
            <Money amount={expense.amount} text={formatExpense(expense.amount, expense.currency)} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * /all-expenses: every expense, with the account it was paid from. The route hands in the
 * accounts query: the page waits for it too, and says so when it fails.
 */
export function AllExpensesPage({ accounts }: { accounts: UseQueryResult<Account[], unknown> }) {
  const expenses = useAllExpenses();

  function body() {
    if (expenses.isPending || accounts.isPending) return <PageSpinner label="Loading expenses" />;
    const failed = expenses.isError ? expenses : accounts.isError ? accounts : null;
    if (failed) {
      return <QueryError query={failed} fallback="Could not load your expenses." />;
    }
    if (!expenses.data || expenses.data.length === 0) {
      return (
        <Card>
          <p className="text-center text-muted-foreground">No expenses found.</p>
        </Card>
      );
    }
    return (
      <>
        <ExpensesTable expenses={expenses.data} accounts={accounts.data ?? []} />
        <LoadMore query={expenses} label="Load more expenses" />
      </>
    );
  }

  return (
    <section aria-labelledby="all-expenses-heading" className="space-y-6">
      <ExpensesHeading id="all-expenses-heading" title="All Expenses" initialAccountId={null} />
      {body()}
    </section>
  );
}
