import { useAccount } from './api.js';

/** The header's crumb for /accounts/{id}: the account's title once known. */
export function AccountBreadcrumb({ params }: { params: Record<string, string> }) {
  const account = useAccount(params.accountId ?? '');
  return <>{account.data?.title ?? 'Account'}</>;
}
