import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Download, Keyboard, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import {
  useAccountChoices,
  useBulkDelete,
  useTags,
  useTransactionSearch,
  useTransactionSummary,
  useUndo,
} from './api.js';
import { BulkBar } from './bulk-bar.js';
import { EntryPanel } from './entry-panel.js';
import { DeleteConfirmDialog } from './delete-confirm-dialog.js';
import { useShortcuts, type ShortcutAction } from './shortcuts.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import { SearchBox, TransactionFilters } from './transaction-filters.js';
import { TransactionRows, type RowContext } from './transaction-rows.js';
import {
  exportQuery,
  isFiltered,
  searchInput,
  type TransactionSearch,
} from './transaction-search.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { ViewSummary } from './view-summary.js';
import { categoryNames, useCategoryGroups } from '../../lib/categories.js';

/**
 * The whole ledger (issue 13): searched as you type, filtered and sorted, its state in the URL,
 * rows virtualised and loaded as you scroll, edited in their row or in the side panel, selected
 * for bulk re-categorise or delete, and driven by keyboard shortcuts (`?` lists them).
 */
export function TransactionsPage(props: {
  search: TransactionSearch;
  /** Puts a view in the URL; `replace` for typing, a new history entry otherwise. */
  onSearchChange: (next: TransactionSearch, options?: { replace?: boolean }) => void;
  /** The Transfer and Import buttons, composed by the route. */
  transferAction?: ReactNode;
  /** Downloads GET /api/transactions/export.csv with this query string (the view's). */
  onDownloadCsv: (query: string) => Promise<void>;
}) {
  const { search, onSearchChange } = props;
  const list = useTransactionSearch(searchInput(search));
  const summary = useTransactionSummary(searchInput(search));
  const accounts = useAccountChoices();
  const categories = useCategoryGroups();
  const tags = useTags();
  const bulkDelete = useBulkDelete();
  const undo = useUndo();
  const searchRef = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [help, setHelp] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [confirmIds, setConfirmIds] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const entries = useMemo(() => list.data ?? [], [list.data]);
  const groups = useMemo(() => categories.data ?? [], [categories.data]);
  const context: RowContext = useMemo(() => {
    const names = categoryNames(groups);
    const list = accounts.data ?? [];
    return {
      accounts: list,
      accountNames: new Map(list.map((account) => [account.id, account.title])),
      viewedAccountId: search.account,
      groups,
      categoryName: (id) => names.get(id),
    };
  }, [accounts.data, groups, search.account]);

  const changeSearch = (next: TransactionSearch, replace = false) => {
    setSelected(new Set());
    onSearchChange(next, { replace });
  };
  const openEntry = (id: string) => onSearchChange({ ...search, entry: id });
  const closePanel = () => {
    setCreating(false);
    if (search.entry) {
      const { entry: _closed, ...rest } = search;
      onSearchChange(rest);
    }
  };

  function askDelete(ids: string[]) {
    if (ids.length > 0) setConfirmIds(ids);
  }

  async function removeConfirmed() {
    if (!confirmIds) return;
    try {
      const answer = await bulkDelete.mutateAsync(confirmIds);
      const count = answer.count;
      toastWithUndo(
        `${count} ${count === 1 ? 'transaction' : 'transactions'} deleted`,
        answer.changeId,
        undo,
      );
      setSelected(new Set());
      setConfirmIds(null);
    } catch (error) {
      showFailure(error, 'Failed to delete transactions');
    }
  }

  /** The CSV of exactly this view: its filters, search and sort, every page (issue 14). */
  async function exportCsv() {
    setExporting(true);
    try {
      await props.onDownloadCsv(exportQuery(search));
    } catch (error) {
      screenToast.error(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setExporting(false);
    }
  }

  useShortcuts((action: ShortcutAction) => {
    switch (action) {
      case 'new':
        setCreating(true);
        break;
      case 'search':
        searchRef.current?.focus();
        break;
      case 'help':
        setHelp(true);
        break;
      case 'edit': {
        const entry = entries.find((candidate) => candidate.id === activeId);
        if (!entry) break;
        if (entry.transactionType === 'transfer') openEntry(entry.id);
        else setEditingId(entry.id);
        break;
      }
      case 'delete':
        askDelete(selected.size > 0 ? [...selected] : activeId ? [activeId] : []);
        break;
    }
  });

  const loadMore = useCallback(() => void list.fetchNextPage(), [list]);
  const panelTarget = creating ? 'new' : (search.entry ?? null);

  let body: ReactNode;
  if (list.isPending) body = <PageSpinner label="Loading transactions" />;
  else if (list.isError) {
    body = <QueryError query={list} fallback="Could not load your transactions." />;
  } else if (entries.length === 0) {
    body = (
      <p className="rounded-xl border border-border p-6 text-sm text-muted-foreground">
        {isFiltered(search)
          ? 'No transactions match this search.'
          : 'No transactions yet. Press n or choose New transaction to record one.'}
      </p>
    );
  } else {
    body = (
      <TransactionRows
        entries={entries}
        context={context}
        selected={selected}
        onSelect={(id, on) =>
          setSelected((previous) => {
            const next = new Set(previous);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          })
        }
        onOpen={openEntry}
        editingId={editingId}
        onEdit={setEditingId}
        onActive={setActiveId}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMore={loadMore}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Transactions</h1>
          <p className="text-sm text-muted-foreground">
            Every deposit, withdrawal, expense and transfer. Press ? for keyboard shortcuts.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            New transaction
          </Button>
          {props.transferAction}
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </Button>
          <Button variant="outline" onClick={() => setHelp(true)}>
            <Keyboard className="h-4 w-4" aria-hidden />
            Shortcuts
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox
          ref={searchRef}
          value={search.q ?? ''}
          onSearch={(q) => changeSearch({ ...search, q: q.trim() || undefined }, true)}
        />
      </div>
      <details
        className="rounded-xl border border-border p-3"
        open={isFiltered(search) || undefined}
      >
        <summary className="cursor-pointer text-sm font-medium">Filters and sort</summary>
        <div className="mt-3">
          <TransactionFilters
            search={search}
            onChange={(next) => changeSearch(next)}
            accounts={context.accounts}
            groups={groups}
            tags={(tags.data ?? []).map((tag) => tag.tag)}
          />
        </div>
      </details>
      {selected.size > 0 && (
        <BulkBar
          ids={[...selected]}
          entries={entries.filter((entry) => selected.has(entry.id))}
          groups={groups}
          onDelete={() => askDelete([...selected])}
          onClear={() => setSelected(new Set())}
        />
      )}
      <ViewSummary summary={summary.data} />
      {body}
      <EntryPanel
        target={panelTarget}
        onClose={closePanel}
        accounts={context.accounts}
        groups={groups}
        initialAccountId={search.account}
      />
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
      <DeleteConfirmDialog
        count={confirmIds?.length ?? null}
        onCancel={() => setConfirmIds(null)}
        pending={bulkDelete.isPending}
        onConfirm={() => void removeConfirmed()}
      />
    </div>
  );
}
