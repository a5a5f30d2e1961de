import { lazy, Suspense, useState } from 'react';
import type { Rate, RateSource } from '../../../shared/schemas/rate.js';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { CELL, Table, type TableColumn } from '../../components/ui/table.js';
import { PageSpinner } from '../../components/widgets/page-spinner.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { formatCalendarDate } from '../../lib/format.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { toastWithUndo } from '../../lib/undo-toast.js';
import { useAddRate, useDeleteRate, useRates, type RatePair } from './api.js';
import { pairSeries } from './pair-series.js';

// recharts loads only once a pair is chosen.
const RateChart = lazy(() => import('./rate-chart.js'));

/** Where a rate came from, in words (docs/rates.md#a-rate). */
export const SOURCE_LABELS: Record<RateSource, string> = {
  manual: 'Entered by hand',
  transfer: 'Transfer',
  ecb: 'ECB',
  provider: 'Provider',
};

const COLUMNS: TableColumn[] = [
  { label: 'Pair' },
  { label: 'Day' },
  { label: 'Rate', align: 'right' },
  { label: 'Source' },
  { label: 'Actions' },
];

const pairText = (rate: Pick<Rate, 'base' | 'quote'>) => `${rate.base} → ${rate.quote}`;

/**
 * The book's rates, newest day first, narrowed to `pair`, a page at a time ("Load more rates").
 * The rate is the stored text exactly. A hand-entered rate can be deleted, after a question, and
 * the toast's Undo enters it again; an imported one is replaced by a newer file instead. With
 * both sides of the pair chosen, a chart of the loaded days stands above the table.
 */
export function RatesTable({ pair }: { pair: RatePair }) {
  const rates = useRates(pair);
  const remove = useDeleteRate();
  const add = useAddRate();
  const { submit, pending } = useSubmit();
  const [asking, setAsking] = useState<Rate | null>(null);

  if (rates.isPending) return <PageSpinner label="Loading rates" />;
  if (rates.isError) return <QueryError query={rates} fallback="Could not load your rates." />;
  if (rates.data.length === 0) {
    return (
      <Card>
        <p className="text-center text-muted-foreground">
          {pair.base || pair.quote ? 'No rates for this pair.' : 'No rates yet.'}
        </p>
      </Card>
    );
  }

  const onDelete = async (rate: Rate) => {
    await submit({
      ...keyedRequest({ id: rate.id }, remove.mutateAsync),
      success: () =>
        toastWithUndo('Rate deleted', rate.id, () =>
          add
            .mutateAsync({
              base: rate.base,
              quote: rate.quote,
              day: rate.day,
              rate: rate.rate,
              idempotencyKey: newIdempotencyKey(),
            })
            .then(() => undefined),
        ),
      failure: 'Failed to delete the rate',
    });
    setAsking(null);
  };

  const chartOf = pair.base && pair.quote ? `${pair.base} → ${pair.quote}` : null;
  return (
    <>
      {chartOf && (
        <Suspense fallback={<div className="h-64 animate-pulse rounded-xl bg-muted" />}>
          <RateChart pair={chartOf} points={pairSeries(rates.data)} />
        </Suspense>
      )}
      <Table caption="Exchange rates, newest day first" columns={COLUMNS}>
        {rates.data.map((rate) => (
          <tr key={rate.id} data-testid="rate-row">
            <td className={`${CELL} whitespace-nowrap`}>{pairText(rate)}</td>
            <td className={`${CELL} whitespace-nowrap`}>
              <time dateTime={rate.day}>{formatCalendarDate(rate.day)}</time>
            </td>
            <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{rate.rate}</td>
            <td className={`${CELL} whitespace-nowrap`}>{SOURCE_LABELS[rate.source]}</td>
            <td className={CELL}>
              {rate.source === 'manual' && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`Delete the rate ${pairText(rate)} of ${rate.day}`}
                  onClick={() => setAsking(rate)}
                >
                  Delete
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {rates.hasNextPage && (
        <div className="flex justify-center py-4">
          <Button
            variant="outline"
            size="sm"
            disabled={rates.isFetchingNextPage}
            aria-busy={rates.isFetchingNextPage}
            onClick={() => void rates.fetchNextPage()}
          >
            {rates.isFetchingNextPage ? 'Loading…' : 'Load more rates'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? `Delete the rate ${pairText(asking)} of ${asking.day}?` : ''}
        description="Amounts of that day are then converted with the next rate that applies (an imported one of the day, or an earlier one)."
        confirmLabel="Delete"
        pending={pending}
        onConfirm={() => asking && void onDelete(asking)}
      />
    </>
  );
}
