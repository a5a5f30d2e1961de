import { Link } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Badge } from '../../components/ui/badge.js';
import { Money } from '../../components/ui/money.js';
import { formatCalendarDate, formatDate, formatExpense, todayLocal } from '../../lib/format.js';
import { entryCategoryText } from '../../components/widgets/transaction-list.js';
import { transactionTypeLabel } from '../../lib/transaction-format.js';
import { ExpenseAccountLink } from './expense-account-link.js';
import { useCategoryNames } from '../../lib/categories.js';

/** A later change than the creation itself (a second or more apart): an edit. */
function wasUpdated(expense: Transaction): boolean {
  return Date.parse(expense.updatedAt) - Date.parse(expense.createdAt) >= 1000;
}

/** Recorded on another day than the one it happened on: the recording day is worth a mention. */
function recordedLater(expense: Transaction): boolean {
  return expense.occurredOn !== todayLocal(new Date(expense.createdAt));
}

/**
 * One expense: what, the day it happened (the list's order; docs/product.md#expenses), from
 * which account (by name, linked), how much, and when it last changed, if it ever did.
 */
export function ExpenseRow({ expense, accounts }: { expense: Transaction; accounts: Account[] }) {
  const categoryNames = useCategoryNames();
  return (
    <li
      data-testid="expense-row"
      className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/transactions"
            search={{ entry: expense.id }}
            className="min-w-0 font-medium [overflow-wrap:anywhere] hover:underline"
          >
            {expense.description || 'No description'}
          </Link>
          <Badge>{transactionTypeLabel(expense.transactionType)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={expense.occurredOn} data-testid="expense-date">
            {formatCalendarDate(expense.occurredOn)}
          </time>
          {recordedLater(expense) && (
            <>
              {' · Recorded '}
              <time dateTime={expense.createdAt}>{formatDate(expense.createdAt)}</time>
            </>
          )}
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {entryCategoryText(expense, categoryNames)}
          {expense.payee && ` · ${expense.payee}`}
        </p>
        {expense.accountId && (
          <p className="text-sm text-muted-foreground">
            Account: <ExpenseAccountLink accountId={expense.accountId} accounts={accounts} />
          </p>
        )}
      </div>
      <div className="shrink-0 sm:text-right">
        <p className="font-semibold text-destructive">
          <Money amount={expense.amount} text={formatExpense(expense.amount, expense.currency)} />
        </p>
        {wasUpdated(expense) && (
          <p className="text-xs text-muted-foreground">
            Updated <time dateTime={expense.updatedAt}>{formatDate(expense.updatedAt)}</time>
          </p>
        )}
      </div>
    </li>
  );
}
