import { useId, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { formatMoney } from '../../lib/format.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { useAmountField } from '../../components/forms/use-amount-field.js';
import { useCreateExpense } from './api.js';
import { SelectField } from '../../components/forms/select-field.js';

const NO_ACCOUNT = 'none';

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
  const amount = useAmountField('Please enter a valid amount.');
  const [description, setDescription] = useState('');
  const [accountId, setAccountId] = useState(initialAccountId ?? NO_ACCOUNT);
  const create = useCreateExpense();
  const submission = useSubmission();

  const accountOptions = [
    { value: NO_ACCOUNT, label: 'None' },
    ...accounts.map((account) => ({
      value: account.id,
      label: `${account.title} (${formatMoney(account.balance)})`,
    })),
  ];
  // A remembered account that no longer exists is not offered: fall back to None.
  const selected = accountOptions.some((option) => option.value === accountId)
    ? accountId
    : NO_ACCOUNT;

  async function submit(event: FormEvent) {
    event.preventDefault();
    amount.touch();
    if (amount.amount === null) return;
    const input = {
      amount: amount.amount,
      description: description.trim() || undefined,
      accountId: selected === NO_ACCOUNT ? null : selected,
    };
    try {
      const done = await submission.run(input, (idempotencyKey) =>
        create.mutateAsync({ ...input, idempotencyKey }),
      );
      if (!done) return;
      toast.success('Expense created successfully');
      amount.reset();
      setDescription('');
      setAccountId(initialAccountId ?? NO_ACCOUNT);
      onCreated();
    } catch (error) {
      // What was typed stays; with no answer the message says the server could not be reached.
      showFailure(error, 'Failed to create expense');
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <AmountInput field={amount} autoFocus />
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What was it for? (optional)"
          maxLength={DESCRIPTION_MAX}
        />
      </div>
      <SelectField
        id={`${id}-account`}
        label="Account"
        placeholder="None"
        value={selected}
        onValueChange={setAccountId}
        options={accountOptions}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={amount.amount === null || submission.pending}
      >
        {submission.pending && <Spinner className="h-4 w-4" label="Submitting" />}
        Add Expense
      </Button>
    </form>
  );
}
