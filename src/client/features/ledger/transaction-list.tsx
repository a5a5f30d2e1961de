import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Badge } from '../../components/ui/badge.js';
import { cn } from '../../lib/cn.js';
import { formatDate } from '../../lib/format.js';
import { signedAmount, transactionTypeLabel } from './transaction-format.js';

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const amount = signedAmount(transaction);
  return (
    <li data-testid="transaction-row" className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {transaction.description || 'No description'}
        </p>
        <p className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
          <Badge>{transactionTypeLabel(transaction.transactionType)}</Badge>
          <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
        </p>
      </div>
      <span
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          amount.incoming ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive',
        )}
      >
        {amount.text}
      </span>
    </li>
  );
}

/** Ledger entries, newest first: description, type, signed amount and date. */
export function TransactionList({
  transactions,
  emptyText = 'No transactions yet.',
}: {
  transactions: Transaction[];
  emptyText?: string;
}) {
  if (transactions.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul className="divide-y divide-border">
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}
