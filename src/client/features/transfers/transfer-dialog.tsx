import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { FieldError } from '../../components/forms/field-error.js';
import { useAmountField } from '../../components/forms/use-amount-field.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { Button } from '../../components/ui/button.js';
import { Input, Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { failureToast } from '../../lib/api-error.js';
import { formatMoney, todayLocal } from '../../lib/format.js';
import { screenToast } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useCreateTransfer, useTransferAccounts, useUpdateTransfer } from './api.js';
import { transferRequest, type EditedTransfer } from './transfer-request.js';
import { SelectField } from '../../components/forms/select-field.js';

/**
 * A new transfer, or with `editing` the saved one to change (amount, date, description, either
 * account): both legs change together. `onUpdated` gets the recorded change of an edit (the
 * ledger's page offers its Undo); without it a plain toast says it was saved.
 */
export function TransferForm({
  editing,
  onDone,
  onUpdated,
}: {
  editing?: EditedTransfer;
  onDone: () => void;
  onUpdated?: (changeId: string) => void;
}) {
  const id = useId();
  const accounts = useTransferAccounts();
  const amount = useAmountField(
    'Please enter a valid amount.',
    editing ? String(editing.amount) : '',
  );
  const [from, setFrom] = useState<string | undefined>(editing?.fromAccountId);
  const [to, setTo] = useState<string | undefined>(editing?.toAccountId);
  const [occurredOn, setOccurredOn] = useState(editing?.occurredOn ?? todayLocal());
  const [description, setDescription] = useState(editing?.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTransfer();
  const update = useUpdateTransfer();
  const submission = useSubmission();
  const options = (accounts.data ?? []).map((account) => ({
    value: account.id,
    label: `${account.title} (${formatMoney(account.balance)})`,
  }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    amount.touch();
    const request = transferRequest(
      {
        amount: amount.amount,
        amountError: amount.error,
        fromAccountId: from,
        toAccountId: to,
        occurredOn,
        description,
      },
      editing,
    );
    setProblem('problem' in request ? request.problem : null);
    if ('problem' in request) return;
    try {
      if (request.kind === 'create') {
        const done = await submission.run(request.input, (idempotencyKey) =>
          create.mutateAsync({ ...request.input, idempotencyKey }),
        );
        if (!done) return;
        toast.success('Transfer completed');
      } else {
        let changeId: string | undefined;
        const done = await submission.run(request.input, async (idempotencyKey) => {
          changeId = (await update.mutateAsync({ ...request.input, idempotencyKey })).changeId;
        });
        if (!done || !changeId) return;
        if (onUpdated) onUpdated(changeId);
        else toast.success('Transfer updated');
      }
      onDone();
    } catch (error) {
      const failure = failureToast(
        error,
        editing ? 'Failed to update the transfer' : 'Failed to transfer',
      );
      screenToast.error(failure.message, { description: failure.description });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <SelectField
        id={`${id}-from`}
        label="From account"
        placeholder="Choose an account"
        value={from}
        onValueChange={setFrom}
        options={options}
      />
      <SelectField
        id={`${id}-to`}
        label="To account"
        placeholder="Choose an account"
        value={to}
        onValueChange={setTo}
        options={options}
      />
      <AmountInput field={amount} />
      <div className="space-y-2">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={occurredOn}
          onChange={(event) => setOccurredOn(event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={DESCRIPTION_MAX}
          placeholder="What is it for? (optional)"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" className="w-full" disabled={submission.pending}>
        {submission.pending && (
          <Spinner className="h-4 w-4" label={editing ? 'Saving' : 'Transferring'} />
        )}
        {editing ? 'Save transfer' : 'Transfer'}
      </Button>
    </form>
  );
}

/** Money from one account of the book to another, as one transfer (POST /api/transfers). */
export function TransferDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Transfer money"
      description="Moves money between two of your accounts; both balances change together."
    >
      <TransferForm onDone={() => props.onOpenChange(false)} />
    </Dialog>
  );
}
