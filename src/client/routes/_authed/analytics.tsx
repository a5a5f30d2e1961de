import { createFileRoute, useRouter } from '@tanstack/react-router';
import { prefetchAccounts, useAccounts } from '../../features/accounts/api.js';
import { prefetchAnalytics } from '../../features/analytics/api.js';
import { AnalyticsPage } from '../../features/analytics/analytics-page.js';
import { parseAnalyticsSearch, resolvePeriod } from '../../features/analytics/period.js';
import { useAuthStore } from '../../features/auth/auth-store.js';
import { downloadWithSession } from '../../lib/download.js';

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const accounts = useAccounts();
  return (
    <AnalyticsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      accounts={(accounts.data ?? []).map((a) => ({ id: a.id, title: a.title }))}
      // The Transactions page is its own route (built with the ledger's search); a history push
      // keeps this a client-side move whichever routes exist.
      onOpen={(href) => router.history.push(href)}
      onDownloadCsv={(query) =>
        downloadWithSession(
          `/api/transactions/export.csv?${query}`,
          useAuthStore.getState().token,
          'transactions.csv',
        )
      }
    />
  );
}

export const Route = createFileRoute('/_authed/analytics')({
  staticData: { title: 'Analytics', breadcrumb: 'Analytics' },
  validateSearch: parseAnalyticsSearch,
  loaderDeps: ({ search }) => search,
  // Every chart's request starts when the route matches, while the charts' code downloads.
  loader: ({ context, deps }) => {
    const period = resolvePeriod(deps, new Date());
    prefetchAccounts(context.trpc);
    prefetchAnalytics(context.trpc, {
      from: period.from,
      to: period.to,
      ...(deps.accountId && { accountId: deps.accountId }),
    });
  },
  component: AnalyticsRoute,
});
