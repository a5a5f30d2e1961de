import type { RefObject } from 'react';
import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { AccountForm } from './account-form.js';

/** The account form in a dialog: "Add Account", or "Edit Account" when an account is passed. */
export function AccountFormDialog({
  account,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  account?: Account;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={account ? 'Edit Account' : 'Add Account'}
      description={
        account ? `Change the details of ${account.title}.` : 'Create a wallet or a card to track.'
      }
    >
      <AccountForm account={account} onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}
