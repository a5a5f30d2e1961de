import { useEffect, useId, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ImportRow } from '../../../shared/schemas/import.js';
import type { Rule } from '../../../shared/schemas/rule.js';
import { Badge } from '../../components/ui/badge.js';
import { Money } from '../../components/ui/money.js';
import { cn } from '../../lib/cn.js';
import { formatMoney, USD, type FigureCurrency } from '../../lib/format.js';

const signed = (amount: number, currency: FigureCurrency = USD) =>
  amount < 0 ? `-${formatMoney(-amount, currency)}` : formatMoney(amount, currency);

const figures = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A row's amount: in the account's currency like the rest of the app, or, when the file states
 * another currency for the row, the figure with that code ("-86.50 CNY").
 */
const rowAmount = (row: Pick<ImportRow, 'amount' | 'currency'>, currency: FigureCurrency) =>
  row.currency && row.currency !== (typeof currency === 'string' ? currency : currency.code)
    ? `${row.amount < 0 ? '-' : ''}${figures.format(Math.abs(row.amount))} ${row.currency}`
    : signed(row.amount, currency);

const COLUMNS = ['Import', 'Line', 'Date', 'Description', 'Status', 'Rule', 'Category', 'Amount'];

/**
 * One layout for both widths, cells in the header's order (what a screen reader reads): from
 * a table 48rem wide (a container query: the page around it may have a sidebar) a grid of eight
 * columns; below it the row stacks, the checkbox, the description (which
 * wraps) and the amount (never cut, decision 023) on the first line, the rest under them.
 */
const ROW =
  'grid grid-cols-[2rem_minmax(0,1fr)_auto] gap-x-3 px-3 py-2 @3xl:grid-cols-[3.5rem_3.5rem_6.5rem_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_10rem]';
/** Where each cell goes on a phone; on a wide table every cell takes its own column. */
const PLACE = [
  'col-start-1 row-start-1 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-2 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-3 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-1 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-4 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-5 @3xl:col-auto @3xl:row-auto',
  'col-start-2 row-start-6 @3xl:col-auto @3xl:row-auto',
  'col-start-3 row-start-1 text-right @3xl:col-auto @3xl:row-auto',
];
/** What the phone layout says before a cell's value, where the header row is not shown. */
const PHONE_LABEL = '@3xl:hidden text-muted-foreground';

/** About one row's height; rows are measured once drawn (a wrapped description is taller). */
const ROW_ESTIMATE = 44;

/**
 * Rows of the file as read: ticked to import (duplicates unticked by default), what it
 * duplicates, what a rule sets on it (its category by name), and an amount that had to be
 * rounded to the cent beside the amount as written. Only the rows in sight are in the page
 * (@tanstack/react-virtual), so 20,000 rows show as fast as 20; the table says how many rows it
 * has (aria-rowcount) and where each drawn row is (aria-rowindex). "Select all" ticks every row
 * of the table, drawn or not (docs/import.md#in-the-web-app).
 */
