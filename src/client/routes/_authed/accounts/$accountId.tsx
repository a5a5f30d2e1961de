import { createFileRoute } from '@tanstack/react-router';
import { AccountDetailsPage } from '../../../features/accounts/account-details-page.js';

function AccountDetailsRoute() {
  const { accountId } = Route.useParams();
  // A new id is a new page: no dialog or menu state carries over between accounts.
  return <AccountDetailsPage key={accountId} accountId={accountId} />;
}

export const Route = createFileRoute('/_authed/accounts/$accountId')({
  component: AccountDetailsRoute,
});
