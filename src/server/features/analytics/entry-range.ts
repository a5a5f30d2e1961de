import type { Db } from '../../db/connect.js';
import {
  bookCurrencies,
  foreignDayRange,
  foreignEntryDays,
  type Conversion,
} from './conversion-repository.js';
import { dayRatesOver } from './day-rates.js';

/**
 * How a total over entries of any day (a Transactions view, with or without a date range) converts:
 * the day rates of the days the book's live entries in other currencies span, within `from` and
 * `to` when given. Nothing to convert (every account in the base currency, or no such entry in
 * the range): an inactive conversion, and the statements from before currencies.
 */
export async function conversionOfEntries(
  db: Db,
  bookId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<Conversion> {
  const { base, others } = await bookCurrencies(db, bookId);
  const inactive: Conversion = { base, active: false, recorded: false, rates: [], missing: [] };
  if (others.length === 0) return inactive;
  const range = await foreignDayRange(db, bookId, base, from, to);
  if (!range) return inactive;
  return {
    base,
    active: true,
    recorded: false,
    rates: await dayRatesOver(db, bookId, base, others, range, () =>
      foreignEntryDays(db, bookId, base, from, to),
    ),
    // A summary finds its entries without a rate in its one scan (pendingCurrency).
    missing: [],
  };
}
