import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Badge } from '../../components/ui/badge.js';
import { formatDate, formatExpense } from '../../lib/format.js';
import { transactionTypeLabel } from '../ledger/transaction-format.js';

/** One expense: what, when, from which account, how much, and when it last changed. */
export function ExpenseRow({ expense }: { expense: Transaction }) {
  return (
    <li
      data-testid="expense-row"
      className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium">{expense.description || 'No description'}</p>
          <Badge>{transactionTypeLabel(expense.transactionType)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={expense.createdAt}>{formatDate(expense.createdAt)}</time>
        </p>
        {expense.accountId && (
          <p className="text-xs break-all text-muted-foreground">Account: {expense.accountId}</p>
        )}
      </div>
      <div className="shrink-0 sm:text-right">
        <p className="font-semibold text-destructive tabular-nums">
          {formatExpense(expense.amount)}
        </p>
        <p className="text-xs text-muted-foreground">
          Updated <time dateTime={expense.updatedAt}>{formatDate(expense.updatedAt)}</time>
        </p>
      </div>
    </li>
  );
}
