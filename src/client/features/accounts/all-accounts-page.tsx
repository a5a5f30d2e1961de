import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { Card } from '../../components/ui/card.js';
import { Money } from '../../components/ui/money.js';
import { CELL, STICKY_CELL, Table, type TableColumn } from '../../components/ui/table.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { formatDate } from '../../lib/format.js';
import { useAccounts } from './api.js';
import { AccountIcon, accountIconLabel } from '../../components/widgets/account-icon.js';

/** The balance last and sticky: on a phone it stays in view while the rest scrolls under it. */
const COLUMNS: TableColumn[] = [
  { label: 'Title' },
  { label: 'Description' },
  { label: 'Icon' },
  { label: 'Created' },
  { label: 'Balance', align: 'right', sticky: true },
];

function AccountsTable({ accounts }: { accounts: Account[] }) {
  return (
    <Table caption="Every account with its balance" columns={COLUMNS}>
      {accounts.map((account) => (
        <tr key={account.id}>
          <th scope="row" className={`${CELL} min-w-36 font-medium [overflow-wrap:anywhere]`}>
            <Link
              to="/accounts/$accountId"
              params={{ accountId: account.id }}
              className="text-primary underline-offset-2 hover:underline"
            >
              {account.title}
            </Link>
          </th>
          <td
            className={`${CELL} max-w-xs min-w-40 [overflow-wrap:anywhere] text-muted-foreground`}
          >
            {account.description || 'No description'}
          </td>
          <td className={CELL}>
            <span className="inline-flex items-center gap-2">
              <AccountIcon icon={account.icon} color={account.color} className="h-7 w-7" />
              {accountIconLabel(account.icon)}
            </span>
          </td>
          <td className={`${CELL} whitespace-nowrap`}>{formatDate(account.createdAt)}</td>
          <td className={`${CELL} ${STICKY_CELL} text-right whitespace-nowrap`}>
            <Money amount={account.balance} currency={account.currency} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** /accounts/all: every account in one table. */
export function AllAccountsPage() {
  const accounts = useAccounts();

  function body() {
    if (accounts.isPending) return <PageSpinner label="Loading accounts" />;
    if (accounts.isError) {
      return <QueryError query={accounts} fallback="Could not load your accounts." />;
    }
    if (accounts.data.length === 0) {
      return (
        <Card className="space-y-2">
          <p>No accounts found</p>
          <Link to="/accounts" className="text-sm font-medium text-primary underline">
            Add an account
          </Link>
        </Card>
      );
    }
    return <AccountsTable accounts={accounts.data} />;
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
