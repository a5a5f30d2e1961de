import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import type { CreateEntryInput, UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { MovementType, Transaction } from '../../../shared/schemas/ledger.js';
import { DESCRIPTION_MAX, PAYEE_MAX } from '../../../shared/limits.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { parseAmount } from '../../../shared/validation.js';
import { AmountInput } from '../../components/forms/amount-input.js';
import { FieldError } from '../../components/forms/field-error.js';
import { useAmountField } from '../../components/forms/use-amount-field.js';
import { Button } from '../../components/ui/button.js';
import { Input, Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { failureToast } from '../../lib/api-error.js';
import { formatMoney, todayLocal } from '../../lib/format.js';
import { screenToast } from '../../lib/screen-toast.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useCreateEntry, usePayeeSuggestions, useUndo, useUpdateEntry } from './api.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { SplitEditor, newSplitLine } from './split-editor.js';
import { splitRemainder, type SplitDraftLine } from './split-lines.js';
import { parseTags, tagsProblem } from './tags.js';
import { toastWithUndo } from './undo-toast.js';
import { useRuleOffer } from './use-rule-offer.js';
import { SelectField } from '../../components/forms/select-field.js';

const NO_ACCOUNT = 'none';
const TYPE_OPTIONS = [
  { value: 'expense', label: 'Expense' },
  { value: 'withdraw', label: 'Withdrawal' },
  { value: 'deposit', label: 'Deposit' },
];

function initialLines(entry: Transaction | undefined): SplitDraftLine[] {
  if (!entry || entry.splits.length === 0) return [newSplitLine(), newSplitLine()];
  return entry.splits.map((line) =>
    newSplitLine(String(line.amount), line.categoryId ?? UNCATEGORISED, line.note),
  );
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

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
  const id = useId();
  const amount = useAmountField('Please enter a valid amount.', entry ? String(entry.amount) : '');
  const [type, setType] = useState<MovementType>(
    entry && entry.transactionType !== 'transfer' ? entry.transactionType : 'expense',
  );
  const [accountId, setAccountId] = useState(
    entry ? (entry.accountId ?? NO_ACCOUNT) : (props.initialAccountId ?? NO_ACCOUNT),
  );
  const [occurredOn, setOccurredOn] = useState(entry?.occurredOn ?? todayLocal());
  const [description, setDescription] = useState(entry?.description ?? '');
  const [payee, setPayee] = useState(entry?.payee ?? '');
  const [categoryId, setCategoryId] = useState(entry?.categoryId ?? UNCATEGORISED);
  const [tagsText, setTagsText] = useState(entry?.tags.join(', ') ?? '');
  const [split, setSplit] = useState(Boolean(entry && entry.splits.length > 0));
  const [lines, setLines] = useState(() => initialLines(entry));
  const [problem, setProblem] = useState<string | null>(null);
  const payees = usePayeeSuggestions(payee);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const undo = useUndo();
  const submission = useSubmission();
  const ruleOffer = useRuleOffer();

  const splittable = type === 'expense' || type === 'withdraw';
  const splitting = split && splittable;
  const accountOptions = [
    ...(type === 'expense' ? [{ value: NO_ACCOUNT, label: 'None' }] : []),
    ...props.accounts.map((account) => ({
      value: account.id,
      label: `${account.title} (${formatMoney(account.balance)})`,
    })),
  ];
  const chosenAccount = accountOptions.some((option) => option.value === accountId)
    ? accountId
    : undefined;
  const tags = parseTags(tagsText);
  const remainder = splitRemainder(amount.text, lines);

  /** What is wrong before anything is sent, or null. */
  function check(): string | null {
    if (amount.amount === null) return amount.error;
    if (!chosenAccount || (chosenAccount === NO_ACCOUNT && type !== 'expense')) {
      return 'Choose an account';
    }
    if (!isCalendarDate(occurredOn)) return 'Enter the date it happened';
    const tagProblem = tagsProblem(tags);
    if (tagProblem) return tagProblem;
    if (splitting && !remainder.balanced) {
      return `The split lines must add up to the amount: ${remainder.text}`;
    }
    return null;
  }

  const splitLines = () =>
    lines.map((line) => ({
      categoryId: line.categoryId === UNCATEGORISED ? null : line.categoryId,
      amount: parseAmount(line.amountText) ?? 0,
      note: line.note.trim(),
    }));

  function createInput(value: number): CreateEntryInput {
    return {
      type,
      accountId: chosenAccount === NO_ACCOUNT ? null : (chosenAccount ?? null),
      amount: value,
      description: description.trim(),
      occurredOn,
      payee: payee.trim(),
      tags,
      ...(splitting
        ? { splits: splitLines() }
        : { categoryId: categoryId === UNCATEGORISED ? null : categoryId }),
    };
  }

  /** Only the fields that differ from the entry: a no-op edit is not sent at all. */
  function changes(current: Transaction, value: number): Omit<UpdateEntryInput, 'id'> {
    const next: Omit<UpdateEntryInput, 'id'> = {};
    if (value !== current.amount) next.amount = value;
    if (occurredOn !== current.occurredOn) next.occurredOn = occurredOn;
    if (description.trim() !== current.description) next.description = description.trim();
    if (payee.trim() !== current.payee) next.payee = payee.trim();
    if (!sameList(tags, current.tags)) next.tags = tags;
    const account = chosenAccount === NO_ACCOUNT ? null : (chosenAccount ?? null);
    if (account !== current.accountId) next.accountId = account;
    if (splitting) {
      const wanted = splitLines();
      const had = current.splits.map(({ categoryId: c, amount: a, note }) => ({
        categoryId: c,
        amount: a,
        note,
      }));
      // A split entry's new amount needs its lines in the same request (docs/ledger.md#splits).
      if (!sameList(wanted, had) || next.amount !== undefined) next.splits = wanted;
    } else {
      if (current.splits.length > 0) next.splits = null;
      const category = categoryId === UNCATEGORISED ? null : categoryId;
      if (category !== current.categoryId || current.splits.length > 0) next.categoryId = category;
    }
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    amount.touch();
    const reason = check();
    setProblem(reason);
    if (reason || amount.amount === null) return;
    const value = amount.amount;
    try {
      if (!entry) {
        const input = createInput(value);
        const done = await submission.run(input, (idempotencyKey) =>
          create.mutateAsync({ ...input, idempotencyKey }),
        );
        if (!done) return;
        toast.success('Transaction created');
        props.onDone();
        return;
      }
      const fields = changes(entry, value);
      if (Object.keys(fields).length === 0) {
        screenToast.info('No changes to update.');
        return;
      }
      const input = { id: entry.id, expectedVersion: entry.version, ...fields };
      let changeId = '';
      const done = await submission.run(input, async (idempotencyKey) => {
        const answer = await update.mutateAsync({ ...input, idempotencyKey });
        changeId = answer.changeId;
      });
      if (!done) return;
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
      toastWithUndo('Transaction updated', changeId, undo, offer);
      props.onDone();
    } catch (error) {
      const failure = failureToast(
        error,
        entry ? 'Failed to update transaction' : 'Failed to create transaction',
      );
      screenToast.error(failure.message, { description: failure.description });
    }
  }

  const payeeListId = `${id}-payees`;
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        {entry ? (
          <div className="space-y-2">
            <p className="text-sm font-medium">Type</p>
            <p className="text-sm">{TYPE_OPTIONS.find((option) => option.value === type)?.label}</p>
          </div>
        ) : (
          <SelectField
            id={`${id}-type`}
            label="Type"
            placeholder="Type"
            value={type}
            onValueChange={(value) => setType(value as MovementType)}
            options={TYPE_OPTIONS}
          />
        )}
        <div className="space-y-2">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            required
            value={occurredOn}
            onChange={(event) => setOccurredOn(event.target.value)}
          />
        </div>
      </div>
      <AmountInput field={amount} autoFocus />
      <SelectField
        id={`${id}-account`}
        label="Account"
        placeholder="Choose an account"
        value={chosenAccount}
        onValueChange={setAccountId}
        options={accountOptions}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-payee`}>Payee</Label>
        <Input
          id={`${id}-payee`}
          list={payeeListId}
          autoComplete="off"
          maxLength={PAYEE_MAX}
          placeholder="Who was paid? (optional)"
          value={payee}
          onChange={(event) => setPayee(event.target.value)}
        />
        <datalist id={payeeListId}>
          {(payees.data ?? []).map((suggestion) => (
            <option key={suggestion.payee} value={suggestion.payee} />
          ))}
        </datalist>
      </div>
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
      {!splitting && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <CategorySelect
            id={`${id}-category`}
            value={categoryId}
            onChange={setCategoryId}
            groups={props.groups}
            emptyOption={{ value: UNCATEGORISED, label: 'Uncategorised' }}
          />
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input
          id={`${id}-tags`}
          autoComplete="off"
          placeholder="e.g. trip, work"
          aria-describedby={`${id}-tags-hint`}
          value={tagsText}
          onChange={(event) => setTagsText(event.target.value)}
        />
        <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">
          Separate tags with commas.
        </p>
      </div>
      {splittable && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={split}
            onChange={(event) => setSplit(event.target.checked)}
          />
          Split into lines
        </label>
      )}
      {splitting && (
        <SplitEditor
          amountText={amount.text}
          lines={lines}
          onChange={setLines}
          groups={props.groups}
        />
      )}
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" className="w-full" disabled={submission.pending}>
        {submission.pending && <Spinner className="h-4 w-4" label="Saving" />}
        {entry ? 'Save changes' : 'Add transaction'}
      </Button>
    </form>
  );
}