export function ReviewTable(props: {
  rows: ImportRow[];
  caption: string;
  rules: Rule[];
  /** id -> name of the book's categories, to show what the file or a rule sets. */
  categories: Map<string, string>;
  ticked: ReadonlySet<number>;
  onToggle: (line: number, ticked: boolean) => void;
  /** Every line of this table ticked (true) or unticked (false) at once. */
  onToggleAll: (lines: readonly number[], ticked: boolean) => void;
  /** The account's currency (USD unless given). */
  currency?: FigureCurrency;
}) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const allBox = useRef<HTMLInputElement>(null);
  const { rows, ticked } = props;
  const ruleName = new Map(props.rules.map((rule) => [rule.id, rule.name]));
  const tickedHere = rows.reduce((count, row) => count + (ticked.has(row.line) ? 1 : 0), 0);
  const all = rows.length > 0 && tickedHere === rows.length;
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = tickedHere > 0 && !all;
  }, [tickedHere, all]);
  // TanStack Virtual hands back functions React Compiler must not memoise; this table is not.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    getItemKey: (index) => rows[index]?.line ?? index,
  });
  const count = rows.length.toLocaleString('en-US');

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <label className="inline-flex items-center gap-2 font-medium">
          <input
            ref={allBox}
            type="checkbox"
            checked={all}
            onChange={(event) =>
              props.onToggleAll(
                rows.map((row) => row.line),
                event.target.checked,
              )
            }
          />
          Select all {count} rows
        </label>
        <span id={`${id}-count`} aria-live="polite" data-testid="review-selected-count">
          {tickedHere.toLocaleString('en-US')} of {count} selected
        </span>
      </div>
      <span id={`${id}-caption`} className="sr-only">
        {props.caption}
      </span>
      <div
        ref={scroller}
        role="region"
        aria-labelledby={`${id}-caption`}
        tabIndex={0}
        className="@container max-h-[min(70dvh,40rem)] overflow-auto rounded-xl border border-border"
        data-testid="review-scroller"
      >
        <div
          role="table"
          aria-labelledby={`${id}-caption`}
          aria-describedby={`${id}-count`}
          aria-rowcount={rows.length + 1}
          className="text-left text-sm"
        >
          <div role="rowgroup" className="sticky top-0 z-10 bg-muted text-muted-foreground">
            {/* On a phone the header row is for screen readers only: each cell says what it is. */}
            <div
              role="row"
              aria-rowindex={1}
              className={cn(ROW, 'sr-only @3xl:not-sr-only @3xl:grid')}
            >
              {COLUMNS.map((label, index) => (
                <span
                  key={label}
                  role="columnheader"
                  className={cn('py-1 font-medium', index === 7 && 'text-right')}
                >
                  {label}
                </span>
              ))}
            </div>
          </div>
          <div
            role="rowgroup"
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={cn(ROW, 'absolute top-0 left-0 w-full border-t border-border')}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <span role="cell" className={PLACE[0]}>
                    <input
                      type="checkbox"
                      aria-label={`Import line ${row.line}: ${row.description}`}
                      checked={ticked.has(row.line)}
                      onChange={(event) => props.onToggle(row.line, event.target.checked)}
                    />
                  </span>
                  <span role="cell" className={cn(PLACE[1], 'text-xs tabular-nums @3xl:text-sm')}>
                    <span className={PHONE_LABEL}>Line </span>
                    {row.line}
                  </span>
                  <span
                    role="cell"
                    className={cn(PLACE[2], 'text-xs whitespace-nowrap @3xl:text-sm')}
                  >
                    {row.occurredOn}
                  </span>
                  <span role="cell" className={cn(PLACE[3], 'min-w-0 break-words')}>
                    {row.description}
                    {row.payee && row.payee !== row.description && (
                      <span className="block text-xs text-muted-foreground">{row.payee}</span>
                    )}
                  </span>
                  <span role="cell" className={PLACE[4]}>
                    {row.status === 'duplicate' && row.duplicateOf ? (
                      <span>
                        <Badge>Duplicate</Badge>
                        <span className="block text-xs break-words text-muted-foreground">
                          of {row.duplicateOf.occurredOn} {row.duplicateOf.description}
                        </span>
                      </span>
                    ) : (
                      <Badge>New</Badge>
                    )}
                  </span>
                  <span role="cell" className={cn(PLACE[5], 'text-xs break-words @3xl:text-sm')}>
                    {row.ruleId && <span className={PHONE_LABEL}>Rule: </span>}
                    {row.ruleId ? (ruleName.get(row.ruleId) ?? 'Rule') : ''}
                  </span>
                  <span role="cell" className={cn(PLACE[6], 'text-xs break-words @3xl:text-sm')}>
                    {row.categoryId && <span className={PHONE_LABEL}>Category: </span>}
                    {row.categoryId ? (props.categories.get(row.categoryId) ?? 'Category') : ''}
                  </span>
                  <span role="cell" className={PLACE[7]}>
                    <Money amount={row.amount} text={rowAmount(row, props.currency ?? USD)} />
                    {row.writtenAmount && (
                      <span className="block text-xs text-muted-foreground">
                        written {row.writtenAmount}, rounded
                      </span>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

export { signed as signedMoney };
