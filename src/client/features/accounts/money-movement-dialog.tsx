import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/ui/dialog.js';
import { serverMessage } from '../../lib/api-error.js';
import { trpc } from '../../lib/trpc.js';
import { MoneyMovementForm, type MoneyMovement } from './money-movement-form.js';
import { useInvalidateMoney } from './use-invalidate-money.js';

export type MovementKind = 'deposit' | 'withdraw';

/** The words of each dialog, verbatim from the spec. */
const TEXTS = {
  deposit: {
    title: 'Deposit Funds',
    submit: 'Deposit',
    invalid: 'Please enter a valid amount to deposit.',
    success: 'Deposit successful',
    failure: 'Failed to deposit funds',
    defaultDescription: (title: string) => `Deposit to account ${title}`,
  },
  withdraw: {
    title: 'Withdraw Funds',
    submit: 'Withdraw',
    invalid: 'Please enter a valid amount to withdraw.',
    success: 'Withdrawal successful',
    failure: 'Failed to withdraw funds',
    defaultDescription: (title: string) => `Withdrawal from account ${title}`,
  },
} as const;

/**
 * Puts money in or takes it out. Closes on success; on failure (for example "Insufficient
 * funds") it stays open with the server's reason, so the amount can be corrected.
 */
export function MoneyMovementDialog({
  kind,
  account,
  open,
  onOpenChange,
}: {
  kind: MovementKind;
  account: Account;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const texts = TEXTS[kind];
  const deposit = trpc.account.deposit.useMutation();
  const withdraw = trpc.account.withdraw.useMutation();
  const mutation = kind === 'deposit' ? deposit : withdraw;
  const invalidateMoney = useInvalidateMoney();

  async function submit({ amount, description }: MoneyMovement) {
    try {
      await mutation.mutateAsync({ id: account.id, amount, description });
      toast.success(texts.success);
      onOpenChange(false);
      void invalidateMoney();
    } catch (error) {
      toast.error(serverMessage(error, texts.failure));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts.title}>
      <MoneyMovementForm
        account={account}
        invalidMessage={texts.invalid}
        defaultDescription={texts.defaultDescription(account.title)}
        submitLabel={texts.submit}
        pending={mutation.isPending}
        onSubmit={submit}
      />
    </Dialog>
  );
}
