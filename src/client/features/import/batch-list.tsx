import { useState } from 'react';
import type { ImportBatch } from '../../../shared/schemas/import.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { Button } from '../../components/ui/button.js';
import { Table } from '../../components/ui/table.js';
import { formatDate } from '../../lib/format.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { useImportBatches, useRevertImport, useUndoRevertImport } from './api.js';
import { signedMoney } from './review-table.js';

/** What a revert does, said before it is done. */
function revertQuestion(batch: ImportBatch): string {
  const rows = batch.entryCount === 1 ? '1 entry' : `${batch.entryCount} entries`;
  return `The entries it added (${rows} when imported) leave the account, and its balance changes back by what they moved. Entries of it you edited since go too.`;
}

/**
 * The account's imports, newest first, each revertible as a whole, after a question that says
 * what goes, and the revert offered for Undo in its toast (docs/import.md#revert).
 */
export function BatchList(props: { accountId: string; currency: string }) {
  const batches = useImportBatches(props.accountId);
  const revert = useRevertImport();
  const undoRevert = useUndoRevertImport();
  const { submit, pending } = useSubmit({ lasting: true });
  const [asking, setAsking] = useState<ImportBatch | null>(null);
  if (!batches.data || batches.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No imports into this account yet.</p>;
  }
  const onRevert = async (id: string) => {
    await submit({
      ...keyedRequest({ id }, revert.mutateAsync),
      // Undo brings the entries back and the batch live again (docs/import.md#revert).
      success: () =>
        toastWithUndo('Import reverted', id, (batchId) =>
          undoRevert
            .mutateAsync({ id: batchId, idempotencyKey: newIdempotencyKey() })
            .then(() => undefined),
        ),
      failure: 'Failed to revert the import',
    });
    setAsking(null);
  };
  const onUndoRevert = (id: string) =>
    submit({
      ...keyedRequest({ id }, undoRevert.mutateAsync),
      success: 'Import restored',
      failure: 'Failed to undo the revert',
    });
  return (
    <>
      <Table
        caption="Imports into this account"
        columns={[
          { label: 'File' },
          { label: 'Imported' },
          { label: 'Rows' },
          { label: 'Total', align: 'right' },
          { label: 'Revert' },
        ]}
      >
        {batches.data.map((batch) => (
          <tr key={batch.id} className="border-t border-border">
            <td className="px-3 py-2">{batch.fileName || batch.format.toUpperCase()}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(batch.createdAt)}</td>
            <td className="px-3 py-2 tabular-nums">{batch.entryCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {signedMoney(batch.total, props.currency)}
            </td>
            <td className="px-3 py-2">
              {batch.revertedAt ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-muted-foreground">Reverted</span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    aria-label={`Undo the revert of ${batch.fileName || 'this file'}`}
                    onClick={() => void onUndoRevert(batch.id)}
                  >
                    Undo revert
                  </Button>
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`Revert the import of ${batch.fileName || 'this file'}`}
                  onClick={() => setAsking(batch)}
                >
                  Revert
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={`Revert the import of ${asking?.fileName || 'this file'}?`}
        description={asking ? revertQuestion(asking) : ''}
        confirmLabel="Revert"
        pending={pending}
        onConfirm={() => asking && void onRevert(asking.id)}
      />
    </>
  );
}
