import { createFileRoute } from '@tanstack/react-router';
import { AllAccountsPage } from '../../../features/accounts/all-accounts-page.js';
import { prefetchAccounts } from '../../../features/accounts/api.js';

export const Route = createFileRoute('/_authed/accounts/all')({
  staticData: { title: 'All Accounts', breadcrumb: 'All Accounts' },
  loader: ({ context }) => prefetchAccounts(context.trpc),
  component: AllAccountsPage,
});
