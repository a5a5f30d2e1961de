import type { DbOrTx } from '../../db/connect.js';
import { RATE_SOURCES, type RateSource } from '../../../shared/schemas/rate.js';
import { nearestEarlierCrossRow, nearestEarlierRow } from './rate-repository.js';

// The rate a conversion uses (docs/rates.md#lookup): on the entry's day or the nearest EARLIER
// day within a window, never a later one. Three routes, tried in this order, the first that
// finds a rate in the window answers:
//   1. direct   from->to as stored;
//   2. inverse  to->from as stored, turned over (1 / rate);
//   3. EUR cross  EUR->to / EUR->from on one day (the ECB's rates are all EUR-based), for a pair
//                 without EUR.
// Within a route the nearest day wins, and on that day the source with the best precedence
// (manual, transfer, ecb, provider). Each route is one indexed query.
//
// No arithmetic here (src/shared does the conversions): a rate is handed on as an exact fraction
// of two decimal texts, numerator / denominator, so an inverse or a cross is exact without
// choosing a number of digits: direct r is r/1, inverse r is 1/r, cross is (EUR->to)/(EUR->from).

/** The currency every ECB rate is based on: the hub of the cross route. */
export const CROSS_CURRENCY = 'EUR';
/**
 * Days a conversion looks back for a rate: a weekend and a bank holiday or two (the ECB publishes
 * on working days only), never a week-old rate. Totals, net worth and the CSV export's base
 * columns all use it, so one entry converts alike everywhere (docs/money.md#totals-in-the-base-currency).
 */
export const CONVERSION_WINDOW_DAYS = 7;

/** The longest window a lookup may look back over, in days. */
export const RATE_WINDOW_DAYS_MAX = 366;

/** An exact rate: units of `to` per unit of `from` = numerator / denominator (decimal texts). */
export interface RateFraction {
  numerator: string;
  denominator: string;
}

/** A stored rate a found rate stands on. */
export interface RateLeg {
  id: string;
  base: string;
  quote: string;
  day: string;
  rate: string;
  source: RateSource;
}

export type RateRoute = 'direct' | 'inverse' | 'eurCross';

export interface FoundRate {
  from: string;
  to: string;
  /** The day of the rate used: the day asked for or an earlier one within the window. */
  day: string;
  rate: RateFraction;
  route: RateRoute;
  /** Its source; for a cross, the weaker of its two legs' (the later in RATE_SOURCES). */
  source: RateSource;
  /** The stored rates it was made from (one, or two for a cross). */
  legs: RateLeg[];
}

/** `day` minus `days` calendar days, as 'YYYY-MM-DD'. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const weaker = (a: RateSource, b: RateSource): RateSource =>
  RATE_SOURCES.indexOf(a) >= RATE_SOURCES.indexOf(b) ? a : b;

/**
 * The rate converting `from` into `to` for an amount of `day`, looking back at most `windowDays`
 * days (0: that day only); null when none of the routes has one in the window.
 */
export async function nearestEarlierRate(
  db: DbOrTx,
  bookId: string,
  from: string,
  to: string,
  day: string,
  windowDays: number,
): Promise<FoundRate | null> {
  if (from === to) throw new RangeError(`${from} to ${from} needs no rate`);
  if (!Number.isInteger(windowDays) || windowDays < 0 || windowDays > RATE_WINDOW_DAYS_MAX) {
    throw new RangeError(`The window must be 0 to ${RATE_WINDOW_DAYS_MAX} days`);
  }
  const earliest = daysBefore(day, windowDays);

  const direct = await nearestEarlierRow(db, bookId, from, to, day, earliest);
  if (direct) {
    const leg = { ...direct, base: from, quote: to };
    return {
      from,
      to,
      day: direct.day,
      rate: { numerator: direct.rate, denominator: '1' },
      route: 'direct',
      source: direct.source,
      legs: [leg],
    };
  }

  const inverse = await nearestEarlierRow(db, bookId, to, from, day, earliest);
  if (inverse) {
    const leg = { ...inverse, base: to, quote: from };
    return {
      from,
      to,
      day: inverse.day,
      rate: { numerator: '1', denominator: inverse.rate },
      route: 'inverse',
      source: inverse.source,
      legs: [leg],
    };
  }

  if (from === CROSS_CURRENCY || to === CROSS_CURRENCY) return null;
  const cross = await nearestEarlierCrossRow(db, bookId, CROSS_CURRENCY, from, to, day, earliest);
  if (!cross) return null;
  return {
    from,
    to,
    day: cross.day,
    rate: { numerator: cross.to_rate, denominator: cross.from_rate },
    route: 'eurCross',
    source: weaker(cross.from_source, cross.to_source),
    legs: [
      {
        id: cross.from_id,
        base: CROSS_CURRENCY,
        quote: from,
        day: cross.day,
        rate: cross.from_rate,
        source: cross.from_source,
      },
      {
        id: cross.to_id,
        base: CROSS_CURRENCY,
        quote: to,
        day: cross.day,
        rate: cross.to_rate,
        source: cross.to_source,
      },
    ],
  };
}
