import { useId, useState, type FormEvent } from 'react';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { DESCRIPTION_MAX } from '../../../shared/limits.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { AMOUNT_INPUT_PATTERN, parseAmount } from '../../../shared/validation.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Spinner } from '../../components/ui/spinner.js';
import { screenToast, showFailure } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useUndo, useUpdateEntry } from './api.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { toastWithUndo } from './undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';

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
  const [description, setDescription] = useState(entry.description);
  const [amountText, setAmountText] = useState(String(entry.amount));
  const [occurredOn, setOccurredOn] = useState(entry.occurredOn);
  const [categoryId, setCategoryId] = useState(entry.categoryId ?? UNCATEGORISED);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateEntry();
  const undo = useUndo();
  const submission = useSubmission();
  const ruleOffer = useRuleOffer();

  async function save(event: FormEvent) {
    event.preventDefault();
    const amount = parseAmount(amountText);
    if (amount === null) return setProblem('Please enter a valid amount.');
    if (!isCalendarDate(occurredOn)) return setProblem('Enter the date it happened');
    setProblem(null);
    const fields: Omit<UpdateEntryInput, 'id'> = {};
    if (description.trim() !== entry.description) fields.description = description.trim();
    if (!split && amount !== entry.amount) fields.amount = amount;
    if (occurredOn !== entry.occurredOn) fields.occurredOn = occurredOn;
    const category = categoryId === UNCATEGORISED ? null : categoryId;
    if (!split && category !== entry.categoryId) fields.categoryId = category;
    if (Object.keys(fields).length === 0) {
      screenToast.info('No changes to update.');
      props.onClose(false);
      return;
    }
    const input = { id: entry.id, expectedVersion: entry.version, ...fields };
    try {
      let changeId = '';
      const done = await submission.run(input, async (idempotencyKey) => {
        changeId = (await update.mutateAsync({ ...input, idempotencyKey })).changeId;
      });
      if (!done) return;
      // The rule matches the entry's text as saved (an edit may change both at once).
      const saved = { description: fields.description ?? entry.description, payee: entry.payee };
      const offer = fields.categoryId === undefined ? undefined : ruleOffer(saved, category);
      toastWithUndo('Transaction updated', changeId, undo, offer);
      props.onClose(true);
    } catch (error) {
      showFailure(error, 'Failed to update transaction');
    }
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
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
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Input
        aria-label="Amount"
        inputMode="decimal"
        disabled={split}
        title={split ? 'A split entry changes its amount with its lines, in the panel' : undefined}
        value={amountText}
        onChange={(event) => {
          if (AMOUNT_INPUT_PATTERN.test(event.target.value)) setAmountText(event.target.value);
        }}
      />
      <Input
        aria-label="Date"
        type="date"
        value={occurredOn}
        onChange={(event) => setOccurredOn(event.target.value)}
      />
      {split ? (
        <p className="self-center text-sm text-muted-foreground">Split</p>
      ) : (
        <CategorySelect
          ariaLabel="Category"
          value={categoryId}
          onChange={setCategoryId}
          groups={props.groups}
          emptyOption={{ value: UNCATEGORISED, label: 'Uncategorised' }}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="h-10" disabled={submission.pending}>
          {submission.pending && <Spinner className="h-4 w-4" label="Saving" />}
          Save
        </Button>
        <Button variant="outline" size="sm" className="h-10" onClick={() => props.onClose(false)}>
          Cancel
        </Button>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
    </form>
  );
}
