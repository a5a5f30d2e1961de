import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../components/ui/card.js';
import { QueryError } from '../../components/widgets/query-error.js';
import type { MissingRate } from '../../../shared/missing-rates.js';
import type { NotConverted } from '../../../shared/schemas/analytics.js';
import { NotConvertedSlot } from './not-converted-slot.js';

interface ChartQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One chart of the page: its title, a skeleton while it loads, its error with Retry, an empty
 * state that says what to do, or the chart (each chart brings its own text alternative).
 */
export function ChartCard(props: {
  title: string;
  description: string;
  query: ChartQuery;
  empty: boolean;
  emptyText: string;
  className?: string;
  /** The answer's "not converted" part: a warning above the chart while anything is. */
  conversion?: {
    notConverted?: readonly NotConverted[] | undefined;
    missingRates?: readonly MissingRate[] | undefined;
  };
  children: () => ReactNode;
}) {
  const { query } = props;
  return (
    <Card className={props.className}>
      <section aria-label={props.title} className="flex flex-col gap-4">
        <div>
          <CardTitle>{props.title}</CardTitle>
          <p className="text-sm text-muted-foreground">{props.description}</p>
        </div>
        {query.isPending ? (
          <div
            role="status"
            aria-label={`Loading ${props.title.toLowerCase()}`}
            className="h-64 animate-pulse rounded-lg bg-muted"
          />
        ) : query.isError ? (
          <QueryError query={query} fallback={`Could not load ${props.title.toLowerCase()}.`} />
        ) : (
          <>
            {props.conversion && (
              <NotConvertedSlot
                notConverted={props.conversion.notConverted}
                missingRates={props.conversion.missingRates}
              />
            )}
            {props.empty ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
                {props.emptyText}
              </p>
            ) : (
              props.children()
            )}
          </>
        )}
      </section>
    </Card>
  );
}

/** Axis text and grid lines in the theme's own colours, readable in light and dark. */
export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
export const GRID_STROKE = 'var(--border)';
export const TOOLTIP_STYLE = {
  backgroundColor: 'var(--card)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--foreground)',
};

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** "$1.2K" on an axis, where the full figure would not fit. */
export const axisMoney = (value: number) =>
  `${value < 0 ? '-' : ''}$${compact.format(Math.abs(value))}`;

/** The axis text of figures in `code`: "$1.2K" for USD, "1.2K EUR" for another currency. */
export const axisMoneyIn = (code: string) =>
  code === 'USD'
    ? axisMoney
    : (value: number) => `${value < 0 ? '-' : ''}${compact.format(Math.abs(value))} ${code}`;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit' });
/** "Mar 26" for '2026-03', read in the middle of that month (no time zone moves it). */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-15T12:00:00`));

/** The money axis of a chart (spread into its YAxis): figures in `code`, in the theme's colours. */
export const moneyAxis = (code: string) => ({
  tickFormatter: axisMoneyIn(code),
  tick: AXIS_TICK,
  stroke: GRID_STROKE,
  width: 56,
});
