import { Card, CardTitle } from '../../components/ui/card.js';
import { Money } from '../../components/ui/money.js';
import { QueryError } from '../../components/widgets/query-error.js';
import type { NetWorth } from '../../../shared/schemas/analytics.js';
import { useNetWorth } from './api.js';
import { figureCurrency } from './figure-currency.js';
import { NotConvertedSlot } from './not-converted-slot.js';

function Figures({ worth }: { worth: NetWorth }) {
  const currency = figureCurrency(worth.currency);
  const notConverted = [...worth.notConvertedOnValuedDay, ...worth.notConvertedAtEntryDays];
  const gain = worth.exchangeGainOrLoss;
  return (
    <div className="@container min-w-0 space-y-2">
      <p className="text-sm text-muted-foreground">
        In {worth.currency}, at the rates of {worth.valuedOn}
      </p>
      <p
        className="text-[length:clamp(0.875rem,8cqi,1.875rem)] leading-tight font-bold"
        data-testid="net-worth-total"
      >
        <Money amount={worth.onValuedDay} currency={currency} />
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">At each entry&apos;s day</dt>
        <dd className="text-right">
          <Money amount={worth.atEntryDays} currency={currency} />
        </dd>
        <dt className="text-muted-foreground">Exchange {gain < 0 ? 'loss' : 'gain'}</dt>
        <dd className="text-right">
          <Money amount={gain} currency={currency} />
        </dd>
      </dl>
      <NotConvertedSlot notConverted={notConverted} missingRates={worth.missingRates} />
    </div>
  );
}

/**
 * The dashboard's total across accounts in the book's base currency: balances valued at today's
 * rates, the same at each entry's own day, and the exchange gain or loss between the two; what
 * has no rate is named with a warning, never counted 1:1 (docs/analytics.md#net-worth).
 */
export function NetWorthCard() {
  const worth = useNetWorth();
  // A book whose accounts are all in its base currency has its total on the Accounts card
  // already: this card shows only once there is something to convert, so a one-currency
  // dashboard stays as it was (and nothing moves while the figures load).
  if (worth.isPending) return null;
  if (worth.isError) {
    return (
      <Card className="min-w-0 space-y-4">
        <CardTitle>Net worth</CardTitle>
        <QueryError query={worth} fallback="Could not load your net worth." />
      </Card>
    );
  }
  if (!hasOtherCurrencies(worth.data)) return null;
  return (
    <Card className="min-w-0 space-y-4">
      <CardTitle>Net worth</CardTitle>
      <Figures worth={worth.data} />
    </Card>
  );
}

/** Whether any live account is in another currency than the base. */
export function hasOtherCurrencies(worth: NetWorth): boolean {
  return worth.accounts.some((account) => account.currency !== worth.currency);
}
