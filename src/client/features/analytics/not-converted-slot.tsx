import { lazy, Suspense } from 'react';
import type { MissingRate } from '../../../shared/missing-rates.js';
import type { NotConverted } from '../../../shared/schemas/analytics.js';

const NotConvertedWarning = lazy(() =>
  import('./not-converted-warning.js').then((module) => ({
    default: module.NotConvertedWarning,
  })),
);

/**
 * Where a total's "not converted" warning goes: nothing while every entry converted (every
 * one-currency book), else the warning, fetched then (docs/money.md#not-converted).
 */
export function NotConvertedSlot(props: {
  /** Absent in the answers of a book all in USD: nothing is converted there. */
  notConverted?: readonly NotConverted[] | undefined;
  missingRates?: readonly MissingRate[] | undefined;
}) {
  const notConverted = props.notConverted ?? [];
  const missingRates = props.missingRates ?? [];
  if (notConverted.length === 0 && missingRates.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotConvertedWarning notConverted={notConverted} missingRates={missingRates} />
    </Suspense>
  );
}
