import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { Spinner } from '../../components/ui/spinner.js';
import { isNetworkError, serverMessage } from '../../lib/api-error.js';
import { formatMoney } from '../../lib/format.js';
import { trpc } from '../../lib/trpc.js';
import { AmountInput } from '../accounts/amount-input.js';
import { useAmountField } from '../accounts/use-amount-field.js';
import { useInvalidateMoney } from '../accounts/use-invalidate-money.js';

const NO_ACCOUNT = 'none';

/** Records an expense, optionally against an account (which is then debited). */
export function AddExpenseForm({
  initialAccountId,
  onCreated,
}: {
  initialAccountId: string | null;
  onCreated(): void;
}) {
  const id = useId();
  const amount = useAmountField();
  const [description, setDescription] = useState('');
  const [accountId, setAccountId] = useState(initialAccountId ?? NO_ACCOUNT);
  const accounts = trpc.account.list.useQuery({});
  const create = trpc.expense.create.useMutation();
  const invalidateMoney = useInvalidateMoney();

  const accountOptions = [
    { value: NO_ACCOUNT, label: 'None' },
    ...(accounts.data?.data ?? []).map((account) => ({
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
    if (amount.amount === null || create.isPending) return;
    try {
      await create.mutateAsync({
        amount: amount.amount,
        description: description.trim() || undefined,
        accountId: selected === NO_ACCOUNT ? null : selected,
      });
      toast.success('Expense created successfully');
      amount.reset();
      setDescription('');
      setAccountId(initialAccountId ?? NO_ACCOUNT);
      void invalidateMoney();
      onCreated();
    } catch (error) {
      // Spec: a network error only ends the submitting state; the server's refusals are shown.
      if (!isNetworkError(error)) toast.error(serverMessage(error, 'Failed to create expense'));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AmountInput field={amount} invalidMessage="Please enter a valid amount." autoFocus />
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What was it for? (optional)"
          maxLength={500}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-account`}>Account</Label>
        <Select
          id={`${id}-account`}
          ariaLabel="Account"
          placeholder="None"
          value={selected}
          onValueChange={setAccountId}
          options={accountOptions}
        />
      </div>
      <Button
        type="submit"
        className="w-full"
        disabled={amount.amount === null || create.isPending}
      >
        {create.isPending && <Spinner className="h-4 w-4" label="Submitting" />}
        Add Expense
      </Button>
    </form>
  );
}
