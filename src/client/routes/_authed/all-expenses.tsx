import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { prefetchAllExpenses } from '../../features/expenses/api.js';
import { AllExpensesPage } from '../../features/expenses/all-expenses-page.js';

function AllExpensesRoute() {
  return <AllExpensesPage accounts={useAccounts()} />;
}

export const Route = createFileRoute('/_authed/all-expenses')({
  staticData: { title: 'All Expenses', breadcrumb: 'All Expenses' },
  loader: ({ context }) => {
    prefetchAllExpenses(context.trpc);
    prefetchAccounts(context.trpc);
  },
  component: AllExpensesRoute,
});
