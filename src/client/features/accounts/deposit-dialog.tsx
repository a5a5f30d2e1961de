import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/ui/dialog.js';
import { serverMessage } from '../../lib/api-error.js';
import { trpc } from '../../lib/trpc.js';
import { MoneyMovementForm, type MoneyMovement } from './money-movement-form.js';
import { useInvalidateMoney } from './use-invalidate-money.js';

/** Adds money to an account. Closes on success; on failure stays open with the server's reason. */
export function DepositDialog({
  account,
  open,
  onOpenChange,
}: {
  account: Account;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const deposit = trpc.account.deposit.useMutation();
  const invalidateMoney = useInvalidateMoney();

  async function submit({ amount, description }: MoneyMovement) {
    try {
      await deposit.mutateAsync({ id: account.id, amount, description });
      toast.success('Deposit successful');
      onOpenChange(false);
      void invalidateMoney();
    } catch (error) {
      toast.error(serverMessage(error, 'Failed to deposit funds'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Deposit Funds">
      <MoneyMovementForm
        account={account}
        invalidMessage="Please enter a valid amount to deposit."
        defaultDescription={`Deposit to account ${account.title}`}
        submitLabel="Deposit"
        pending={deposit.isPending}
        onSubmit={submit}
      />
    </Dialog>
  );
}
