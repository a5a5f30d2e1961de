import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useDeleteEntry, useDeleteTransfer, useEntry, useUndo } from './api.js';
import { EntryForm } from './entry-form.js';
import { EntryHistory } from './entry-history.js';
import { DeleteConfirmDialog } from './delete-confirm-dialog.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { ReconciledChangeCancelled, useReconciledConfirm } from './reconciled-confirm.js';
import { categoryNames } from '../../lib/categories.js';

interface PanelData {
  accounts: Account[];
  groups: CategoryGroup[];
}

function DeleteButton(props: { entry: Transaction; onDeleted: () => void }) {
  const deleteEntry = useDeleteEntry();
  const deleteTransfer = useDeleteTransfer();
  const undo = useUndo();
  const reconciled = useReconciledConfirm('delete');
  const transfer = props.entry.transfer;
  const pending = deleteEntry.isPending || deleteTransfer.isPending;
  // The same question as the Delete key's (delete-confirm-dialog.tsx).
  const [asking, setAsking] = useState(false);

  async function remove() {
    try {
      // A reconciled one asks first (docs/ledger.md#reconciliation).
      const answer = await reconciled.withConfirmation(
        async (confirmed): Promise<{ changeId: string }> => {
          const confirmReconciled = confirmed ? ('true' as const) : undefined;
          return transfer
            ? deleteTransfer.mutateAsync({ id: transfer.id, confirmReconciled })
            : deleteEntry.mutateAsync({
                id: props.entry.id,
                expectedVersion: props.entry.version,
                confirmReconciled,
              });
        },
      );
      toastWithUndo(transfer ? 'Transfer deleted' : 'Transaction deleted', answer.changeId, undo);
      props.onDeleted();
    } catch (error) {
      if (error instanceof ReconciledChangeCancelled) return;
      showFailure(error, 'Failed to delete transaction');
    }
  }

  return (
    <>
      {reconciled.dialog}
      <Button
        variant="destructive"
        className="w-full"
        disabled={pending}
        onClick={() => setAsking(true)}
      >
        {pending ? (
          <Spinner className="h-4 w-4" label="Deleting" />
        ) : (
          <Trash2 className="h-4 w-4" aria-hidden />
        )}
        {transfer ? 'Delete transfer' : 'Delete transaction'}
      </Button>
      <DeleteConfirmDialog
        count={asking ? 1 : null}
        noun={transfer ? 'transfer' : 'transaction'}
        onCancel={() => setAsking(false)}
        pending={pending}
        onConfirm={() => {
          // The question closes first: a reconciled entry's own question may follow it.
          setAsking(false);
          void remove();
        }}
      />
    </>
  );
}

function ExistingEntry(props: PanelData & { id: string; onClose: () => void }) {
  const detail = useEntry(props.id);
  if (detail.isPending) return <PageSpinner label="Loading the transaction" />;
  if (detail.isError) {
    return <QueryError query={detail} fallback="Could not load the transaction." />;
  }
  const { transaction, history } = detail.data;
  const categories = categoryNames(props.groups);
  const names = {
    category: (id: string) => categories.get(id),
    account: (id: string) => props.accounts.find((account) => account.id === id)?.title,
  };
  return (
    <div className="space-y-6">
      {/* A new version is a new form: what it shows starts again from the saved entry. */}
      <EntryForm
        key={`${transaction.id}-${transaction.version}`}
        entry={transaction}
        accounts={props.accounts}
        groups={props.groups}
        onDone={props.onClose}
      />
      <DeleteButton entry={transaction} onDeleted={props.onClose} />
      <EntryHistory history={history} names={names} />
    </div>
  );
}

/**
 * The entry's side panel: a new entry, or one entry to edit, delete and see the history of.
 * `target` is 'new', an entry id, or null (closed).
 */
export function EntryPanel(
  props: PanelData & { target: string | null; onClose: () => void; initialAccountId?: string },
) {
  const open = props.target !== null;
  const creating = props.target === 'new';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) props.onClose();
      }}
      title={creating ? 'New transaction' : 'Transaction'}
      description={
        creating
          ? 'A deposit, withdrawal, expense or transfer; back-date it if it happened earlier.'
          : 'Edit any field; every change is kept in its history and can be undone.'
      }
    >
      {creating ? (
        <EntryForm
          ledger
          start={{ type: 'expense', accountId: props.initialAccountId }}
          accounts={props.accounts}
          groups={props.groups}
          onDone={props.onClose}
        />
      ) : (
        props.target && <ExistingEntry {...props} id={props.target} />
      )}
    </Dialog>
  );
}
