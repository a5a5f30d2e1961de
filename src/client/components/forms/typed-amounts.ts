import { browserLocale, useLocaleStore } from '../../lib/locale.js';
import { USD, type DisplayCurrency } from '../../lib/format.js';
import { centsToUnits, formatCents, unitsToCents } from '../../../shared/money.js';
import {
  hasAtMostDecimals,
  minorUnitsText,
  minorUnitsToUnitsAt,
  unitsToMinorUnitsAt,
} from '../../../shared/currency-money.js';
import {
  amountForEditing,
  amountForEditingAt,
  numberMarksOf,
  readTypedAmount,
  readTypedMoneyAt,
  type NumberMarks,
  type TypedAmount,
  type TypedMoney,
} from '../../../shared/typed-amount.js';

const marksByLocale = new Map<string, NumberMarks>();

/**
 * A locale's decimal and group marks, worked out on first use and kept. Not when this module
 * loads: it ships in the chunk every screen loads first, and an Intl.NumberFormat costs tens of
 * milliseconds on a slow phone, a long task at the start of screens that read no amount
 * (docs/client.md#chunks-and-the-first-load-budget).
 */
export function marksFor(locale: string): NumberMarks {
  let marks = marksByLocale.get(locale);
  if (!marks) {
    try {
      marks = numberMarksOf(locale);
    } catch {
      // A tag this browser's Intl cannot use: the browser's own marks, which it always has.
      marks = numberMarksOf(browserLocale());
    }
    marksByLocale.set(locale, marks);
  }
  return marks;
}

/** The marks in use now, for a component: it renders again when the locale changes. */
export function useLocaleMarks(): NumberMarks {
  return useLocaleStore((state) => marksFor(state.locale));
}

function currentMarks(): NumberMarks {
  return marksFor(useLocaleStore.getState().locale);
}

/** What `text` records in the person's locale. */
export function readAmount(text: string): TypedAmount {
  return readTypedAmount(text, currentMarks());
}

/** The amount `text` records, in units for the API, or null: empty, unreadable or zero. */
export function amountOf(text: string): number | null {
  const read = readAmount(text);
  return read.kind === 'cents' && read.cents > 0n ? centsToUnits(read.cents) : null;
}

/**
 * An optional amount bound (a filter's or a rule's minimum and maximum): empty is none, 0 is a
 * bound, text that cannot be read gives its reason.
 */
export function readAmountBound(text: string): { units: number | null } | { problem: string } {
  const read = readAmount(text);
  if (read.kind === 'unreadable') return { problem: read.message };
  return { units: read.kind === 'cents' ? centsToUnits(read.cents) : null };
}

/** An amount from the API written for an edit field: the locale's marks, two decimals. */
export function amountEditText(units: number): string {
  return amountForEditing(unitsToCents(Math.abs(units)), currentMarks());
}

/** "Records 12.50": what a field will record, shown under it as it is typed. */
export function recordsText(cents: bigint): string {
  return `Records ${plainMoneyText(cents, USD)}`;
}

/*
 * Amounts typed in a currency (docs/money.md#typed-amounts-in-a-currency): the field of an
 * account's amount reads with that currency's exponent. Every two-decimal currency keeps the
 * words amounts always had ("Amount must have at most two decimal places"), as the API does;
 * others say their own ("JPY amounts have no decimals", "KWD amounts have at most 3 decimals").
 */

/** What `text` records in `currency`, in the person's locale. */
export function readMoney(text: string, currency: DisplayCurrency = USD): TypedMoney {
  const marks = currentMarks();
  if (currency.exponent === 2) {
    const read = readTypedAmount(text, marks);
    return read.kind === 'cents' ? { kind: 'minorUnits', minorUnits: read.cents } : read;
  }
  return readTypedMoneyAt(text, marks, currency.code, currency.exponent);
}

/** Minor units of `currency` as the JSON number of units the API takes. */
export function unitsOf(minorUnits: bigint, currency: DisplayCurrency = USD): number {
  return minorUnitsToUnitsAt(minorUnits, currency.exponent);
}

/**
 * Units the API answered in `currency` as its minor units: exact, since the API sends no more
 * decimals than the currency has (rounded to the nearest rather than thrown, so a screen never
 * breaks on a figure).
 */
export function minorUnitsOf(units: number, currency: DisplayCurrency = USD): bigint {
  if (hasAtMostDecimals(units, currency.exponent)) {
    return unitsToMinorUnitsAt(units, currency.exponent);
  }
  const magnitude = BigInt(Math.round(Math.abs(units) * 10 ** currency.exponent));
  return units < 0 ? -magnitude : magnitude;
}

/** The amount `text` records in `currency`, in units for the API, or null: empty, unreadable or zero. */
export function moneyOf(text: string, currency: DisplayCurrency = USD): number | null {
  const read = readMoney(text, currency);
  return read.kind === 'minorUnits' && read.minorUnits > 0n
    ? unitsOf(read.minorUnits, currency)
    : null;
}

/** An amount from the API in `currency` written for an edit field: "45.20", "4520" (JPY). */
export function moneyEditText(units: number, currency: DisplayCurrency = USD): string {
  const minorUnits = minorUnitsOf(Math.abs(units), currency);
  return amountForEditingAt(minorUnits, currentMarks(), currency.exponent);
}

/**
 * An amount as the lines under a field say it, the same in every locale so a misread shows:
 * "$12.50" for USD (as always), "1,500 JPY", "12.345 KWD" for others.
 */
export function plainMoneyText(minorUnits: bigint, currency: DisplayCurrency = USD): string {
  if (currency.code === USD.code) return `$${formatCents(minorUnits)}`;
  return `${minorUnitsText(minorUnits, currency.exponent)} ${currency.code}`;
}

/** "Records 1,500 JPY": what a field in `currency` will record. */
export function recordsMoneyText(minorUnits: bigint, currency: DisplayCurrency = USD): string {
  return `Records ${plainMoneyText(minorUnits, currency)}`;
}

/** The placeholder of an amount field: "0.00", "0,000" (KWD in de-DE), "0" (JPY). */
export function amountPlaceholder(marks: NumberMarks, currency: DisplayCurrency = USD): string {
  return currency.exponent === 0 ? '0' : `0${marks.decimal}${'0'.repeat(currency.exponent)}`;
}
