import { create } from 'zustand';
import { centsToUnits, formatCents, unitsToCents } from '../../shared/money.js';
import {
  amountForEditing,
  numberMarksOf,
  readTypedAmount,
  type NumberMarks,
  type TypedAmount,
} from '../../shared/typed-amount.js';

/**
 * The person's locale for typed amounts (docs/settings.md): their chosen one once settings have
 * loaded, the browser's until then or when they chose none. Amount fields read through it
 * outside React too (a form's check runs in its resolver), hence a store rather than a context.
 */
interface LocaleState {
  locale: string;
  marks: NumberMarks;
}

export function browserLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}

function stateFor(locale: string): LocaleState {
  try {
    return { locale, marks: numberMarksOf(locale) };
  } catch {
    // A tag this browser's Intl cannot use: the browser's own marks, which it always has.
    return { locale: browserLocale(), marks: numberMarksOf(browserLocale()) };
  }
}

export const useLocaleStore = create<LocaleState>(() => stateFor(browserLocale()));

/** Follows the person's setting; null: the browser's. */
export function applyLocale(locale: string | null): void {
  const next = stateFor(locale ?? browserLocale());
  if (next.locale !== useLocaleStore.getState().locale) useLocaleStore.setState(next);
}

/** What `text` records in the person's locale. */
export function readAmount(text: string): TypedAmount {
  return readTypedAmount(text, useLocaleStore.getState().marks);
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
  return amountForEditing(unitsToCents(Math.abs(units)), useLocaleStore.getState().marks);
}

/** "Records 12.50": what a field will record, shown under it as it is typed. */
export function recordsText(cents: bigint): string {
  return `Records $${formatCents(cents)}`;
}
