import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Pencil } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Money } from '../../components/ui/money.js';
import { Spinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/cn.js';
import { formatCalendarDate } from '../../lib/format.js';
import {
  AMOUNT_TONE_CLASS,
  rowAmount,
  transactionTypeLabel,
  transferLabel,
} from '../../lib/transaction-format.js';
import { InlineEditRow } from './inline-edit-row.js';
import { transferAmountsText } from './transfer-amounts.js';

/** Rows this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD = 15;

export interface RowContext {
  accounts: Account[];
  /** The accounts' names by id, for a transfer's label. */
  accountNames: ReadonlyMap<string, string>;
  /** The account the view is filtered to: a transfer's leg names the other side. */
  viewedAccountId?: string | undefined;
  groups: CategoryGroup[];
  categoryName: (id: string) => string | undefined;
}

export function entryTitle(entry: Transaction, context?: RowContext): string {
  const transfer = context && transferLabel(entry, context.accountNames, context.viewedAccountId);
  return transfer ?? (entry.description || entry.payee || 'No description');
}

function categoryText(entry: Transaction, context: RowContext): string {
  if (entry.splits.length > 0) return `Split (${entry.splits.length})`;
  return entry.categoryId
    ? (context.categoryName(entry.categoryId) ?? 'Uncategorised')
    : 'Uncategorised';
}

function Row(props: {
  entry: Transaction;
  context: RowContext;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onEdit: () => void;
}) {
  const { entry, context } = props;
  const amount = rowAmount(entry, context.viewedAccountId);
  const isTransfer = entry.transactionType === 'transfer';
  // A transfer's title names its accounts; its description (if any) and no account follow.
  const account = isTransfer
    ? undefined
    : context.accounts.find((candidate) => candidate.id === entry.accountId);
  const title = entryTitle(entry, context);
  const note = isTransfer && entry.description !== 'Transfer' ? entry.description : '';
  // Between two currencies the row's amount is one side; both are said under the title.
  const bothAmounts = transferAmountsText(entry);
  return (
    <div className="flex items-center gap-3 px-3 py-2">
      <input
        type="checkbox"
        className="h-4 w-4 shrink-0"
        aria-label={`Select ${title}`}
        checked={props.selected}
        onChange={(event) => props.onSelect(event.target.checked)}
      />
      <button
        type="button"
        onClick={props.onOpen}
        className="min-w-0 flex-1 rounded-md text-left hover:bg-muted"
        data-entry-open
      >
        <span className="block truncate text-sm font-medium">{title}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={entry.occurredOn}>{formatCalendarDate(entry.occurredOn)}</time>
          <Badge>{transactionTypeLabel(entry.transactionType)}</Badge>
          {!isTransfer && <span>{categoryText(entry, context)}</span>}
          {bothAmounts && <span className="whitespace-nowrap">{bothAmounts}</span>}
          {note && <span className="truncate">· {note}</span>}
          {entry.payee && <span className="truncate">· {entry.payee}</span>}
          {account && <span className="truncate">· {account.title}</span>}
          {entry.tags.map((tag) => (
            <span key={tag} className="rounded bg-muted px-1.5 text-foreground">
              #{tag}
            </span>
          ))}
        </span>
      </button>
      <Money
        amount={entry.amount}
        text={amount.text}
        className={cn('shrink-0 text-right text-sm font-semibold', AMOUNT_TONE_CLASS[amount.tone])}
      />
      {entry.transactionType !== 'transfer' && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${title} in its row`}
          onClick={props.onEdit}
        >
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}

/**
 * The entries of the view, virtualised (@tanstack/react-virtual): only the rows in sight are in
 * the page, so 100,000 entries scroll like 50; nearing the end of what is loaded asks for the
 * next page. The row that last had focus is the one `e` and Delete act on.
 */
export function TransactionRows(props: {
  entries: Transaction[];
  context: RowContext;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  onOpen: (id: string) => void;
  editingId: string | null;
  onEdit: (id: string | null) => void;
  onActive: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { entries, hasMore, loadingMore, loadMore } = props;
  // TanStack Virtual hands back functions React Compiler must not memoise; this list is not.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 60,
    overscan: 8,
    getItemKey: (index) => entries[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && last >= entries.length - LOAD_AHEAD) loadMore();
  }, [last, entries.length, hasMore, loadingMore, loadMore]);

  return (
    <div
      ref={scroller}
      role="region"
      aria-label="Transactions list"
      className="h-[calc(100dvh-22rem)] min-h-80 overflow-auto rounded-xl border border-border"
      data-testid="transaction-scroller"
    >
      <div
        role="list"
        aria-label="Transactions"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={hasMore ? -1 : entries.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              data-testid="transaction-item"
              ref={virtualizer.measureElement}
              onFocus={() => props.onActive(entry.id)}
              className={cn(
                'absolute top-0 left-0 w-full border-b border-border bg-card',
                props.selected.has(entry.id) && 'bg-muted',
              )}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {props.editingId === entry.id ? (
                <InlineEditRow
                  entry={entry}
                  groups={props.context.groups}
                  onClose={() => props.onEdit(null)}
                />
              ) : (
                <Row
                  entry={entry}
                  context={props.context}
                  selected={props.selected.has(entry.id)}
                  onSelect={(selected) => props.onSelect(entry.id, selected)}
                  onOpen={() => props.onOpen(entry.id)}
                  onEdit={() => props.onEdit(entry.id)}
                />
              )}
            </div>
          );
        })}
      </div>
      {loadingMore && (
        <div className="flex justify-center py-3">
          <Spinner className="h-5 w-5" label="Loading more transactions" />
        </div>
      )}
    </div>
  );
}
