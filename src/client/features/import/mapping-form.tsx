import { useId } from 'react';
import type { CsvMapping } from '../../../shared/schemas/import.js';
import { Label } from '../../components/ui/label.js';

/** The CSV columns a person maps, with the label each select shows. */
const COLUMN_FIELDS: [keyof CsvMapping, string][] = [
  ['dateColumn', 'Date'],
  ['amountColumn', 'Amount'],
  ['indicatorColumn', 'Debit/credit indicator'],
  ['debitColumn', 'Debit (money out)'],
  ['creditColumn', 'Credit (money in)'],
  ['descriptionColumn', 'Description'],
  ['payeeColumn', 'Payee'],
  ['categoryColumn', 'Category'],
  ['referenceColumn', 'Bank reference'],
];

/** The columns that say which way the money goes, described by the form's sign hint. */
const SIGN_FIELDS = new Set<keyof CsvMapping>([
  'amountColumn',
  'indicatorColumn',
  'debitColumn',
  'creditColumn',
]);

const NONE = '';
/** A mapping remembered before indicator columns existed has none. */
const columnValue = (value: CsvMapping[keyof CsvMapping] | undefined) =>
  value === null || value === undefined ? NONE : String(value);
const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

/**
 * Which column is which: every change asks for a new preview, so the review below follows live.
 * The sign of the money is read one of three ways: a signed amount column; an amount column of
 * sizes with a column saying debit or credit; or separate debit and credit columns. The date
 * order and decimal separator are answered with the file's other choices (choices-panel.tsx),
 * one control each. Native selects: labelled, keyboard-usable, themed.
 */
export function MappingForm(props: {
  /** The id of the fieldset, so a question about the columns can point to it. */
  id?: string;
  headers: string[];
  width: number;
  mapping: CsvMapping;
  problem: string | null;
  onChange: (mapping: CsvMapping) => void;
}) {
  const id = useId();
  const columns = Array.from({ length: Math.max(props.width, props.headers.length) }, (_, i) => ({
    value: String(i),
    label: props.headers[i] ? `${i + 1}: ${props.headers[i]}` : `Column ${i + 1}`,
  }));
  const set = (patch: Partial<CsvMapping>) => props.onChange({ ...props.mapping, ...patch });
  return (
    <fieldset id={props.id} className="space-y-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Columns</legend>
      <p id={`${id}-sign`} className="text-sm text-muted-foreground">
        Money in and out: one amount column with its sign; or an amount column with a debit/credit
        indicator column beside it; or separate debit and credit columns.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {COLUMN_FIELDS.map(([field, label]) => (
          <div key={field} className="space-y-1">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <select
              id={`${id}-${field}`}
              aria-describedby={SIGN_FIELDS.has(field) ? `${id}-sign` : undefined}
              className={selectClass}
              value={columnValue(props.mapping[field])}
              onChange={(event) =>
                set({ [field]: event.target.value === NONE ? null : Number(event.target.value) })
              }
            >
              <option value={NONE}>None</option>
              {columns.map((column) => (
                <option key={column.value} value={column.value}>
                  {column.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <label className="flex items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            checked={props.mapping.hasHeader}
            onChange={(event) => set({ hasHeader: event.target.checked })}
          />
          First row holds headers
        </label>
      </div>
      {props.problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {props.problem}
        </p>
      )}
    </fieldset>
  );
}
