import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { Card } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QueryError } from '../../components/query-error.js';
import { formatDate, formatMoney } from '../../lib/format.js';
import { trpc } from '../../lib/trpc.js';
import { AccountIcon, accountIconLabel } from './account-icon.js';

function AccountsTable({ accounts }: { accounts: Account[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">All accounts</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Description
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Icon
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Balance
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row" className="px-4 py-3 font-medium">
                <Link
                  to="/accounts/$accountId"
                  params={{ accountId: account.id }}
                  className="text-primary underline-offset-2 hover:underline"
                >
                  {account.title}
                </Link>
              </th>
              <td className="max-w-xs truncate px-4 py-3 text-muted-foreground">
                {account.description || 'No description'}
              </td>
              <td className="px-4 py-3">
                <span className="inline-flex items-center gap-2">
                  <AccountIcon icon={account.icon} color={account.color} className="h-7 w-7" />
                  {accountIconLabel(account.icon)}
                </span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(account.balance)}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(account.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /accounts/all: every account in one table. */
export function AllAccountsPage() {
  const accounts = trpc.account.list.useQuery({});

  function body() {
    if (accounts.isPending) return <PageSpinner label="Loading accounts" />;
    if (accounts.isError) {
      return <QueryError query={accounts} fallback="Could not load your accounts." />;
    }
    if (accounts.data.data.length === 0) {
      return (
        <Card className="space-y-2">
          <p>No accounts found</p>
          <Link to="/accounts" className="text-sm font-medium text-primary underline">
            Add an account
          </Link>
        </Card>
      );
    }
    return <AccountsTable accounts={accounts.data.data} />;
  }

  return (
    <section aria-labelledby="all-accounts-heading" className="space-y-6">
      <h1 id="all-accounts-heading" className="text-2xl font-bold">
        All Accounts
      </h1>
      {body()}
    </section>
  );
}
