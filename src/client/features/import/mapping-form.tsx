import { useId } from 'react';
import type { CsvMapping } from '../../../shared/schemas/import.js';
import { Label } from '../../components/ui/label.js';

/** The CSV columns a person maps, with the label each select shows. */
const COLUMN_FIELDS: [keyof CsvMapping, string][] = [
  ['dateColumn', 'Date'],
  ['amountColumn', 'Amount (signed)'],
  ['debitColumn', 'Debit (money out)'],
  ['creditColumn', 'Credit (money in)'],
  ['descriptionColumn', 'Description'],
  ['payeeColumn', 'Payee'],
  ['categoryColumn', 'Category'],
  ['referenceColumn', 'Bank reference'],
];

const NONE = '';
const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

/**
 * Which column is which: every change asks for a new preview, so the review below follows live.
 * Native selects: labelled, keyboard-usable, themed.
 */
export function MappingForm(props: {
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
    <fieldset className="space-y-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Columns</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {COLUMN_FIELDS.map(([field, label]) => (
          <div key={field} className="space-y-1">
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <select
              id={`${id}-${field}`}
              className={selectClass}
              value={props.mapping[field] === null ? NONE : String(props.mapping[field])}
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
        <div className="space-y-1">
          <Label htmlFor={`${id}-order`}>Date order</Label>
          <select
            id={`${id}-order`}
            className={selectClass}
            value={props.mapping.dateOrder}
            onChange={(event) => set({ dateOrder: event.target.value as CsvMapping['dateOrder'] })}
          >
            <option value="ymd">Year-month-day</option>
            <option value="dmy">Day-month-year</option>
            <option value="mdy">Month-day-year</option>
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-decimal`}>Decimal separator</Label>
          <select
            id={`${id}-decimal`}
            className={selectClass}
            value={props.mapping.decimalSeparator}
            onChange={(event) =>
              set({ decimalSeparator: event.target.value as CsvMapping['decimalSeparator'] })
            }
          >
            <option value=".">Dot (1,234.56)</option>
            <option value=",">Comma (1.234,56)</option>
          </select>
        </div>
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
