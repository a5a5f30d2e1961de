import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Badge } from '../ui/badge.js';
import { Money } from '../ui/money.js';
import { cn } from '../../lib/cn.js';
import { formatCalendarDate } from '../../lib/format.js';
import {
  AMOUNT_TONE_CLASS,
  rowAmount,
  transactionTypeLabel,
  transferLabel,
} from '../../lib/transaction-format.js';

/** What an entry is filed under: its category by name, "Split", "Transfer" or uncategorised. */
export function entryCategoryText(
  entry: Pick<Transaction, 'transactionType' | 'splits' | 'categoryId'>,
  names: ReadonlyMap<string, string> | undefined,
): string {
  if (entry.transactionType === 'transfer') return 'Transfer';
  if (entry.splits.length > 0) return 'Split';
  if (!entry.categoryId) return 'Uncategorised';
  return names?.get(entry.categoryId) ?? 'Uncategorised';
}

/** An entry, with the balance after it when the list is one account's (docs/client.md). */
type ListedTransaction = Transaction & { balanceAfter?: number };

/** Where the list is: every account's entries, or one account's (a transfer names the other side). */
interface ListPlace {
  accountNames?: ReadonlyMap<string, string> | undefined;
  accountId?: string | undefined;
}

function TransactionRow({
  transaction,
  categoryNames,
  place,
  rowStart,
}: {
  transaction: ListedTransaction;
  categoryNames?: ReadonlyMap<string, string>;
  place: ListPlace;
  rowStart?: (transaction: Transaction) => ReactNode;
}) {
  const amount = rowAmount(transaction, place.accountId);
  const transfer = transferLabel(transaction, place.accountNames ?? new Map(), place.accountId);
  const note = transfer && transaction.description !== 'Transfer' ? transaction.description : '';
  return (
    <li data-testid="transaction-row" className="flex items-center justify-between gap-3 py-3">
      {rowStart?.(transaction)}
      <div className="min-w-0 flex-1">
        <Link
          to="/transactions"
          search={{ entry: transaction.id }}
          className="text-sm font-medium [overflow-wrap:anywhere] hover:underline"
        >
          {transfer ?? (transaction.description || transaction.payee || 'No description')}
        </Link>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <Badge>{transactionTypeLabel(transaction.transactionType)}</Badge>
          <time dateTime={transaction.occurredOn}>
            {formatCalendarDate(transaction.occurredOn)}
          </time>
          {!transfer && <span>{entryCategoryText(transaction, categoryNames)}</span>}
          {note && <span className="[overflow-wrap:anywhere]">· {note}</span>}
          {transaction.payee && (
            <span className="[overflow-wrap:anywhere]">· {transaction.payee}</span>
          )}
          {transaction.cleared === 'reconciled' && <Badge>Reconciled</Badge>}
        </p>
      </div>
      <div className="flex max-w-[50%] flex-col items-end text-right">
        <Money
          amount={transaction.amount}
          text={amount.text}
          className={cn('text-sm font-semibold', AMOUNT_TONE_CLASS[amount.tone])}
        />
        {transaction.balanceAfter !== undefined && (
          <span data-testid="running-balance" className="mt-1 text-xs text-muted-foreground">
            Balance <Money amount={transaction.balanceAfter} currency={transaction.currency} />
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * Ledger entries, newest first: description (a link to the entry on the Transactions page),
 * type, date, category, payee and signed amount, and under it the account's balance after the
 * entry when the entries carry it (one account's list).
 */
export function TransactionList({
  transactions,
  categoryNames,
  accountNames,
  accountId,
  emptyText = 'No transactions yet.',
  rowStart,
}: {
  transactions: ListedTransaction[];
  categoryNames?: ReadonlyMap<string, string>;
  /** The book's accounts by id: a transfer is labelled with them (docs/client.md#transfers-in-lists). */
  accountNames?: ReadonlyMap<string, string> | undefined;
  /** Set on one account's list: a transfer's leg names the other side. */
  accountId?: string | undefined;
  emptyText?: string;
  /** A control before each row's text (the account page's cleared mark). */
  rowStart?: (transaction: Transaction) => ReactNode;
}) {
  if (transactions.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul className="divide-y divide-border">
      {transactions.map((transaction) => (
        <TransactionRow
          key={transaction.id}
          transaction={transaction}
          categoryNames={categoryNames}
          place={{ accountNames, accountId }}
          rowStart={rowStart}
        />
      ))}
    </ul>
  );
}
