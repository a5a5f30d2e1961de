import { useId, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { Money } from '../../components/ui/money.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { useAmountField } from '../../components/forms/use-amount-field.js';

export interface MoneyMovement {
  amount: number;
  /** Undefined when left empty: the server then writes its default description. */
  description: string | undefined;
}

/** The body shared by the deposit and withdraw dialogs: which account, amount, description. */
export function MoneyMovementForm({
  account,
  invalidMessage,
  defaultDescription,
  submitLabel,
  pending,
  onSubmit,
}: {
  account: Account;
  invalidMessage: string;
  defaultDescription: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (movement: MoneyMovement) => void;
}) {
  const id = useId();
  const amount = useAmountField(invalidMessage);
  const [description, setDescription] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    amount.touch();
    if (amount.amount === null || pending) return;
    onSubmit({ amount: amount.amount, description: description.trim() || undefined });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{account.title}</dd>
        <dt className="text-muted-foreground">Current balance</dt>
        <dd className="min-w-0 font-medium">
          <Money amount={account.balance} />
        </dd>
      </dl>
      <AmountInput field={amount} autoFocus />
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={defaultDescription}
          maxLength={DESCRIPTION_MAX}
        />
      </div>
      <Button type="submit" className="w-full" disabled={amount.amount === null || pending}>
        {pending && <Spinner className="h-4 w-4" label="Processing" />}
        {submitLabel}
      </Button>
    </form>
  );
}
