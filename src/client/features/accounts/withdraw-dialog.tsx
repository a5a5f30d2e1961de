import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/ui/dialog.js';
import { serverMessage } from '../../lib/api-error.js';
import { trpc } from '../../lib/trpc.js';
import { MoneyMovementForm, type MoneyMovement } from './money-movement-form.js';
import { useInvalidateMoney } from './use-invalidate-money.js';

/** Takes money out of an account. The server refuses more than the balance ("Insufficient funds"). */
export function WithdrawDialog({
  account,
  open,
  onOpenChange,
}: {
  account: Account;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const withdraw = trpc.account.withdraw.useMutation();
  const invalidateMoney = useInvalidateMoney();

  async function submit({ amount, description }: MoneyMovement) {
    try {
      await withdraw.mutateAsync({ id: account.id, amount, description });
      toast.success('Withdrawal successful');
      onOpenChange(false);
      void invalidateMoney();
    } catch (error) {
      toast.error(serverMessage(error, 'Failed to withdraw funds'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Withdraw Funds">
      <MoneyMovementForm
        account={account}
        invalidMessage="Please enter a valid amount to withdraw."
        defaultDescription={`Withdrawal from account ${account.title}`}
        submitLabel="Withdraw"
        pending={withdraw.isPending}
        onSubmit={submit}
      />
    </Dialog>
  );
}
