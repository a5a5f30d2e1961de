import type { ReactNode } from 'react';
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
import type { Transfer } from '../../../shared/schemas/transfer.js';
import { useDeleteEntry, useDeleteTransfer, useEntry, useUndo } from './api.js';
import { EntryForm } from './entry-form.js';
import { EntryHistory } from './entry-history.js';
import { toastWithUndo } from './undo-toast.js';
import { ReconciledChangeCancelled, useReconciledConfirm } from './reconciled-confirm.js';
import { categoryNames } from '../../lib/categories.js';

/** A saved transfer as its edit form starts from. */
export type TransferInEdit = Pick<
  Transfer,
  'id' | 'fromAccountId' | 'toAccountId' | 'amount' | 'occurredOn' | 'description' | 'version'
>;

/**
 * The transfer form in its edit mode, from the transfers feature (the route composes the two):
 * it calls `onUpdated` with the recorded change, then `onDone`.
 */
export type TransferEditor = (props: {
  transfer: TransferInEdit;
  onUpdated: (changeId: string) => void;
  onDone: () => void;
}) => ReactNode;

interface PanelData {
  accounts: Account[];
  groups: CategoryGroup[];
  transferEditor: TransferEditor;
}

function DeleteButton(props: { entry: Transaction; onDeleted: () => void }) {
  const deleteEntry = useDeleteEntry();
  const deleteTransfer = useDeleteTransfer();
  const undo = useUndo();
  const reconciled = useReconciledConfirm('delete');
  const transfer = props.entry.transfer;
  const pending = deleteEntry.isPending || deleteTransfer.isPending;

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
        onClick={() => void remove()}
      >
        {pending ? (
          <Spinner className="h-4 w-4" label="Deleting" />
        ) : (
          <Trash2 className="h-4 w-4" aria-hidden />
        )}
        {transfer ? 'Delete transfer' : 'Delete transaction'}
      </Button>
    </>
  );
}

/** A transfer's leg, as the transfer form edits it: both legs change (and are undone) as one. */
function editedTransfer(entry: Transaction): TransferInEdit | undefined {
  if (!entry.transfer) return undefined;
  return {
    id: entry.transfer.id,
    fromAccountId: entry.transfer.fromAccountId,
    toAccountId: entry.transfer.toAccountId,
    amount: entry.amount,
    occurredOn: entry.occurredOn,
    description: entry.description,
    version: entry.version,
  };
}

function ExistingEntry(props: PanelData & { id: string; onClose: () => void }) {
  const detail = useEntry(props.id);
  const undo = useUndo();
  if (detail.isPending) return <PageSpinner label="Loading the transaction" />;
  if (detail.isError) {
    return <QueryError query={detail} fallback="Could not load the transaction." />;
  }
  const { transaction, history } = detail.data;
  const transfer = editedTransfer(transaction);
  const categories = categoryNames(props.groups);
  const names = {
    category: (id: string) => categories.get(id),
    account: (id: string) => props.accounts.find((account) => account.id === id)?.title,
  };
  return (
    <div className="space-y-6">
      {transfer ? (
        // A new version is a new form: what it shows starts again from the saved transfer.
        <div key={`${transaction.id}-${transaction.version}`}>
          {props.transferEditor({
            transfer,
            onUpdated: (changeId) => toastWithUndo('Transfer updated', changeId, undo),
            onDone: props.onClose,
          })}
        </div>
      ) : (
        // A new version is a new form: what it shows starts again from the saved entry.
        <EntryForm
          key={`${transaction.id}-${transaction.version}`}
          entry={transaction}
          accounts={props.accounts}
          groups={props.groups}
          onDone={props.onClose}
        />
      )}
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
          ? 'A deposit, withdrawal or expense; back-date it if it happened earlier.'
          : 'Edit any field; every change is kept in its history and can be undone.'
      }
    >
      {creating ? (
        <EntryForm
          accounts={props.accounts}
          groups={props.groups}
          initialAccountId={props.initialAccountId}
          onDone={props.onClose}
        />
      ) : (
        props.target && <ExistingEntry {...props} id={props.target} />
      )}
    </Dialog>
  );
}
