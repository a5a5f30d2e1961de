import type { RefObject } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Account } from '../../../shared/schemas/account.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { formatMoney } from '../../lib/format.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useDeleteAccount } from './api.js';

/** What deleting means for this account, with the money it still holds said first. */
function consequences(account: Account): string {
  const rest = 'Its past transactions stay in your history.';
  if (account.balance === 0) {
    return `"${account.title}" will be removed from your accounts. ${rest}`;
  }
  return `"${account.title}" still holds ${formatMoney(account.balance, account.currency)}. Deleting it removes the account and that balance from your accounts and totals. ${rest}`;
}

/** Asks first; on success goes back to /accounts. */
export function DeleteAccountDialog({
  account,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  account: Account;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const { submit, pending } = useSubmit();

  async function confirm() {
    const done = await submit({
      ...keyedRequest({ id: account.id }, remove.mutateAsync),
      success: 'Account deleted successfully',
      failure: 'Failed to delete account',
    });
    if (!done) return;
    onOpenChange(false);
    await navigate({ to: '/accounts' });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this account?"
      description={consequences(account)}
      confirmLabel="Delete Account"
      pending={pending}
      onConfirm={() => void confirm()}
      returnFocusTo={returnFocusTo}
    />
  );
}
