import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { MovementType, Transaction } from '../../../shared/schemas/ledger.js';
import { PAYEE_MAX } from '../../../shared/limits.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { accountOptions } from '../../components/forms/account-options.js';
import { DescriptionField } from '../../components/forms/description-field.js';
import { FieldError } from '../../components/forms/field-error.js';
import { FormSelect } from '../../components/forms/form-select.js';
import { SelectField } from '../../components/forms/select-field.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { TextField } from '../../components/forms/text-field.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { Label } from '../../components/ui/label.js';
import { useToday } from '../../lib/book.js';
import { usePayeeSuggestions, useUndo, useCreateEntry, useUpdateEntry } from './api.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { SplitEditor } from './split-editor.js';
import { toastWithUndo } from './undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';
import { reconciledFailure, useReconciledConfirm } from './reconciled-confirm.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import {
  NO_ACCOUNT,
  changes,
  createInput,
  entryFormSchema,
  entryFormValues,
  splittable,
} from './entry-form-values.js';

const TYPE_OPTIONS = [
  { value: 'expense', label: 'Expense' },
  { value: 'withdraw', label: 'Withdrawal' },
  { value: 'deposit', label: 'Deposit' },
];

/** What a save did: an edit's recorded change and fields (its toast offers Undo). */
type Saved = { edit: null } | { edit: { changeId: string; fields: Omit<UpdateEntryInput, 'id'> } };

/**
 * Creates a deposit, withdrawal or expense, or edits any field of one (`entry` given): date
 * (today by default, any earlier day allowed), payee with suggestions from earlier entries,
 * category, tags, and a split into lines that must add up to the amount exactly. An edit sends
 * only what changed, with the version it was made from, and its toast offers Undo.
 */
export function EntryForm(props: {
  entry?: Transaction;
  accounts: Account[];
  groups: CategoryGroup[];
  initialAccountId?: string;
  onDone: () => void;
}) {
  const { entry } = props;
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const undo = useUndo();
  const ruleOffer = useRuleOffer();
  const today = useToday();
  const reconciled = useReconciledConfirm();

  const { form, field, formProps, id, problem, pending } = useAppForm({
    check: { schema: entryFormSchema(new Set(props.accounts.map((account) => account.id))) },
    defaultValues: entryFormValues(entry, props.initialAccountId, today),
    request: (checked) => {
      if (!entry) {
        const input = createInput(checked);
        return {
          payload: input,
          send: async (key): Promise<Saved> => {
            await create.mutateAsync({ ...input, idempotencyKey: key });
            return { edit: null };
          },
        };
      }
      const fields = changes(entry, checked);
      if (Object.keys(fields).length === 0) return { unchanged: true };
      const input = { id: entry.id, expectedVersion: entry.version, ...fields };
      return {
        payload: input,
        send: async (key): Promise<Saved> => {
          const answer = await reconciled.withConfirmation((confirmReconciled) =>
            update.mutateAsync(
              confirmReconciled
                ? { ...input, confirmReconciled, idempotencyKey: newIdempotencyKey() }
                : { ...input, idempotencyKey: key },
            ),
          );
          return { edit: { changeId: answer.changeId, fields } };
        },
      };
    },
    success: ({ edit }) => {
      if (!entry || !edit) return void toast.success('Transaction created');
      const { fields } = edit;
      const offer =
        fields.categoryId === undefined
          ? undefined
          : ruleOffer(
              {
                description: fields.description ?? entry.description,
                payee: fields.payee ?? entry.payee,
              },
              fields.categoryId,
            );
      toastWithUndo('Transaction updated', edit.changeId, undo, offer);
    },
    failure: entry ? 'Failed to update transaction' : 'Failed to create transaction',
    onFailure: reconciledFailure(
      entry ? 'Failed to update transaction' : 'Failed to create transaction',
    ),
    onDone: props.onDone,
  });
  const [type, split, amountText, payee, lines, categoryId] = form.watch([
    'type',
    'split',
    'amount',
    'payee',
    'lines',
    'categoryId',
  ]);
  const payees = usePayeeSuggestions(payee);
  const canSplit = splittable(type);
  const splitting = split && canSplit;
  const options = accountOptions(
    props.accounts,
    type === 'expense' ? { value: NO_ACCOUNT, label: 'None' } : undefined,
  );

  const payeeListId = `${id}-payees`;
  return (
    <form {...formProps}>
      <div className="grid gap-4 sm:grid-cols-2">
        {entry ? (
          <div className="space-y-2">
            <p className="text-sm font-medium">Type</p>
            <p className="text-sm">{TYPE_OPTIONS.find((option) => option.value === type)?.label}</p>
          </div>
        ) : (
          <SelectField
            id={field('type').id}
            label="Type"
            placeholder="Type"
            value={type}
            onValueChange={(value) => form.setValue('type', value as MovementType)}
            options={TYPE_OPTIONS}
          />
        )}
        <TextField {...field('occurredOn')} label="Date" type="date" required />
      </div>
      <AmountInput form={form} name="amount" autoFocus />
      <FormSelect
        {...field('accountId')}
        label="Account"
        placeholder="Choose an account"
        options={options}
      />
      <TextField
        {...field('payee')}
        label="Payee"
        list={payeeListId}
        autoComplete="off"
        maxLength={PAYEE_MAX}
        placeholder="Who was paid? (optional)"
      />
      <datalist id={payeeListId}>
        {(payees.data ?? []).map((suggestion) => (
          <option key={suggestion.payee} value={suggestion.payee} />
        ))}
      </datalist>
      <DescriptionField {...field('description')} placeholder="What was it for? (optional)" />
      {!splitting && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <CategorySelect
            id={`${id}-category`}
            value={categoryId}
            onChange={(value) => form.setValue('categoryId', value)}
            groups={props.groups}
            emptyOption={{ value: UNCATEGORISED, label: 'Uncategorised' }}
          />
        </div>
      )}
      <TextField
        {...field('tags')}
        label="Tags"
        autoComplete="off"
        placeholder="e.g. trip, work"
        hint="Separate tags with commas."
      />
      {canSplit && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...form.register('split')} />
          Split into lines
        </label>
      )}
      {splitting && (
        <SplitEditor
          amountText={amountText}
          lines={lines}
          onChange={(next) => form.setValue('lines', next)}
          groups={props.groups}
        />
      )}
      <FieldError id={`${id}-problem`} message={problem} />
      <SubmitButton pending={pending} pendingLabel="Saving">
        {entry ? 'Save changes' : 'Add transaction'}
      </SubmitButton>
      {reconciled.dialog}
    </form>
  );
}
