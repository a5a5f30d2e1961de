import { Button } from '../../components/ui/button.js';
import { Table } from '../../components/ui/table.js';
import { formatDate } from '../../lib/format.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useImportBatches, useRevertImport } from './api.js';
import { signedMoney } from './review-table.js';

/** The account's imports, newest first, each revertible as a whole. */
export function BatchList(props: { accountId: string }) {
  const batches = useImportBatches(props.accountId);
  const revert = useRevertImport();
  const { submit, pending } = useSubmit({ lasting: true });
  if (!batches.data || batches.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No imports into this account yet.</p>;
  }
  const onRevert = (id: string) =>
    submit({
      ...keyedRequest({ id }, revert.mutateAsync),
      success: 'Import reverted',
      failure: 'Failed to revert the import',
    });
  return (
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
          <td className="px-3 py-2 text-right tabular-nums">{signedMoney(batch.total)}</td>
          <td className="px-3 py-2">
            {batch.revertedAt ? (
              <span className="text-sm text-muted-foreground">Reverted</span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={pending}
                aria-label={`Revert the import of ${batch.fileName || 'this file'}`}
                onClick={() => void onRevert(batch.id)}
              >
                Revert
              </Button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
