import { Money } from '../../components/ui/money.js';
import { QueryError } from '../../components/widgets/query-error.js';
import { useNetWorth } from './api.js';
import { figureCurrency } from './figure-currency.js';
import { NotConvertedSlot } from './not-converted-slot.js';

/**
 * The total of every account in the book's base currency, for a book whose accounts are in
 * several currencies: each balance valued at today's rate by the server, what has no rate named
 * in the not-converted warning, never added 1:1 (docs/money.md#not-converted). The Accounts card
 * shows it in place of its own sum, which only holds within one currency.
 */
export function BaseCurrencyTotal() {
  const worth = useNetWorth();
  if (worth.isPending) return <span className="text-muted-foreground">…</span>;
  if (worth.isError) return <QueryError query={worth} fallback="Could not load your total." />;
  const { data } = worth;
  return (
    <div className="space-y-2">
      <div data-testid="accounts-total">
        <Money amount={data.onValuedDay} currency={figureCurrency(data.currency)} />
      </div>
      <div className="text-sm font-normal">
        <NotConvertedSlot
          notConverted={data.notConvertedOnValuedDay}
          missingRates={data.missingRates}
        />
      </div>
    </div>
  );
}
