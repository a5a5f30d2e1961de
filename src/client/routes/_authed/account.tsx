import { createFileRoute } from '@tanstack/react-router';
import { prefetchAccount } from '../../features/accounts/api.js';
import { DefaultAccountPage } from '../../features/accounts/default-account-page.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';

export const Route = createFileRoute('/_authed/account')({
  staticData: { title: 'Default Account', breadcrumb: 'Default Account' },
  loader: ({ context }) => {
    const id = useDefaultAccountStore.getState().defaultAccountId;
    if (id) prefetchAccount(context.trpc, id);
  },
  component: DefaultAccountPage,
});
