import { Money } from '../../components/ui/money.js';
import type { EntrySnapshot, HistoryItem } from '../../../shared/schemas/history.js';
import { formatCalendarDate, formatDate, formatMoney } from '../../lib/format.js';

const KIND_LABELS: Record<HistoryItem['kind'], string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  transfer: 'Transfer',
  bulk: 'Changed in bulk',
  'category-delete': 'Category deleted',
  undo: 'Undone',
  import: 'Imported',
  'import-revert': 'Import reverted',
  'rule-apply': 'Rule applied',
  clear: 'Cleared mark changed',
  reconcile: 'Reconciled',
};

const FIELD_LABELS: Record<string, string> = {
  amount: 'Amount',
  occurredOn: 'Date',
  description: 'Description',
  payee: 'Payee',
  categoryId: 'Category',
  tags: 'Tags',
  accountId: 'Account',
  splits: 'Split',
  deleted: 'Deleted',
  type: 'Type',
  cleared: 'Cleared',
};

/** The snapshot key a changed field name reads (the API names a few fields differently). */
function snapshotKey(field: string): keyof EntrySnapshot | null {
  const key = field === 'amountCents' ? 'amount' : field === 'category' ? 'categoryId' : field;
  return key in FIELD_LABELS ? (key as keyof EntrySnapshot) : null;
}

interface Names {
  category: (id: string) => string | undefined;
  account: (id: string) => string | undefined;
}

function show(key: keyof EntrySnapshot, snapshot: EntrySnapshot | null, names: Names): string {
  if (!snapshot) return '—';
  switch (key) {
    case 'amount':
      // In the snapshot's own currency: an entry moved to another account may have changed it.
      return formatMoney(snapshot.amount, snapshot.currency);
    case 'occurredOn':
      return formatCalendarDate(snapshot.occurredOn);
    case 'categoryId':
      return snapshot.categoryId
        ? (names.category(snapshot.categoryId) ?? 'a deleted category')
        : 'Uncategorised';
    case 'accountId':
      return snapshot.accountId
        ? (names.account(snapshot.accountId) ?? 'a deleted account')
        : 'No account';
    case 'tags':
      return snapshot.tags.length ? snapshot.tags.join(', ') : 'none';
    case 'splits':
      return snapshot.splits.length
        ? snapshot.splits.map((line) => formatMoney(line.amount, snapshot.currency)).join(' + ')
        : 'not split';
    case 'deleted':
      return snapshot.deleted ? 'yes' : 'no';
    case 'cleared':
      // Absent while uncleared (docs/ledger.md#reconciliation).
      return snapshot.cleared ?? 'uncleared';
    case 'description':
    case 'payee':
      return snapshot[key] ? `“${snapshot[key]}”` : 'empty';
    default:
      return String(snapshot[key]);
  }
}

/** The fields a row changed, each "before → after" (the fields the server names, else all that differ). */
function changedFields(item: HistoryItem): (keyof EntrySnapshot)[] {
  const named = item.fields.map(snapshotKey).filter((key): key is keyof EntrySnapshot => !!key);
  if (named.length > 0) return [...new Set(named)];
  if (!item.before || !item.after) return [];
  const { before, after } = item;
  return (Object.keys(FIELD_LABELS) as (keyof EntrySnapshot)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** Who changed the entry, when, and each field before → after; oldest first. */
export function EntryHistory({ history, names }: { history: HistoryItem[]; names: Names }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="entry-history-title" className="space-y-2">
      <h3 id="entry-history-title" className="text-sm font-semibold">
        History
      </h3>
      <ol className="space-y-3 border-l border-border pl-3" data-testid="entry-history">
        {history.map((item) => {
          const fields = item.before ? changedFields(item) : [];
          return (
            <li key={`${item.changeId}-${item.at}`} className="text-sm">
              <p>
                <span className="font-medium">{KIND_LABELS[item.kind]}</span>
                {' by '}
                {item.actor?.email ?? 'a former member'}
                {' on '}
                <time dateTime={item.at}>
                  {formatDate(item.at)}{' '}
                  {new Date(item.at).toLocaleTimeString(undefined, {
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
                {item.undoneBy && <span className="text-muted-foreground"> (undone)</span>}
              </p>
              {item.before === null && item.after && (
                <p className="text-muted-foreground">
                  <Money amount={item.after.amount} currency={item.after.currency} /> on{' '}
                  {formatCalendarDate(item.after.occurredOn)}
                </p>
              )}
              {fields.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-muted-foreground">
                  {fields.map((key) => (
                    <li key={key} className="[overflow-wrap:anywhere]">
                      {FIELD_LABELS[key]}: {show(key, item.before, names)} →{' '}
                      {show(key, item.after, names)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
