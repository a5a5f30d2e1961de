import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';

/**
 * The one question before entries are deleted, wherever the delete starts (the Delete key, the
 * bulk bar, the entry panel's button): how many, and that Undo follows.
 */
export function DeleteConfirmDialog(props: {
  /** How many entries; null while closed. */
  count: number | null;
  /** "transaction", or "transfer" for both legs of one. */
  noun?: string;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const count = props.count ?? 0;
  const noun = props.noun ?? 'transaction';
  return (
    <ConfirmDialog
      open={props.count !== null}
      onOpenChange={(open) => {
        if (!open) props.onCancel();
      }}
      title={`Delete ${count} ${count === 1 ? noun : `${noun}s`}?`}
      description="Balances change back at once. You can undo this from the message that follows."
      confirmLabel="Delete"
      pending={props.pending}
      onConfirm={props.onConfirm}
    />
  );
}
