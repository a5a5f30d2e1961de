import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '../../../features/accounts/accounts-page.js';
import {
  parseAccountListSearch,
  searchOfView,
  viewOfSearch,
} from '../../../features/accounts/account-list-view.js';
import { prefetchAccounts } from '../../../features/accounts/api.js';

function AccountsRoute() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <AccountsPage
      view={viewOfSearch(search)}
      // Replaced, not pushed: typing a search is not a step Back should walk through.
      onViewChange={(view) => void navigate({ search: searchOfView(view), replace: true })}
    />
  );
}

export const Route = createFileRoute('/_authed/accounts/')({
  validateSearch: parseAccountListSearch,
  staticData: { title: 'Accounts' },
  loader: ({ context }) => prefetchAccounts(context.trpc),
  component: AccountsRoute,
});
