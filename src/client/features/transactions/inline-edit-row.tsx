import { useId } from 'react';
import { z } from 'zod';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { amountText } from '../../components/forms/amount-text.js';
import { FieldError } from '../../components/forms/field-error.js';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { useUndo, useUpdateEntry } from './api.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';
import { reconciledFailure, useReconciledConfirm } from './reconciled-confirm.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { moneyEditText } from '../../components/forms/typed-amounts.js';
import { displayCurrency } from '../../lib/display-currency.js';
import type { DisplayCurrency } from '../../lib/format.js';

/**
 * The row's check: the amount (in the entry's currency: its account's), then the date, one
 * message at a time.
 */
const inlineEditSchema = (currency: DisplayCurrency) =>
  z.object({
    description: z.string(),
    amount: amountText('Please enter a valid amount.', { reasons: false, currency }),
    occurredOn: z.string().refine(isCalendarDate, 'Enter the date it happened'),
    categoryId: z.string(),
  });

/**
 * A row turned into a small form (`e`, or its Edit button): description, amount, date and
 * category, saved with Enter, left with Escape. A split entry keeps its amount and lines here
 * (they change together in the side panel).
 */
export function InlineEditRow(props: {
  entry: Transaction;
  groups: CategoryGroup[];
  onClose: (saved: boolean) => void;
}) {
  const { entry } = props;
  const id = useId();
  const split = entry.splits.length > 0;
  const update = useUpdateEntry();
  const undo = useUndo();
  const ruleOffer = useRuleOffer();
  const reconciled = useReconciledConfirm();
  const currency = displayCurrency(entry.currency);
  const { form, submit, problem, pending } = useAppForm({
    check: { schema: inlineEditSchema(currency) },
    defaultValues: {
      description: entry.description,
      amount: moneyEditText(entry.amount, currency),
      occurredOn: entry.occurredOn,
      categoryId: entry.categoryId ?? UNCATEGORISED,
    },
    request: (checked) => {
      const fields: Omit<UpdateEntryInput, 'id'> = {};
      const description = checked.description.trim();
      if (description !== entry.description) fields.description = description;
      if (!split && checked.amount !== entry.amount) fields.amount = checked.amount;
      if (checked.occurredOn !== entry.occurredOn) fields.occurredOn = checked.occurredOn;
      const category = checked.categoryId === UNCATEGORISED ? null : checked.categoryId;
      if (!split && category !== entry.categoryId) fields.categoryId = category;
      if (Object.keys(fields).length === 0) return { unchanged: true };
      const input = { id: entry.id, expectedVersion: entry.version, ...fields };
      return {
        payload: input,
        send: async (key) => {
          const { changeId } = await reconciled.withConfirmation((confirmReconciled) =>
            update.mutateAsync(
              confirmReconciled
                ? { ...input, confirmReconciled, idempotencyKey: newIdempotencyKey() }
                : { ...input, idempotencyKey: key },
            ),
          );
          return { changeId, fields };
        },
      };
    },
    success: ({ changeId, fields }) => {
      // The rule matches the entry's text as saved (an edit may change both at once).
      const saved = { description: fields.description ?? entry.description, payee: entry.payee };
      const offer =
        fields.categoryId === undefined ? undefined : ruleOffer(saved, fields.categoryId);
      toastWithUndo('Transaction updated', changeId, undo, offer);
    },
    failure: 'Failed to update transaction',
    onFailure: reconciledFailure('Failed to update transaction'),
    onDone: () => props.onClose(true),
    onUnchanged: () => props.onClose(false),
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          props.onClose(false);
        }
      }}
      aria-label={`Edit ${entry.description || 'transaction'}`}
      className="grid gap-2 px-3 py-3 sm:grid-cols-[2fr_1fr_1fr_1.5fr_auto]"
      noValidate
    >
      <Input
        aria-label="Description"
        autoFocus
        maxLength={DESCRIPTION_MAX}
        {...form.register('description')}
      />
      <Input
        aria-label={currency.code === 'USD' ? 'Amount' : `Amount (${currency.code})`}
        inputMode="decimal"
        disabled={split}
        title={split ? 'A split entry changes its amount with its lines, in the panel' : undefined}
        {...form.register('amount')}
      />
      <Input aria-label="Date" type="date" {...form.register('occurredOn')} />
      {split ? (
        <p className="self-center text-sm text-muted-foreground">Split</p>
      ) : (
        <CategorySelect
          ariaLabel="Category"
          value={form.watch('categoryId')}
          onChange={(value) => form.setValue('categoryId', value)}
          groups={props.groups}
          emptyOption={{ value: UNCATEGORISED, label: 'Uncategorised' }}
        />
      )}
      <div className="flex gap-2">
        <SubmitButton pending={pending} pendingLabel="Saving" size="sm" className="h-10">
          Save
        </SubmitButton>
        <Button variant="outline" size="sm" className="h-10" onClick={() => props.onClose(false)}>
          Cancel
        </Button>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
      {reconciled.dialog}
    </form>
  );
}
