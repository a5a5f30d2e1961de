import { convertMinorUnits, type ExchangeRate, type Outcome } from './exchange-rate.js';

/**
 * A total in one currency of entries in many: each entry converted at its own day's rate and
 * rounded, then the rounded figures summed; an entry without a rate is kept apart in its own
 * currency, never converted at 1:1 (docs/money.md#when-conversion-happens,
 * docs/decisions/029-minor-units-and-half-even-per-entry.md).
 */

export interface EntryToConvert {
  /** Minor units of `currency`. */
  amount: bigint;
  currency: string;
  /**
   * Units of the total's currency per unit of `currency` on the entry's own day, or null when
   * there is none. Not read for an entry already in the total's currency.
   */
  rate: ExchangeRate | null;
}

export interface ConvertedTotal {
  /** The sum of every converted entry's rounded figure, in minor units of the total's currency. */
  converted: bigint;
  /** Per currency, the sum of the entries that had no rate: shown apart, with a warning. */
  notConverted: ReadonlyMap<string, bigint>;
}

/**
 * The total in `currency` of `entries`. Refuses, with the reason, an entry whose converted figure
 * passes what crosses the API exactly; the sum itself is a bigint, checked by whoever shows it.
 */
export function convertedTotal(
  currency: string,
  entries: Iterable<EntryToConvert>,
): Outcome<ConvertedTotal> {
  let converted = 0n;
  const notConverted = new Map<string, bigint>();
  for (const entry of entries) {
    if (entry.currency === currency) {
      converted += entry.amount;
      continue;
    }
    if (entry.rate === null) {
      notConverted.set(entry.currency, (notConverted.get(entry.currency) ?? 0n) + entry.amount);
      continue;
    }
    const figure = convertMinorUnits(entry.amount, entry.currency, currency, entry.rate);
    if (!figure.ok) return figure;
    converted += figure.value;
  }
  return { ok: true, value: { converted, notConverted } };
}
