import type { CurrencyExponent } from '../../shared/currencies.js';
import { moneyFormatterAt } from '../../shared/money-display.js';
import { useLocaleStore } from './locale.js';
import { asDisplayCurrency } from './display-currency.js';

/** A currency as a figure needs it: its ISO 4217 code and that code's exponent. */
export interface DisplayCurrency {
  code: string;
  exponent: CurrencyExponent;
}

/**
 * A figure's currency: the code the API answered with it ('JPY': an account's, an entry's), or
 * with its exponent already known.
 */
export type FigureCurrency = DisplayCurrency | string;

/**
 * The currency of every account made before currencies, and the default of a figure whose
 * currency is not given (docs/money.md#display).
 */
export const USD: DisplayCurrency = { code: 'USD', exponent: 2 };

/** The locale figures are written in: the person's setting, the browser's until it loads. */
export function displayLocale(): string {
  return useLocaleStore.getState().locale;
}

/**
 * A balance in the person's locale (docs/money.md#display): "$1,234.50" and "-$12.00" in en-US,
 * "1.234,50 $" in de-DE. `amount` is in units, as the API answers it; the figure is formatted
 * from its minor units, so the decimals are the currency's (JPY none, KWD three).
 */
export function formatMoney(
  amount: number,
  currency: FigureCurrency = USD,
  locale: string = displayLocale(),
): string {
  if (!Number.isFinite(amount)) return String(amount);
  const { code, exponent } = asDisplayCurrency(currency);
  // Rounded on the magnitude, as Intl rounds a figure: -0.125 shows as -0.13, not -0.12.
  const minorUnits = BigInt(Math.round(Math.abs(amount) * 10 ** exponent));
  return moneyFormatterAt(locale, code, exponent).format(amount < 0 ? -minorUnits : minorUnits);
}

/** Expenses show as negative figures: "-$12.00". */
export function formatExpense(
  amount: number,
  currency: FigureCurrency = USD,
  locale: string = displayLocale(),
): string {
  return formatMoney(-Math.abs(amount), currency, locale);
}

// The browser's own Intl does this; a date library would add about 6 KB gzip to every screen.
const dateParts = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** "05 Mar, 2026" (dd MMM, yyyy), in local time. */
export function formatDate(iso: string | Date): string {
  const parts = dateParts.formatToParts(typeof iso === 'string' ? new Date(iso) : iso);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/**
 * A calendar date 'YYYY-MM-DD' (an entry's occurredOn) as "31 Mar, 2025". Read as that day
 * itself, never as an instant: new Date('2025-03-31') is midnight UTC, the day before in America.
 */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return formatDate(new Date(year, month - 1, day));
}

/** Today's calendar date where the person is, 'YYYY-MM-DD' (the default of a new entry). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
