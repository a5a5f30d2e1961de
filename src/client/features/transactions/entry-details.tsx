import type { UseFormReturn } from 'react-hook-form';
import type { CategoryGroup } from '../../../shared/schemas/category.js';
import { PAYEE_MAX } from '../../../shared/limits.js';
import { TextField } from '../../components/forms/text-field.js';
import { Label } from '../../components/ui/label.js';
import { CategorySelect, UNCATEGORISED } from '../../components/widgets/category-select.js';
import { usePayeeSuggestions } from './api.js';
import type { EntryFormValues } from './entry-form-values.js';
import { splittable } from './entry-request.js';
import { SplitEditor } from './split-editor.js';
import type { DisplayCurrency } from '../../lib/format.js';

/**
 * The entry form's fields past amount, description and account, behind "More details" (open on
 * /transactions and in an edit, closed in the spec's simple dialogs so they look as the spec
 * draws them): the date, the payee with suggestions from earlier entries, the category, the
 * tags, and the split into lines. A transfer has only its date (the transfer endpoint keeps no
 * category, payee or tags).
 */
export function EntryDetails(props: {
  form: UseFormReturn<EntryFormValues, unknown, unknown>;
  id: string;
  groups: CategoryGroup[];
  open: boolean;
  /** The entry's currency (the chosen account's): split lines are typed in it. */
  currency?: DisplayCurrency;
}) {
  const { form, id } = props;
  const field = (name: keyof EntryFormValues) => ({ form, name, id: `${id}-${name}` });
  const [type, split, amountText, payee, lines, categoryId] = form.watch([
    'type',
    'split',
    'amount',
    'payee',
    'lines',
    'categoryId',
  ]);
  const payees = usePayeeSuggestions(payee);
  const transfer = type === 'transfer';
  const canSplit = splittable(type);
  const splitting = split && canSplit;
  const payeeListId = `${id}-payees`;
  return (
    <details className="rounded-md border border-border p-3" open={props.open}>
      <summary className="cursor-pointer text-sm font-medium">More details</summary>
      <div className="mt-3 space-y-4">
        <TextField {...field('occurredOn')} label="Date" type="date" required />
        {!transfer && (
          <>
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
          </>
        )}
        {!transfer && !splitting && (
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
        {!transfer && (
          <TextField
            {...field('tags')}
            label="Tags"
            autoComplete="off"
            placeholder="e.g. trip, work"
            hint="Separate tags with commas."
          />
        )}
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
            currency={props.currency}
          />
        )}
      </div>
    </details>
  );
}
