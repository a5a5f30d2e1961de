import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { Card } from '../../components/ui/card.js';
import { Money } from '../../components/ui/money.js';
import { AccountIcon } from '../../components/widgets/account-icon.js';
import { MoneyButtons } from './money-buttons.js';
import { ACCOUNT_TYPE_LABELS } from './account-form-values.js';

/**
 * A card with a credit limit: what is owed (the balance below zero) and what can still be
 * spent (balance + limit), as the server computes it.
 */
function CreditFigures({ account }: { account: Account }) {
  const owed = account.balance < 0 ? -account.balance : 0;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="credit-figures">
      <div className="min-w-0">
        <dt className="text-muted-foreground">Owed</dt>
        <dd className="font-medium">
          <Money amount={owed} currency={account.currency} />
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted-foreground">Available</dt>
        <dd className="font-medium">
          <Money amount={account.available} currency={account.currency} />
        </dd>
      </div>
      <div className="col-span-2 flex gap-1 text-xs text-muted-foreground">
        <dt>Credit limit</dt>
        <dd>
          <Money amount={account.creditLimit} currency={account.currency} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * One account in the grid: balance, title, description, and what can be done with it. The
 * balance shrinks with the card (container units) and never wraps (docs/client.md#money-figures),
 * so $999,999,999.99 stays inside it, beside the icon; long titles wrap.
 */
export function AccountCard({ account }: { account: Account }) {
  return (
    <Card data-testid="account-card" className="flex w-full min-w-0 flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="@container min-w-0 flex-1">
          <p className="text-[length:clamp(0.6875rem,8cqi,1.5rem)] leading-tight font-bold">
            <Money amount={account.balance} currency={account.currency} />
          </p>
          <h2 className="mt-1 font-semibold [overflow-wrap:anywhere]">{account.title}</h2>
          <p className="text-xs text-muted-foreground">
            <span data-testid="account-type">{ACCOUNT_TYPE_LABELS[account.type]}</span>
            {' · '}
            <span data-testid="account-currency">{account.currency}</span>
          </p>
        </div>
        <AccountIcon icon={account.icon} color={account.color} />
      </div>
      {account.creditLimit > 0 && <CreditFigures account={account} />}
      <p className="line-clamp-3 min-h-10 text-sm [overflow-wrap:anywhere] text-muted-foreground">
        {account.description || 'No description'}
      </p>
      <div className="mt-auto grid grid-cols-2 gap-2">
        <MoneyButtons account={account} />
        <Link
          to="/accounts/$accountId"
          params={{ accountId: account.id }}
          aria-label={`View Details of ${account.title}`}
          className="col-span-2 inline-flex h-8 items-center justify-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:brightness-90"
        >
          View Details
        </Link>
      </div>
    </Card>
  );
}
