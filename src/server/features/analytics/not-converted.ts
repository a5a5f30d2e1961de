import { AppError } from '../../lib/app-error.js';
import { MAX_EXACT_CENTS, formatCents } from '../../../shared/money.js';
import {
  MAX_EXACT_MINOR_UNITS,
  formatMinorUnits,
  isExactAsUnits,
  minorUnitsToUnits,
} from '../../../shared/currency-money.js';
import type { MissingRate } from '../../../shared/missing-rates.js';
import type { NotConverted } from '../../../shared/schemas/analytics.js';
import type { PendingRow } from './conversion-repository.js';

// Figures of a chart in the base currency, and its "not converted" part
// (docs/money.md#not-converted): the entries without a rate, per currency, and the pairs and days
// that lacked one.

export const ANALYTICS_MESSAGES = {
  tooLarge: `A figure of this chart passes ${formatCents(MAX_EXACT_CENTS)} and cannot be shown exactly: choose a shorter period or one account`,
} as const;

/** The refusal of a figure past the exact range, in the currency's own decimals. */
export function tooLargeMessage(currency: string): string {
  return currency === 'USD'
    ? ANALYTICS_MESSAGES.tooLarge
    : `A figure of this chart passes ${formatMinorUnits(MAX_EXACT_MINOR_UNITS, currency)} ${currency} and cannot be shown exactly: choose a shorter period or one account`;
}

/**
 * A figure in units of `currency`. Sums of many entries or accounts can pass what a JSON number
 * holds exactly; such a chart is refused (422) rather than answered a few minor units off
 * (docs/money.md#sums-past-the-exact-range).
 */
export function unitsIn(minorUnits: bigint, currency: string): number {
  if (!isExactAsUnits(minorUnits)) throw new AppError('UNPROCESSABLE', tooLargeMessage(currency));
  return minorUnitsToUnits(minorUnits, currency);
}

/** The pending rows of one kind as the API's notConverted list (currencies in order). */
export function notConvertedOf(rows: readonly PendingRow[], kind = ''): NotConverted[] {
  const byCurrency = new Map<string, { amount: bigint; entries: number }>();
  for (const row of rows) {
    if (row.kind !== kind) continue;
    const sum = byCurrency.get(row.currency) ?? { amount: 0n, entries: 0 };
    sum.amount += BigInt(row.amount);
    sum.entries += row.entries;
    byCurrency.set(row.currency, sum);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, sum]) => ({
      currency,
      amount: unitsIn(sum.amount, currency),
      entries: sum.entries,
    }));
}

/** Spans of days without a rate, merged per currency into one MissingRate each. */
export function mergeMissing(
  base: string,
  spans: Iterable<{ currency: string; firstDay: string; lastDay: string; days: number }>,
): MissingRate[] {
  const byCurrency = new Map<string, MissingRate>();
  for (const span of spans) {
    const known = byCurrency.get(span.currency);
    if (!known) {
      byCurrency.set(span.currency, {
        from: span.currency,
        to: base,
        firstDay: span.firstDay,
        lastDay: span.lastDay,
        days: span.days,
      });
      continue;
    }
    // Spans of one chart's kinds: this month's and last month's never share a day (add up);
    // income's and spending's may (the larger count is the one known to be distinct).
    const disjoint = span.firstDay > known.lastDay || span.lastDay < known.firstDay;
    known.days = disjoint ? known.days + span.days : Math.max(known.days, span.days);
    if (span.firstDay < known.firstDay) known.firstDay = span.firstDay;
    if (span.lastDay > known.lastDay) known.lastDay = span.lastDay;
  }
  return [...byCurrency.values()].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The missing pairs behind a chart's pending rows (all kinds). */
export function missingRatesOf(base: string, rows: readonly PendingRow[]): MissingRate[] {
  return mergeMissing(
    base,
    rows.map((row) => ({
      currency: row.currency,
      firstDay: row.first_day,
      lastDay: row.last_day,
      days: row.days,
    })),
  );
}
