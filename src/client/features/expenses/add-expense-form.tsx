import { z } from 'zod';
import type { Account } from '../../../shared/schemas/account.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { amountText } from '../../components/forms/amount-text.js';
import { showSpendingFailure } from '../../components/forms/refused-amount.js';
import { amountOf } from '../../lib/typed-amounts.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { accountOptions } from '../../components/forms/account-options.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
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
  const create = useCreateExpense();
  const options = accountOptions(accounts, { value: NO_ACCOUNT, label: 'None' });
  // A remembered account that no longer exists is not offered: it counts as None.
  const offered = (accountId: string) =>
    options.some((option) => option.value === accountId) ? accountId : NO_ACCOUNT;

  const { form, field, formProps, pending } = useAppForm({
    check: { schema: expenseFormSchema },
    defaultValues: { amount: '', description: '', accountId: initialAccountId ?? NO_ACCOUNT },
    request: (checked) => {
      const accountId = offered(checked.accountId);
      const input = {
        amount: checked.amount,
        description: checked.description.trim() || undefined,
        accountId: accountId === NO_ACCOUNT ? null : accountId,
      };
      return keyedRequest(input, create.mutateAsync);
    },
    success: 'Expense created successfully',
    // What was typed stays; with no answer the message says the server could not be reached.
    failure: 'Failed to create expense',
    onFailure: (error) => {
      // A block body: its type does not depend on `form`'s.
      showSpendingFailure(error, {
        form,
        field: 'amount',
        failure: 'Failed to create expense',
        available: accounts.find((account) => account.id === form.getValues('accountId'))
          ?.available,
      });
    },
    resetOnDone: true,
    onDone: onCreated,
  });

  return (
    <form {...formProps}>
      <AmountInput form={form} name="amount" autoFocus />
      <DescriptionField {...field('description')} placeholder="What was it for? (optional)" />
      <FormSelect
        {...field('accountId')}
        label="Account"
        placeholder="None"
        options={options}
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
