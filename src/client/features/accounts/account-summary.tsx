import type { ReactNode } from 'react';
import type { Account } from '../../../shared/schemas/account.js';
import { Money } from '../../components/ui/money.js';
import { formatDate } from '../../lib/format.js';
import { ACCOUNT_TYPE_LABELS } from './account-form-values.js';
import { AccountIcon } from '../../components/widgets/account-icon.js';

/** Title, description, balance and creation date of one account; long text wraps. */
export function AccountSummary({ account, badges }: { account: Account; badges?: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-4">
        <AccountIcon icon={account.icon} color={account.color} className="h-12 w-12" />
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{account.title}</h2>
          <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
            {account.description || 'No description'}
          </p>
          {badges && <div className="mt-2 flex flex-wrap gap-2">{badges}</div>}
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="@container min-w-0">
          <dt className="text-sm text-muted-foreground">Balance</dt>
          <dd className="text-[length:clamp(0.75rem,8cqi,1.875rem)] leading-tight font-bold">
            <Money amount={account.balance} currency={account.currency} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Type</dt>
          <dd className="font-medium">{ACCOUNT_TYPE_LABELS[account.type]}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Currency</dt>
          <dd className="font-medium" data-testid="account-currency">
            {account.currency}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Budget</dt>
          <dd className="font-medium" data-testid="account-on-budget">
            {account.onBudget ? 'On budget' : 'Off budget'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Created on:</dt>
          <dd className="font-medium">
            <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </div>
  );
}
