import { MAX_YEAR, MIN_YEAR } from '../../../shared/dates.js';

/**
 * Budget months ('YYYY-MM') as the budget screen moves between them. Kept free of zod (the
 * route's search parsing ships in the entry chunk): the same shape and years as the shared
 * `budgetMonthSchema`. A month is a calendar month, never an instant, so stepping is counting
 * months, not adding milliseconds.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `text` is a month the API accepts: 'YYYY-MM' between MIN_YEAR and MAX_YEAR. */
export function isBudgetMonth(text: string): boolean {
  const match = MONTH.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** The month `delta` months after `month` (before, when negative): '2026-12' + 1 is '2027-01'. */
export function shiftMonth(month: string, delta: number): string {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + delta;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Whether the month before (-1) or after (+1) `month` is one the API takes. */
export function canShiftMonth(month: string, delta: -1 | 1): boolean {
  return isBudgetMonth(shiftMonth(month, delta));
}

/** "November 2026" in `locale` ("November 2026", "novembre 2026"). */
export function monthLabel(month: string, locale: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  const first = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(first);
  } catch {
    return new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(first);
  }
}

/**
 * A budget period's days in `locale` ("23 Oct – 24 Nov 2026"), or null when it is its calendar
 * month (nothing to add to the month's name).
 */
export function periodDaysLabel(
  period: { start: string; end: string },
  locale: string,
): string | null {
  const start = new Date(`${period.start}T00:00:00Z`);
  const end = new Date(`${period.end}T00:00:00Z`);
  const dayAfter = new Date(end.getTime() + 86_400_000);
  if (period.start.endsWith('-01') && dayAfter.getUTCDate() === 1) return null;
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  };
  try {
    return new Intl.DateTimeFormat(locale, options).formatRange(start, end);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).formatRange(start, end);
  }
}

export interface BudgetSearch {
  month?: string;
}

/** The URL's ?month=YYYY-MM, kept only when it is a month the API takes (else: this month). */
export function parseBudgetSearch(search: Record<string, unknown>): BudgetSearch {
  const month = search.month;
  return typeof month === 'string' && isBudgetMonth(month) ? { month } : {};
}
