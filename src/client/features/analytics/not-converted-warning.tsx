import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../lib/format.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { missingRateText, type MissingRate } from '../../../shared/missing-rates.js';
import type { NotConverted } from '../../../shared/schemas/analytics.js';

/**
 * The warning under a total in the base currency when some entries had no rate for their day
 * (docs/money.md#not-converted): what was left out, in its own currency, the pairs and days
 * missing, and the way to add them. Never a 1:1 figure. Loaded only when there is something to
 * say (not-converted-slot.tsx), so the ISO table it formats with stays off the first load.
 */
export function NotConvertedWarning(props: {
  notConverted: readonly NotConverted[];
  missingRates: readonly MissingRate[];
}) {
  const parts = props.notConverted.map((part) =>
    formatMoney(part.amount, displayCurrency(part.currency)),
  );
  return (
    <div
      role="note"
      aria-label="Not converted"
      data-testid="not-converted-warning"
      className="rounded-lg border border-amber-600/60 bg-amber-500/10 p-3 text-sm"
    >
      {parts.length > 0 && (
        <p>
          Not converted and left out of this total:{' '}
          <span className="font-medium">{parts.join(', ')}</span>.
        </p>
      )}
      <ul className="mt-1 list-disc pl-5">
        {props.missingRates.map((missing) => (
          <li key={`${missing.from}>${missing.to}`}>{missingRateText(missing)}.</li>
        ))}
      </ul>
      <Link
        to="/rates"
        className="mt-1 inline-block font-medium text-primary underline-offset-2 hover:underline"
      >
        Add the missing rates
      </Link>
    </div>
  );
}
