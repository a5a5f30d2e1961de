import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { Card } from '../../components/ui/card.js';
import { formatMoney } from '../../lib/format.js';
import { AccountIcon } from './account-icon.js';
import { MoneyButtons } from './money-buttons.js';

/** One account in the grid: balance, title, description, and what can be done with it. */
export function AccountCard({ account }: { account: Account }) {
  return (
    <Card data-testid="account-card" className="flex w-full flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-2xl font-bold tabular-nums">{formatMoney(account.balance)}</p>
          <h2 className="mt-1 truncate font-semibold">{account.title}</h2>
        </div>
        <AccountIcon icon={account.icon} color={account.color} />
      </div>
      <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">
        {account.description || 'No description'}
      </p>
      <div className="mt-auto grid grid-cols-2 gap-2">
        <MoneyButtons account={account} />
        <Link
          to="/accounts/$accountId"
          params={{ accountId: account.id }}
          aria-label={`View Details of ${account.title}`}
          className="col-span-2 inline-flex h-8 items-center justify-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:opacity-90"
        >
          View Details
        </Link>
      </div>
    </Card>
  );
}
