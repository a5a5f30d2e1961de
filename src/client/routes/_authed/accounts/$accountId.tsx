import { createFileRoute } from '@tanstack/react-router';
import { AccountBreadcrumb } from '../../../features/accounts/account-breadcrumb.js';
import { AccountDetailsPage } from '../../../features/accounts/account-details-page.js';
import { prefetchAccount } from '../../../features/accounts/api.js';
import { AccountLedger } from '../../../features/ledger/account-ledger.js';
import { prefetchAccountLedger } from '../../../features/ledger/api.js';
import { ImportLink } from '../../../features/import/import-link.js';

function AccountDetailsRoute() {
  const { accountId } = Route.useParams();
  // A new id is a new page: no dialog or menu state carries over between accounts.
  return (
    <AccountDetailsPage
      key={accountId}
      accountId={accountId}
      ledger={
        <>
          <ImportLink accountId={accountId} />
          <AccountLedger accountId={accountId} />
        </>
      }
    />
  );
}

export const Route = createFileRoute('/_authed/accounts/$accountId')({
  staticData: { title: 'Account Details', breadcrumb: AccountBreadcrumb },
  // The account and the first page of its ledger are asked for together, not one after the other.
  loader: ({ context, params }) => {
    prefetchAccount(context.trpc, params.accountId);
    prefetchAccountLedger(context.trpc, params.accountId);
  },
  component: AccountDetailsRoute,
});
