import type { Rate, RateSource } from '../../../shared/schemas/rate.js';

/** The order in which sources win on one day (docs/rates.md#which-rate-wins). */
const PRECEDENCE: RateSource[] = ['manual', 'transfer', 'ecb', 'provider'];

export interface PairPoint {
  day: string;
  /** The winning rate's text, exactly as stored. */
  rate: string;
  source: RateSource;
}

/**
 * One point a day, oldest first, for the chart of a pair: the rate that wins that day among the
 * rows loaded (the table's pages, newest first).
 */
export function pairSeries(rates: Pick<Rate, 'day' | 'rate' | 'source'>[]): PairPoint[] {
  const byDay = new Map<string, PairPoint>();
  for (const { day, rate, source } of rates) {
    const held = byDay.get(day);
    if (!held || PRECEDENCE.indexOf(source) < PRECEDENCE.indexOf(held.source)) {
      byDay.set(day, { day, rate, source });
    }
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
