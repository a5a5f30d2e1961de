import type { DbOrTx } from '../../db/connect.js';
import {
  CONVERSION_WINDOW_DAYS,
  foundRateFraction,
  foundRateText,
  nearestEarlierRate,
  type FoundRate,
} from '../rates/index.js';
import { currencyExponent } from '../../../shared/currencies.js';
import { minorUnitsText } from '../../../shared/currency-money.js';
import { csvText } from './csv-format.js';
import { convertMinorUnits } from '../../../shared/exchange-rate.js';

// The base-currency columns of the CSV export (docs/analytics.md#csv-export-of-a-transactions-view):
// each entry's amount in the book's base currency at its own day's rate (the nearest earlier
// within the window, never a later one), rounded half-even on the base's minor unit
// (decision 029), with the rate, its day and its source; no rate: the cells stay empty and the
// last one says why, never a 1:1 figure. Rates are looked up once per (currency, day), a batch
// at a time, before the batch is written: each lookup is a short indexed statement on its own,
// so nothing is held while the client reads.

/** Appended after the columns the export always had (their names and order unchanged). */
export const BASE_CURRENCY_COLUMNS = [
  'Currency',
  'Base currency',
  'Base amount',
  'Rate',
  'Rate day',
  'Rate source',
  'Not converted',
] as const;

/** Lookups remembered at once; past it the memory starts again (the export stays bounded). */
const REMEMBERED_MAX = 10_000;

/** A signed amount of `currency` as the CSV writes it: a dot, the currency's decimals, no grouping. */
export function csvMinorUnits(minor: bigint, currency: string): string {
  return minorUnitsText(minor, currencyExponent(currency), '');
}

const ROUTE_WORDS = { direct: '', inverse: ' (inverse)', eurCross: ' (EUR cross)' } as const;

/** An entry to convert: its currency, its day and its signed amount in minor units. */
export interface ToConvert {
  currency: string;
  day: string;
  minor: bigint;
}

/** Converts a CSV export's entries into the book's base currency, one batch at a time. */
export class BaseCurrencyCells {
  private readonly found = new Map<string, FoundRate | null>();

  constructor(
    private readonly db: DbOrTx,
    private readonly bookId: string,
    private readonly base: string,
    private readonly windowDays = CONVERSION_WINDOW_DAYS,
  ) {}

  /** Looks up the rates a batch needs, each (currency, day) once. */
  async prepare(entries: readonly ToConvert[]): Promise<void> {
    for (const { currency, day } of entries) {
      if (currency === this.base) continue;
      const key = `${currency}|${day}`;
      if (this.found.has(key)) continue;
      if (this.found.size >= REMEMBERED_MAX) this.found.clear();
      this.found.set(
        key,
        await nearestEarlierRate(this.db, this.bookId, currency, this.base, day, this.windowDays),
      );
    }
  }

  /**
   * The cells of BASE_CURRENCY_COLUMNS for one entry (prepare must have seen it), ready for the
   * line: codes, figures with a leading minus that must stay numbers, days, and our own words.
   */
  cells({ currency, day, minor }: ToConvert): string[] {
    const base = this.base;
    if (currency === base) return [currency, base, csvMinorUnits(minor, base), '1', '', '', ''];
    const found = this.found.get(`${currency}|${day}`) ?? null;
    // The reason is the one free text: quoted when it holds a comma, like every text cell.
    const notConverted = (reason: string) => [currency, base, '', '', '', '', csvText(reason)];
    if (found === null) {
      return notConverted(
        `No ${currency} to ${base} rate on ${day} or in the ${this.windowDays} days before`,
      );
    }
    const converted = convertMinorUnits(minor, currency, base, foundRateFraction(found));
    if (!converted.ok) return notConverted(converted.reason);
    return [
      currency,
      base,
      csvMinorUnits(converted.value, base),
      foundRateText(found),
      found.day,
      `${found.source}${ROUTE_WORDS[found.route]}`,
      '',
    ];
  }
}
