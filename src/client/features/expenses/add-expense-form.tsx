import { useId } from 'react';
import { z } from 'zod';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import type { Account } from '../../../shared/schemas/account.js';
import { formatMoney } from '../../lib/format.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { amountOf, amountText } from '../../components/forms/amount-text.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { useCreateExpense } from './api.js';

const NO_ACCOUNT = 'none';

const expenseFormSchema = z.object({
  amount: amountText('Please enter a valid amount.'),
  description: z.string(),
  accountId: z.string(),
});

/** Records an expense, optionally against one of `accounts` (which is then debited). */
export function AddExpenseForm({
  initialAccountId,
  accounts,
  onCreated,
}: {
  initialAccountId: string | null;
  accounts: Account[];
  onCreated: () => void;
}) {
  const id = useId();
  const create = useCreateExpense();
  const accountOptions = [
    { value: NO_ACCOUNT, label: 'None' },
    ...accounts.map((account) => ({
      value: account.id,
      label: `${account.title} (${formatMoney(account.balance)})`,
    })),
  ];
  // A remembered account that no longer exists is not offered: it counts as None.
  const offered = (accountId: string) =>
    accountOptions.some((option) => option.value === accountId) ? accountId : NO_ACCOUNT;

  const { form, submit, pending } = useAppForm({
    check: { schema: expenseFormSchema },
    defaultValues: { amount: '', description: '', accountId: initialAccountId ?? NO_ACCOUNT },
    request: (checked) => {
      const accountId = offered(checked.accountId);
      const input = {
        amount: checked.amount,
        description: checked.description.trim() || undefined,
        accountId: accountId === NO_ACCOUNT ? null : accountId,
      };
      return {
        payload: input,
        send: (key) => create.mutateAsync({ ...input, idempotencyKey: key }),
      };
    },
    success: 'Expense created successfully',
    // What was typed stays; with no answer the message says the server could not be reached.
    failure: 'Failed to create expense',
    resetOnDone: true,
    onDone: onCreated,
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <AmountInput form={form} name="amount" autoFocus />
      <TextField
        form={form}
        name="description"
        id={`${id}-description`}
        label="Description"
        multiline
        placeholder="What was it for? (optional)"
        maxLength={DESCRIPTION_MAX}
      />
      <FormSelect
        form={form}
        name="accountId"
        id={`${id}-account`}
        label="Account"
        placeholder="None"
        options={accountOptions}
        fallback={NO_ACCOUNT}
      />
      <SubmitButton
        pending={pending}
        pendingLabel="Submitting"
        disabled={amountOf(form.watch('amount')) === null}
      >
        Add Expense
      </SubmitButton>
    </form>
  );
}
