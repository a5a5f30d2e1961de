import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccounts } from '../../features/accounts/api.js';
import { prefetchTransactionSearch } from '../../features/transactions/transaction-list-query.js';
import {
  parseTransactionSearch,
  searchInput,
} from '../../features/transactions/transaction-search.js';
import { TransactionsPage } from '../../features/transactions/transactions-page.js';
import { TransferButton } from '../../features/transactions/entry-button.js';
import { ImportLink } from '../../features/import/import-link.js';
import { useAuthStore } from '../../features/auth/auth-store.js';
import { downloadWithSession } from '../../lib/download.js';
import { prefetchCategoryGroups } from '../../lib/categories.js';

function TransactionsRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <TransactionsPage
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
      onDownloadCsv={(query) =>
        downloadWithSession(
          `/api/transactions/export.csv${query ? `?${query}` : ''}`,
          useAuthStore.getState().token,
          'transactions.csv',
        )
      }
      transferAction={
        <>
          <TransferButton />
          <ImportLink asButton />
        </>
      }
    />
  );
}

export const Route = createFileRoute('/_authed/transactions')({
  validateSearch: parseTransactionSearch,
  staticData: { title: 'Transactions', breadcrumb: 'Transactions' },
  loaderDeps: ({ search }) => searchInput(search),
  // The first page, the accounts and the categories are asked for together.
  loader: ({ context, deps }) => {
    prefetchTransactionSearch(context.trpc, deps);
    prefetchAccounts(context.trpc);
    prefetchCategoryGroups(context.trpc);
  },
  component: TransactionsRoute,
});
