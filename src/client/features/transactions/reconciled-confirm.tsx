import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { errorCodeOf } from '../../lib/api-error.js';
import { showFailure } from '../../lib/screen-toast.js';

/** The person answered Cancel: nothing was sent again and nothing changed. */
export class ReconciledChangeCancelled extends Error {
  constructor() {
    super('Nothing was changed');
  }
}

/** A form's failure: a Cancel at the question says nothing more, anything else its toast. */
export function reconciledFailure(fallback: string) {
  return (error: unknown) => {
    if (error instanceof ReconciledChangeCancelled) return;
    showFailure(error, fallback);
  };
}

/**
 * Changing a reconciled entry asks first (docs/ledger.md#reconciliation): the change is sent
 * as it is; when the server answers 409 RECONCILED_ENTRY the dialog asks, and only "Change
 * anyway" sends it again with the confirmation (as a new request, with its own key). Cancel
 * sends nothing and throws ReconciledChangeCancelled. Render `dialog` beside the form.
 */
export function useReconciledConfirm(action: 'change' | 'delete' = 'change') {
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  function settle(confirmed: boolean) {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
  }

  async function withConfirmation<T>(send: (confirmReconciled: boolean) => Promise<T>): Promise<T> {
    try {
      return await send(false);
    } catch (error) {
      if (errorCodeOf(error) !== 'RECONCILED_ENTRY') throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setOpen(true);
      });
      if (!confirmed) throw new ReconciledChangeCancelled();
      return send(true);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) settle(false);
      }}
      title={
        action === 'delete'
          ? 'Delete a reconciled transaction?'
          : 'Change a reconciled transaction?'
      }
      description="This transaction is reconciled against a bank statement. Changing its amount, date or account, or deleting it, changes a balance you reconciled."
      confirmLabel={action === 'delete' ? 'Delete anyway' : 'Change anyway'}
      onConfirm={() => settle(true)}
    />
  );
  return { withConfirmation, dialog };
}
