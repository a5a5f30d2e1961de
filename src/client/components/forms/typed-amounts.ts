import { browserLocale, useLocaleStore } from '../../lib/locale.js';
import { centsToUnits, formatCents, unitsToCents } from '../../../shared/money.js';
import {
  amountForEditing,
  numberMarksOf,
  readTypedAmount,
  type NumberMarks,
  type TypedAmount,
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
  return `Records $${formatCents(cents)}`;
}
