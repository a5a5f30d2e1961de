import { useId, useState } from 'react';
import { Label } from '../../components/ui/label.js';
import { NativeSelect, type SelectOption } from '../../components/ui/select.js';
import type { RatePair } from './api.js';
import { RateForm } from './rate-form.js';
import { RateImport } from './rate-import.js';
import { RatesTable } from './rates-table.js';

/** The pair filter's "any currency" value (a select cannot hold undefined). */
const ANY = '';

/** One side of the pair filter: Any, or a current code. */
function PairSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  currencies: SelectOption[];
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 space-y-2 sm:max-w-64">
      <Label htmlFor={id}>{props.label}</Label>
      <NativeSelect id={id} value={props.value} onChange={props.onChange}>
        <option value={ANY}>Any currency</option>
        {props.currencies.map((currency) => (
          <option key={currency.value} value={currency.value}>
            {currency.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * /rates (docs/rates.md#the-rates-page): the book's exchange rates, narrowed to a pair, with a
 * rate added by hand and an ECB reference-rate file imported. The route hands in the currency
 * choices (settings' list, in the person's language) and the defaults of a new rate.
 */
export function RatesPage(props: {
  currencies: SelectOption[];
  defaults: { base: string; quote: string; day: string };
}) {
  const [base, setBase] = useState(ANY);
  const [quote, setQuote] = useState(ANY);
  const pair: RatePair = {
    ...(base !== ANY && { base }),
    ...(quote !== ANY && { quote }),
  };
  const samePair = base !== ANY && base === quote;
  return (
    <section aria-labelledby="rates-heading" className="mx-auto max-w-5xl space-y-6">
      <h1 id="rates-heading" className="text-2xl font-bold">
        Rates
      </h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RateForm currencies={props.currencies} defaults={props.defaults} />
        <RateImport />
      </div>
      <section aria-labelledby="rates-table-heading" className="space-y-4">
        <h2 id="rates-table-heading" className="text-lg font-semibold">
          Your rates
        </h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Show the rates of a pair</legend>
          <PairSelect
            label="Base currency"
            value={base}
            onChange={setBase}
            currencies={props.currencies}
          />
          <PairSelect
            label="Quote currency"
            value={quote}
            onChange={setQuote}
            currencies={props.currencies}
          />
        </fieldset>
        {samePair ? (
          <p role="status" className="text-sm text-muted-foreground">
            Choose two different currencies.
          </p>
        ) : (
          <RatesTable pair={pair} />
        )}
      </section>
    </section>
  );
}
