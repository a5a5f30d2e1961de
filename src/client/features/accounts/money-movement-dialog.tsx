import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useDeposit, useWithdraw } from './api.js';
import { MoneyMovementForm, type MoneyMovement } from './money-movement-form.js';

export type MovementKind = 'deposit' | 'withdraw';

/** The words of each dialog (docs/product.md#money-dialogs). */
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
 * funds", or no answer from the server) it stays open with what was typed and the reason, so
 * it can be corrected or sent again. Sent again unchanged after no answer, it carries the same
 * Idempotency-Key, so it cannot apply twice.
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
  onOpenChange: (open: boolean) => void;
}) {
  const texts = TEXTS[kind];
  const deposit = useDeposit();
  const withdraw = useWithdraw();
  const mutation = kind === 'deposit' ? deposit : withdraw;
  const submission = useSubmission();

  async function submit({ amount, description }: MoneyMovement) {
    const input = { id: account.id, amount, description };
    try {
      const done = await submission.run(input, (idempotencyKey) =>
        mutation.mutateAsync({ ...input, idempotencyKey }),
      );
      if (!done) return;
      toast.success(texts.success);
      onOpenChange(false);
    } catch (error) {
      showFailure(error, texts.failure);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={texts.title}>
      <MoneyMovementForm
        account={account}
        invalidMessage={texts.invalid}
        defaultDescription={texts.defaultDescription(account.title)}
        submitLabel={texts.submit}
        pending={submission.pending}
        onSubmit={(movement) => void submit(movement)}
      />
    </Dialog>
  );
}
