import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowUpFromLine, MoreHorizontal, Plus, Send } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { Money } from '../../components/ui/money.js';
import { AccountIcon } from '../../components/widgets/account-icon.js';
import { useAccounts } from './api.js';
import { totalBalance } from './total-balance.js';
import { useBook } from '../../lib/book.js';
import { displayCurrency } from '../../lib/display-currency.js';

const SHOWN = 5;
const QUICK_ACTIONS = [
  { label: 'Add', icon: Plus },
  { label: 'Send', icon: Send },
  { label: 'Top-up', icon: ArrowUpFromLine },
  { label: 'More', icon: MoreHorizontal },
];

/** The look of a quick action, for the Send button the route hands in. */
export const QUICK_ACTION_CLASS = 'flex h-auto flex-col gap-1 py-2';

/** A quick action the route hands in (another feature's: the one entry form), drawn with its icon. */
type QuickAction = (icon: ReactNode) => ReactNode;

/**
 * Add and Send open the one entry form as an expense and as a transfer (handed in by the route);
 * Top-up and More do nothing yet, so they are shown switched off (docs/product.md#screens).
 */
function QuickActions(handed: { add?: QuickAction; send?: QuickAction }) {
  const noteId = useId();
  const { send } = handed;
  const live = (label: string) =>
    label === 'Send' ? handed.send : label === 'Add' ? handed.add : undefined;
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-4 gap-2">
        {QUICK_ACTIONS.map(({ label, icon: Icon }) =>
          live(label) ? (
            <span key={label} className="contents">
              {live(label)?.(<Icon className="h-4 w-4" aria-hidden />)}
            </span>
          ) : (
            <Button
              key={label}
              variant="outline"
              size="sm"
              className="flex h-auto flex-col gap-1 py-2"
              disabled
              aria-describedby={noteId}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </Button>
          ),
        )}
      </div>
      <p id={noteId} className="text-xs text-muted-foreground">
        {send ? 'Top-up and More: not yet available.' : 'Quick actions: not yet available.'}
      </p>
    </div>
  );
}

/**
 * The total of the accounts: their own sum while all are in the book's base currency, else the
 * converted total the route hands in (another feature's: docs/money.md#not-converted).
 */
function AccountsSummary(props: { convertedTotal?: ReactNode }) {
  const accounts = useAccounts();
  const book = useBook();
  if (accounts.isPending || book.isPending) return <PageSpinner label="Loading accounts" />;
  if (accounts.isError) {
    return <QueryError query={accounts} fallback="Could not load your accounts." />;
  }
  const list = accounts.data;
  const base = book.data?.baseCurrency;
  const sum = base === undefined ? null : totalBalance(list, base);
  return (
    <div className="space-y-4">
      <div className="@container min-w-0">
        <p className="text-sm text-muted-foreground">Total balance</p>
        <div className="text-[length:clamp(0.875rem,8cqi,1.875rem)] leading-tight font-bold">
          {sum !== null && base !== undefined ? (
            <Money amount={sum} currency={displayCurrency(base)} />
          ) : (
            props.convertedTotal
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          Across {list.length} {list.length === 1 ? 'account' : 'accounts'}
        </p>
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No accounts found.{' '}
          <Link to="/accounts" className="font-medium text-primary underline">
            Add one
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {list.slice(0, SHOWN).map((account) => (
            <li key={account.id}>
              <Link
                to="/accounts/$accountId"
                params={{ accountId: account.id }}
                className="flex items-center gap-3 rounded-md py-2 hover:bg-muted"
              >
                <AccountIcon icon={account.icon} color={account.color} className="h-8 w-8" />
                <span className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">
                  {account.title}
                </span>
                <Money
                  amount={account.balance}
                  currency={account.currency}
                  className="shrink-0 text-right text-sm"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.length > SHOWN && (
        <Link to="/accounts" className="text-sm font-medium text-primary underline">
          View all {list.length} accounts
        </Link>
      )}
    </div>
  );
}

/** The dashboard's Accounts card: real total and accounts, and the placeholder quick actions. */
export function AccountsOverviewCard(props: {
  add?: QuickAction;
  send?: QuickAction;
  /** The total in the base currency, shown when the accounts are in several currencies. */
  convertedTotal?: ReactNode;
}) {
  const { convertedTotal, ...actions } = props;
  return (
    <Card className="min-w-0 space-y-4">
      <CardTitle>Accounts</CardTitle>
      <AccountsSummary convertedTotal={convertedTotal} />
      <QuickActions {...actions} />
    </Card>
  );
}
