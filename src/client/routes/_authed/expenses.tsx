import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { prefetchExpenses } from '../../features/expenses/api.js';
import { ExpensesPage } from '../../features/expenses/expenses-page.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';

function ExpensesRoute() {
  return <ExpensesPage accounts={useAccounts().data} />;
}

export const Route = createFileRoute('/_authed/expenses')({
  staticData: { title: 'Expenses', breadcrumb: 'Expenses' },
  loader: ({ context }) => {
    prefetchExpenses(context.trpc, useDefaultAccountStore.getState().defaultAccountId);
    prefetchAccounts(context.trpc);
  },
  component: ExpensesRoute,
});
