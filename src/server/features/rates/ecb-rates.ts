import { AppError } from '../../lib/app-error.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { isRateCurrencyCode } from '../../../shared/currencies.js';
import { isRateDecimal } from '../../../shared/schemas/rate.js';

// What both ECB readers collect (docs/rates.md#ecb-files): every rate of the file as three
// parallel columns (quote currency, day, rate; the base is always EUR), which the repository
// writes with one statement per chunk. The checks every layout shares live here, so the CSV and
// the XML reader refuse the same things with the same words.

/** Days one file may hold: the full history since 1999 is about 7,000; this leaves decades. */
export const ECB_DAYS_MAX = 20_000;
/** Currencies one day may quote (the full history's header has 41). */
export const ECB_CURRENCIES_MAX = 100;
/** A cell or an attribute longer than this is no rate, date or code, and is refused unread. */
export const ECB_FIELD_MAX = 40;

export type EcbFormat = 'csv' | 'xml';

export interface EcbRates {
  format: EcbFormat;
  dayCount: number;
  firstDay: string | null;
  lastDay: string | null;
  /** One element per rate, in file order: the quote currency, its day and the exact rate. */
  currencies: string[];
  days: string[];
  rates: string[];
  /** N/A cells: a currency the ECB did not quote that day. */
  skippedNotAvailable: number;
}

/**
 * Where in the file (`line 12, USD`): text, or a function making it, so that the readers build
 * the words only for the one place they refuse, not for each of 200,000 rates they accept.
 */
export type Where = string | (() => string);

/** A refusal of the file, saying where, never a guess at what was meant. */
export function unreadable(where: Where, why: string): AppError {
  const place = typeof where === 'function' ? where() : where;
  return new AppError('UNPROCESSABLE', `The rate file cannot be read: ${place}: ${why}`);
}

/** A quote currency as a file names it: three capitals, ISO 4217 (current or withdrawn), not EUR. */
export function checkCurrency(code: string, where: Where): void {
  if (code.length > ECB_FIELD_MAX || !/^[A-Z]{3}$/.test(code) || !isRateCurrencyCode(code)) {
    throw unreadable(where, `"${code.slice(0, ECB_FIELD_MAX)}" is not an ISO 4217 currency code`);
  }
  if (code === 'EUR') {
    throw unreadable(where, 'EUR is the base of every ECB rate, not a quoted currency');
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A day as the ECB writes it: 2026-11-27 (the history files, the XML) or 27 November 2026 (the
 * daily CSV, day with or without a leading zero). Anything else is refused.
 */
export function readDay(text: string, where: Where, spelledOut: boolean): string {
  if (text.length <= ECB_FIELD_MAX) {
    if (isCalendarDate(text)) return text;
    if (spelledOut) {
      const match = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(text);
      const month = match ? MONTHS.indexOf(match[2] ?? '') + 1 : 0;
      if (match && month > 0) {
        const iso = `${match[3]}-${String(month).padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
        if (isCalendarDate(iso)) return iso;
      }
    }
  }
  const shape = spelledOut
    ? 'a date like 2026-11-27 or 27 November 2026'
    : 'a date like 2026-11-27';
  throw unreadable(where, `"${text.slice(0, ECB_FIELD_MAX)}" is not ${shape}`);
}

/** Collects the rates of a file day by day, refusing a day twice and a currency twice on a day. */
export class EcbRatesCollector {
  private readonly seenDays = new Map<string, string>();
  private readonly currencies: string[] = [];
  private readonly days: string[] = [];
  private readonly rates: string[] = [];
  private skipped = 0;
  private firstDay: string | null = null;
  private lastDay: string | null = null;
  private dayCurrencies = new Set<string>();

  constructor(private readonly format: EcbFormat) {}

  /** A new day; `where` says where the file names it, for the message if it named it before. */
  startDay(day: string, where: string): void {
    const before = this.seenDays.get(day);
    if (before !== undefined) throw unreadable(where, `${day} is in the file twice (${before})`);
    if (this.seenDays.size >= ECB_DAYS_MAX) {
      throw unreadable(where, `the file has more than ${ECB_DAYS_MAX} days`);
    }
    this.seenDays.set(day, where);
    this.dayCurrencies = new Set();
    if (this.firstDay === null || day < this.firstDay) this.firstDay = day;
    if (this.lastDay === null || day > this.lastDay) this.lastDay = day;
  }

  /** A rate of the current day: "N/A" is counted and skipped, anything but a rate refused. */
  add(day: string, currency: string, text: string, where: Where): void {
    if (this.dayCurrencies.has(currency)) {
      throw unreadable(where, `${currency} is quoted twice on ${day}`);
    }
    if (this.dayCurrencies.size >= ECB_CURRENCIES_MAX) {
      throw unreadable(where, `more than ${ECB_CURRENCIES_MAX} currencies on ${day}`);
    }
    this.dayCurrencies.add(currency);
    if (text === 'N/A') {
      this.skipped += 1;
      return;
    }
    if (text === '') {
      throw unreadable(where, 'the rate is empty (the ECB writes N/A where it has no rate)');
    }
    if (text.length > ECB_FIELD_MAX || !isRateDecimal(text)) {
      throw unreadable(
        where,
        `"${text.slice(0, ECB_FIELD_MAX)}" is not a rate (a decimal above 0 with a point, at most 12 digits either side)`,
      );
    }
    this.currencies.push(currency);
    this.days.push(day);
    this.rates.push(text);
  }

  finish(): EcbRates {
    if (this.seenDays.size === 0) throw unreadable('the whole file', 'it has no day of rates');
    return {
      format: this.format,
      dayCount: this.seenDays.size,
      firstDay: this.firstDay,
      lastDay: this.lastDay,
      currencies: this.currencies,
      days: this.days,
      rates: this.rates,
      skippedNotAvailable: this.skipped,
    };
  }
}
