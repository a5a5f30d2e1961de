/**
 * The words a total's "not converted" warning uses (docs/money.md#not-converted): one place, so
 * the dashboard, the analytics charts and the tests say the same thing.
 */

/** A pair a total had no rate for, on the days of the entries that needed one. */
export interface MissingRate {
  /** The entries' currency. */
  from: string;
  /** The total's (the book's base) currency. */
  to: string;
  /** The first and last day an entry needed the rate and none was found within the window. */
  firstDay: string;
  lastDay: string;
  /** How many distinct days lacked it. */
  days: number;
}

/** "No USD rate for JPY on or before 2026-11-20", or over a range of days. */
export function missingRateText(missing: MissingRate): string {
  if (missing.firstDay === missing.lastDay)
    return `No ${missing.to} rate for ${missing.from} on or before ${missing.lastDay}`;
  return `No ${missing.to} rate for ${missing.from} on ${missing.days} days from ${missing.firstDay} to ${missing.lastDay}`;
}
