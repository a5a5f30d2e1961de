import type { DbOrTx } from '../../db/connect.js';
import { readPairs, type PairRow } from './day-rate-repository.js';
import { CONVERSION_WINDOW_DAYS, CROSS_CURRENCY } from '../rates/index.js';
import { currencyExponent } from '../../../shared/currencies.js';
import { minorUnitsPerUnit } from '../../../shared/currency-money.js';
import {
  crossRate,
  decimalRate,
  exchangeRate,
  invertRate,
  type ExchangeRate,
} from '../../../shared/exchange-rate.js';

// The rate of every day of a range, for every currency a chart converts (docs/analytics.md#
// totals-in-the-base-currency). The same rule as nearestEarlierRate (docs/rates.md#lookup):
// the day's rate or the nearest earlier one within the window, never a later one; routes direct,
// then inverse, then EUR cross on one day; on one day the source with the best precedence. It is
// worked out here for the whole range at once, from one query reading the four pairs' rates over
// the range and its window, instead of one lookup per entry.

export { CONVERSION_WINDOW_DAYS };

/** Minor units of the base currency per minor unit of `currency` on `day`: numerator / denominator. */
export interface DayRate {
  currency: string;
  day: string;
  numerator: bigint;
  denominator: bigint;
}

export type { PairRow } from './day-rate-repository.js';

/** `day` minus `days` calendar days, as 'YYYY-MM-DD'. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included ('YYYY-MM-DD', UTC calendar). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** A rate in units of the base per unit of `currency`, scaled to minor units of each. */
function perMinorUnit(rate: ExchangeRate, currency: string, base: string): ExchangeRate {
  return exchangeRate(
    rate.numerator * minorUnitsPerUnit(currencyExponent(base)),
    rate.denominator * minorUnitsPerUnit(currencyExponent(currency)),
  );
}

/** The four pairs a currency's rate into `base` may come from (direct, inverse, EUR cross legs). */
export function pairsFor(base: string, currencies: readonly string[]) {
  const pairs = new Map<string, { base: string; quote: string }>();
  const want = (b: string, q: string) => pairs.set(`${b}>${q}`, { base: b, quote: q });
  for (const currency of currencies) {
    if (currency === base) continue;
    want(currency, base);
    want(base, currency);
    if (currency !== CROSS_CURRENCY && base !== CROSS_CURRENCY) {
      want(CROSS_CURRENCY, currency);
      want(CROSS_CURRENCY, base);
    }
  }
  return [...pairs.values()];
}

/**
 * Days from `from` to `to` (both included) up to which dayRatesOver walks every calendar day;
 * a longer span (entries from 1900 and from 9999 in one book) asks for the entries' own days.
 */
export const CALENDAR_DAYS_MAX = 3_660;

/** Calendar days from `from` to `to`, both included. */
export const daysFromTo = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * For each currency, the rate into `base` of every day from `from` to `to` that has one within
 * `windowDays` (only of `days`, sorted, when given); a day without one is left out (its entries
 * are not converted).
 */
export async function dayRates(
  db: DbOrTx,
  bookId: string,
  base: string,
  currencies: readonly string[],
  from: string,
  to: string,
  options: { windowDays?: number; days?: readonly string[] } = {},
): Promise<DayRate[]> {
  const windowDays = options.windowDays ?? CONVERSION_WINDOW_DAYS;
  const pairs = pairsFor(base, currencies);
  if (pairs.length === 0 || from > to) return [];
  const rows = await readPairs(db, bookId, pairs, daysBefore(from, windowDays), to);
  return pickDayRates(base, currencies, from, to, windowDays, rows, options.days);
}

/**
 * The day rates of entries spanning `first` to `last`: of every calendar day when the span is
 * short, else only of the days `entryDays` reads (distinct, sorted), so the work follows the
 * entries and the rates, never the years between them.
 */
export async function dayRatesOver(
  db: DbOrTx,
  bookId: string,
  base: string,
  currencies: readonly string[],
  span: { first: string; last: string },
  entryDays: () => Promise<readonly string[]>,
): Promise<DayRate[]> {
  const { first, last } = span;
  if (daysFromTo(first, last) <= CALENDAR_DAYS_MAX)
    return dayRates(db, bookId, base, currencies, first, last);
  return dayRates(db, bookId, base, currencies, first, last, { days: await entryDays() });
}

/**
 * The rule of nearestEarlierRate applied to every day at once, over the winning rate of each
 * pair and day (`rows`, read from `from` - windowDays to `to`): for every day from `from` to
 * `to`, or only for `wanted` (sorted days within them). The walk goes over the days rates change
 * and the days answered, oldest first, so its work is the rates' and the answers', not the span's.
 */
export function pickDayRates(
  base: string,
  currencies: readonly string[],
  from: string,
  to: string,
  windowDays: number,
  rows: readonly PairRow[],
  wanted?: readonly string[],
): DayRate[] {
  const byPair = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const key = `${row.base}>${row.quote}`;
    let days = byPair.get(key);
    if (!days) byPair.set(key, (days = new Map<string, string>()));
    days.set(row.day, row.rate);
  }
  const answered = wanted ?? daysOf(from, to);
  const answer = new Set(answered);
  // Days a rate of the range changes on, and the days to answer; a day of neither changes nothing.
  const earliest = daysBefore(from, windowDays);
  const days = [
    ...new Set([
      ...rows.map((row) => row.day).filter((day) => day >= earliest && day <= to),
      ...answered,
    ]),
  ].sort();
  const result: DayRate[] = [];
  for (const currency of currencies) {
    if (currency === base) continue;
    const direct = byPair.get(`${currency}>${base}`);
    const inverse = byPair.get(`${base}>${currency}`);
    const hasCross = currency !== CROSS_CURRENCY && base !== CROSS_CURRENCY;
    const eurFrom = hasCross ? byPair.get(`${CROSS_CURRENCY}>${currency}`) : undefined;
    const eurTo = hasCross ? byPair.get(`${CROSS_CURRENCY}>${base}`) : undefined;
    // The latest day seen so far on each route, walking the days oldest first: never a later one.
    let lastDirect: { day: string; rate: ExchangeRate } | null = null;
    let lastInverse: { day: string; rate: ExchangeRate } | null = null;
    let lastCross: { day: string; rate: ExchangeRate } | null = null;
    for (const day of days) {
      const d = direct?.get(day);
      if (d !== undefined) lastDirect = { day, rate: decimalRate(d) };
      const i = inverse?.get(day);
      if (i !== undefined) lastInverse = { day, rate: invertRate(decimalRate(i)) };
      const f = eurFrom?.get(day);
      const t = eurTo?.get(day);
      if (f !== undefined && t !== undefined)
        lastCross = { day, rate: crossRate(decimalRate(f), decimalRate(t)) };
      if (day < from || !answer.has(day)) continue;
      const oldest = daysBefore(day, windowDays);
      // Route order before day, as nearestEarlierRate: a direct rate within the window wins
      // over a nearer inverse or cross one.
      const found = [lastDirect, lastInverse, lastCross].find((r) => r !== null && r.day >= oldest);
      if (!found) continue;
      const rate = perMinorUnit(found.rate, currency, base);
      result.push({ currency, day, numerator: rate.numerator, denominator: rate.denominator });
    }
  }
  return result;
}
