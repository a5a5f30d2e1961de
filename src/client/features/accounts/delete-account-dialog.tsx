import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { serverMessage } from '../../lib/api-error.js';
import { trpc } from '../../lib/trpc.js';

/** Asks first; on success goes back to /accounts and drops the cached account. */
export function DeleteAccountDialog({
  account,
  open,
  onOpenChange,
}: {
  account: Account;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remove = trpc.account.delete.useMutation();

  async function confirm() {
    try {
      await remove.mutateAsync({ id: account.id });
      toast.success('Account deleted successfully');
      onOpenChange(false);
      await navigate({ to: '/accounts' });
      void utils.account.list.invalidate();
      void utils.account.get.invalidate({ id: account.id });
      void utils.expense.invalidate();
      void utils.transaction.invalidate();
    } catch (error) {
      toast.error(serverMessage(error, 'Failed to delete account'));
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this account?"
      description={`"${account.title}" will be removed from your accounts. Its past transactions stay in your history.`}
      confirmLabel="Delete Account"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
