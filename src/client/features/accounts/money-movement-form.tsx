import { z } from 'zod';
import type { Account } from '../../../shared/schemas/account.js';
import { Money } from '../../components/ui/money.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { amountText } from '../../components/forms/amount-text.js';
import { showSpendingFailure } from '../../components/forms/refused-amount.js';
import { amountOf } from '../../lib/typed-amounts.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { useDeposit, useWithdraw } from './api.js';

export type MovementKind = 'deposit' | 'withdraw';

/** The words of each dialog (docs/product.md#money-dialogs). */
export const MOVEMENT_TEXTS = {
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
 * The body of the deposit and withdraw dialogs: which account, amount, description. On failure
 * (for example "Insufficient funds", or no answer) the form keeps what was typed and the toast
 * says why (a lack of funds also at the amount, with what is available); sent again unchanged after no answer, it carries the same Idempotency-Key.
 */
export function MoneyMovementForm({
  kind,
  account,
  onDone,
}: {
  kind: MovementKind;
  account: Account;
  onDone: () => void;
}) {
  const texts = MOVEMENT_TEXTS[kind];
  const deposit = useDeposit();
  const withdraw = useWithdraw();
  const mutation = kind === 'deposit' ? deposit : withdraw;
  const { form, field, formProps, pending } = useAppForm({
    check: { schema: z.object({ amount: amountText(texts.invalid), description: z.string() }) },
    defaultValues: { amount: '', description: '' },
    request: ({ amount, description }) => {
      // Left empty, the description is not sent: the server writes its default one.
      const input = { id: account.id, amount, description: description.trim() || undefined };
      return keyedRequest(input, mutation.mutateAsync);
    },
    success: texts.success,
    failure: texts.failure,
    onFailure: (error) => {
      // A block body: its type does not depend on `form`'s.
      showSpendingFailure(error, {
        form,
        field: 'amount',
        failure: texts.failure,
        available: account.available,
      });
    },
    onDone,
  });

  return (
    <form {...formProps}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{account.title}</dd>
        <dt className="text-muted-foreground">Current balance</dt>
        <dd className="min-w-0 font-medium">
          <Money amount={account.balance} />
        </dd>
      </dl>
      <AmountInput form={form} name="amount" autoFocus />
      <DescriptionField
        {...field('description')}
        label="Description (optional)"
        singleLine
        placeholder={texts.defaultDescription(account.title)}
      />
      <SubmitButton
        pending={pending}
        pendingLabel="Processing"
        disabled={amountOf(form.watch('amount')) === null}
      >
        {texts.submit}
      </SubmitButton>
    </form>
  );
}
