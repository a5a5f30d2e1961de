import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { SPLIT_LINES_MAX, SPLIT_LINES_MIN, SPLIT_NOTE_MAX } from '../../../shared/limits.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { readMoney } from '../../components/forms/typed-amounts.js';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import { FieldError } from '../../components/forms/field-error.js';
import { remainderText, splitRemainder, type SplitDraftLine } from './split-lines.js';

let nextKey = 0;
export function newSplitLine(
  amountText = '',
  categoryId = UNCATEGORISED,
  note = '',
): SplitDraftLine {
  nextKey += 1;
  return { key: `line-${nextKey}`, categoryId, amountText, note };
}

/**
 * The lines of a split expense or withdrawal: category, amount and note each, with what is left
 * to assign shown live (exact minor units of the entry's currency) and announced politely to
 * screen readers.
 */
export function SplitEditor(props: {
  amountText: string;
  lines: SplitDraftLine[];
  onChange: (lines: SplitDraftLine[]) => void;
  groups: CategoryGroup[];
  /** The entry's currency (its account's): the lines are typed in it. */
  currency?: DisplayCurrency;
}) {
  const currency = props.currency ?? USD;
  const remainder = splitRemainder(props.amountText, props.lines, currency);
  const update = (key: string, patch: Partial<SplitDraftLine>) =>
    props.onChange(props.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  return (
    <fieldset className="space-y-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Split lines</legend>
      {props.lines.map((line, index) => {
        const n = index + 1;
        return (
          <div key={line.key} className="grid grid-cols-[1fr_auto] gap-2" data-testid="split-line">
            <div className="grid gap-2 sm:grid-cols-2">
              <CategorySelect
                ariaLabel={`Line ${n} category`}
                value={line.categoryId}
                onChange={(categoryId) => update(line.key, { categoryId })}
                groups={props.groups}
                emptyOption={{ value: UNCATEGORISED, label: 'Uncategorised' }}
              />
              <LineAmount
                label={`Line ${n} amount`}
                text={line.amountText}
                currency={currency}
                onChange={(amountText) => update(line.key, { amountText })}
              />
              <Input
                aria-label={`Line ${n} note`}
                className="sm:col-span-2"
                placeholder="Note (optional)"
                maxLength={SPLIT_NOTE_MAX}
                value={line.note}
                onChange={(event) => update(line.key, { note: event.target.value })}
              />
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove line ${n}`}
              disabled={props.lines.length <= SPLIT_LINES_MIN}
              onClick={() => props.onChange(props.lines.filter((other) => other.key !== line.key))}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          aria-live="polite"
          data-testid="split-remainder"
          className={remainder.balanced ? 'text-sm text-muted-foreground' : 'text-sm font-medium'}
        >
          {remainder.text}
        </p>
        <div className="flex gap-2">
          {remainder.cents !== null && remainder.cents > 0n && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                const cents = remainder.cents ?? 0n;
                const empty = props.lines.find((line) => line.amountText.trim() === '');
                const text = remainderText(cents, currency);
                if (empty) update(empty.key, { amountText: text });
                else if (props.lines.length < SPLIT_LINES_MAX) {
                  props.onChange([...props.lines, newSplitLine(text)]);
                }
              }}
            >
              Assign the rest
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={props.lines.length >= SPLIT_LINES_MAX}
            onClick={() => props.onChange([...props.lines, newSplitLine()])}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add line
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/** A line's amount: kept as typed, with the reason under it when it cannot be read. */
function LineAmount(props: {
  label: string;
  text: string;
  currency: DisplayCurrency;
  onChange: (text: string) => void;
}) {
  const errorId = useId();
  const read = readMoney(props.text, props.currency);
  const problem = read.kind === 'unreadable' ? read.message : undefined;
  return (
    <div>
      <Input
        aria-label={props.label}
        inputMode="decimal"
        autoComplete="off"
        value={props.text}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      <FieldError id={errorId} message={problem} />
    </div>
  );
}
