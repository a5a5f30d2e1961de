import { currencyExponent, type CurrencyExponent } from '../../../../shared/currencies.js';
import { minorUnitsPerUnit, unitsToMinorUnitsAt } from '../../../../shared/currency-money.js';

/**
 * The amount bounds of a search (minAmount, maxAmount) as minor units of each entry's currency
 * (docs/ledger.md#search-filters-sorts-and-cursors): a bound is a number of units, and an entry
 * is kept in minor units of its account's currency, so 10 is 1000 for a USD entry and 10 for a
 * JPY one. A book whose currencies share one exponent (every book before currencies) compares
 * every entry with one figure, as it always did; otherwise the accounts are grouped by exponent.
 */

/** The entries of one exponent and the bounds in their minor units. */
export interface AmountGroup {
  accountIds: string[];
  /** Whether entries without an account (in the base currency) are of this exponent. */
  unbooked: boolean;
  minCents?: bigint | undefined;
  maxCents?: bigint | undefined;
}

export type AmountFilter =
  | { kind: 'one'; minCents?: bigint | undefined; maxCents?: bigint | undefined }
  | { kind: 'grouped'; groups: AmountGroup[] };

/** Bounds already judged to be amounts of a currency whose exponent is at most 4. */
export interface UnitBounds {
  min?: number | undefined;
  max?: number | undefined;
}

/**
 * A bound at `exponent`: exact when the exponent has the decimals, else rounded inward (a lower
 * bound of 1.005 keeps USD entries from 1.01, an upper one keeps them up to 1.00).
 */
function boundAt(units: number, exponent: CurrencyExponent, side: 'min' | 'max'): bigint {
  const tenThousandths = unitsToMinorUnitsAt(units, 4);
  const step = minorUnitsPerUnit(4) / minorUnitsPerUnit(exponent);
  const floor = tenThousandths / step; // bounds are 0 or more: division floors
  return side === 'max' || floor * step === tenThousandths ? floor : floor + 1n;
}

function boundsAt(bounds: UnitBounds, exponent: CurrencyExponent) {
  return {
    minCents: bounds.min === undefined ? undefined : boundAt(bounds.min, exponent, 'min'),
    maxCents: bounds.max === undefined ? undefined : boundAt(bounds.max, exponent, 'max'),
  };
}

/**
 * The filter for bounds over one account (`accounts` null: its currency is `currency`) or over a
 * whole book: `accounts` maps each of its accounts to its currency, `currency` is the base.
 */
export function amountFilter(
  bounds: UnitBounds,
  currency: string,
  accounts: ReadonlyMap<string, string> | null,
): AmountFilter | undefined {
  if (bounds.min === undefined && bounds.max === undefined) return undefined;
  const baseExponent = currencyExponent(currency);
  const byExponent = new Map<CurrencyExponent, string[]>();
  for (const [id, code] of accounts ?? []) {
    const exponent = currencyExponent(code);
    byExponent.set(exponent, [...(byExponent.get(exponent) ?? []), id]);
  }
  const exponents = new Set([baseExponent, ...byExponent.keys()]);
  if (exponents.size === 1) return { kind: 'one', ...boundsAt(bounds, baseExponent) };
  return {
    kind: 'grouped',
    groups: [...exponents].map((exponent) => ({
      accountIds: byExponent.get(exponent) ?? [],
      unbooked: exponent === baseExponent,
      ...boundsAt(bounds, exponent),
    })),
  };
}
