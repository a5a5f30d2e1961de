import type { ImportRow } from '../../../shared/schemas/import.js';
import type { Rule } from '../../../shared/schemas/rule.js';
import { Badge } from '../../components/ui/badge.js';
import { Table } from '../../components/ui/table.js';
import { formatMoney } from '../../lib/format.js';

const signed = (amount: number) => (amount < 0 ? `-${formatMoney(-amount)}` : formatMoney(amount));

const figures = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A row's amount: in dollars like the rest of the app, or, when the file states the row's
 * currency, the figure with that code ("-86.50 CNY"; accounts have no currency of their own yet).
 */
const rowAmount = (row: Pick<ImportRow, 'amount' | 'currency'>) =>
  row.currency
    ? `${row.amount < 0 ? '-' : ''}${figures.format(Math.abs(row.amount))} ${row.currency}`
    : signed(row.amount);

/**
 * Rows of the file as read: ticked to import (duplicates unticked by default), what it
 * duplicates, what a rule sets on it (its category by name), and an amount that had to be
 * rounded to the cent beside the amount as written.
 */
export function ReviewTable(props: {
  rows: ImportRow[];
  caption: string;
  rules: Rule[];
  /** id -> name of the book's categories, to show what the file or a rule sets. */
  categories: Map<string, string>;
  ticked: ReadonlySet<number>;
  onToggle: (line: number, ticked: boolean) => void;
}) {
  const ruleName = new Map(props.rules.map((rule) => [rule.id, rule.name]));
  return (
    <Table
      caption={props.caption}
      columns={[
        { label: 'Import' },
        { label: 'Line' },
        { label: 'Date' },
        { label: 'Description' },
        { label: 'Status' },
        { label: 'Rule' },
        { label: 'Category' },
        { label: 'Amount', align: 'right' },
      ]}
    >
      {props.rows.map((row) => (
        <tr key={row.line} className="border-t border-border">
          <td className="px-3 py-2">
            <input
              type="checkbox"
              aria-label={`Import line ${row.line}: ${row.description}`}
              checked={props.ticked.has(row.line)}
              onChange={(event) => props.onToggle(row.line, event.target.checked)}
            />
          </td>
          <td className="px-3 py-2 tabular-nums">{row.line}</td>
          <td className="px-3 py-2 whitespace-nowrap">{row.occurredOn}</td>
          <td className="px-3 py-2">
            {row.description}
            {row.payee && row.payee !== row.description && (
              <span className="block text-xs text-muted-foreground">{row.payee}</span>
            )}
          </td>
          <td className="px-3 py-2">
            {row.status === 'duplicate' && row.duplicateOf ? (
              <span>
                <Badge>Duplicate</Badge>
                <span className="block text-xs text-muted-foreground">
                  of {row.duplicateOf.occurredOn} {row.duplicateOf.description}
                </span>
              </span>
            ) : (
              <Badge>New</Badge>
            )}
          </td>
          <td className="px-3 py-2">{row.ruleId ? (ruleName.get(row.ruleId) ?? 'Rule') : ''}</td>
          <td className="px-3 py-2">
            {row.categoryId ? (props.categories.get(row.categoryId) ?? 'Category') : ''}
          </td>
          <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
            {rowAmount(row)}
            {row.writtenAmount && (
              <span className="block text-xs text-muted-foreground">
                written {row.writtenAmount}, rounded
              </span>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export { signed as signedMoney };
