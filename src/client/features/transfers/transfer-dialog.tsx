import { toast } from 'sonner';
import { z } from 'zod';
import { AmountInput } from '../../components/forms/amount-input.js';
import { amountText } from '../../components/forms/amount-text.js';
import { FieldError } from '../../components/forms/field-error.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { accountOptions } from '../../components/forms/account-options.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { Dialog } from '../../components/overlays/dialog.js';
import { useToday } from '../../lib/book.js';
import { useCreateTransfer, useTransferAccounts, useUpdateTransfer } from './api.js';
import { transferRequest, type EditedTransfer } from './transfer-request.js';
import { amountEditText } from '../../lib/typed-amounts.js';

/** The amount is checked first; the rest, in the order shown, by transferRequest. */
const transferFormSchema = z.object({
  amount: amountText('Please enter a valid amount.'),
  fromAccountId: z.string().optional(),
  toAccountId: z.string().optional(),
  occurredOn: z.string(),
  description: z.string(),
});

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
  const accounts = useTransferAccounts();
  const create = useCreateTransfer();
  const update = useUpdateTransfer();
  const options = accountOptions(accounts.data ?? []);
  const today = useToday();
  const { form, field, formProps, id, problem, pending } = useAppForm({
    check: { schema: transferFormSchema },
    defaultValues: {
      amount: editing ? amountEditText(editing.amount) : '',
      fromAccountId: editing?.fromAccountId,
      toAccountId: editing?.toAccountId,
      occurredOn: editing?.occurredOn ?? today,
      description: editing?.description ?? '',
    },
    request: (checked) => {
      const { fromAccountId, toAccountId } = checked;
      const values = { ...checked, fromAccountId, toAccountId, amountError: null };
      const request = transferRequest(values, editing);
      if ('problem' in request) return request;
      if (request.kind === 'create') {
        const { input } = request;
        return {
          payload: input,
          send: async (key) => {
            await create.mutateAsync({ ...input, idempotencyKey: key });
            return undefined;
          },
        };
      }
      const { input } = request;
      return {
        payload: input,
        send: async (key) => (await update.mutateAsync({ ...input, idempotencyKey: key })).changeId,
      };
    },
    success: (changeId) => {
      if (changeId === undefined) toast.success('Transfer completed');
      else if (onUpdated) onUpdated(changeId);
      else toast.success('Transfer updated');
    },
    failure: editing ? 'Failed to update the transfer' : 'Failed to transfer',
    onDone,
  });

  return (
    <form {...formProps}>
      {(['fromAccountId', 'toAccountId'] as const).map((name) => (
        <FormSelect
          key={name}
          {...field(name)}
          label={name === 'fromAccountId' ? 'From account' : 'To account'}
          placeholder="Choose an account"
          options={options}
        />
      ))}
      <AmountInput form={form} name="amount" />
      <TextField {...field('occurredOn')} label="Date" type="date" />
      <DescriptionField {...field('description')} placeholder="What is it for? (optional)" />
      <FieldError id={`${id}-problem`} message={problem} />
      <SubmitButton pending={pending} pendingLabel={editing ? 'Saving' : 'Transferring'}>
        {editing ? 'Save transfer' : 'Transfer'}
      </SubmitButton>
    </form>
  );
}

/** Money from one account of the book to another, as one transfer (POST /api/transfers). */
export function TransferDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      {...props}
      title="Transfer money"
      description="Moves money between two of your accounts; both balances change together."
    >
      <TransferForm onDone={() => props.onOpenChange(false)} />
    </Dialog>
  );
}
