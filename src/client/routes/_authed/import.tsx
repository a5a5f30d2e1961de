import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { ImportPage } from '../../features/import/import-page.js';

/** ?accountId= preselects the account (the account page links here with it). */
function ImportRoute() {
  const { accountId } = Route.useSearch();
  return <ImportPage accounts={useAccounts().data} accountId={accountId} />;
}

export const Route = createFileRoute('/_authed/import')({
  staticData: { title: 'Import', breadcrumb: 'Import' },
  validateSearch: (search: Record<string, unknown>): { accountId?: string } =>
    typeof search.accountId === 'string' ? { accountId: search.accountId } : {},
  loader: ({ context }) => prefetchAccounts(context.trpc),
  component: ImportRoute,
});
