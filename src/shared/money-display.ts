import { currencyExponent, type CurrencyExponent } from './currencies.js';
import { isExactAsUnits, minorUnitsText } from './currency-money.js';

/**
 * Money shown to a person: Intl.NumberFormat in their locale for the amount's currency, always
 * with the currency's ISO 4217 decimals (IQD shows 3 where CLDR would show none), formatted from
 * the bigint minor units as decimal text, never through a float (docs/money.md#display).
 */

export interface MoneyFormatter {
  /** "$1,234.56", "1.234,56 €", "￥1,000", "IQD 1,234.500". */
  format(minorUnits: bigint): string;
  /** The same figure in Intl's parts, for a screen that styles the symbol or the decimals. */
  formatToParts(minorUnits: bigint): Intl.NumberFormatPart[];
}

export interface MoneyFormatOptions {
  /** How the currency is named: "$" (default), "US$" or "USD". */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code';
  /**
   * Whether Intl reads decimal text exactly (Intl.NumberFormat v3: Node 19+, Chromium 106+,
   * Safari 15.4+, Firefox 116+); found out once when not given. Tests set it to check the path
   * taken on a runtime without it.
   */
  decimalStrings?: boolean;
}

type DecimalText = `${number}`;

let decimalStringsSupported: boolean | undefined;

/**
 * Whether this runtime formats decimal text digit for digit: one that does not reads the text as a
 * Number first, and 2^53 + 1 comes out as 2^53.
 */
export function intlFormatsDecimalText(): boolean {
  decimalStringsSupported ??=
    new Intl.NumberFormat('en-US', { useGrouping: false }).format(
      '9007199254740993' as DecimalText,
    ) === '9007199254740993';
  return decimalStringsSupported;
}

/** The exact value Intl is given: a bigint when there are no decimals, else decimal text. */
function exactValue(minorUnits: bigint, exponent: CurrencyExponent): bigint | DecimalText {
  if (exponent === 0) return minorUnits;
  return minorUnitsText(minorUnits, exponent, '') as DecimalText;
}

/** A formatter of `currency` amounts in `locale` (undefined: the runtime's own). */
export function createMoneyFormatter(
  locale: string | undefined,
  currency: string,
  options: MoneyFormatOptions = {},
): MoneyFormatter {
  return createMoneyFormatterAt(locale, currency, currencyExponent(currency), options);
}

/**
 * The same with the currency's exponent given: a bundle that formats only currencies whose
 * exponent it knows (the client's USD, docs/money.md#display) leaves the ISO table out.
 */
export function createMoneyFormatterAt(
  locale: string | undefined,
  currency: string,
  exponent: CurrencyExponent,
  options: MoneyFormatOptions = {},
): MoneyFormatter {
  const intl = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: options.currencyDisplay ?? 'symbol',
    // ISO's exponent, not CLDR's display digits: every minor unit an amount holds is shown.
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  const decimalStrings = options.decimalStrings ?? intlFormatsDecimalText();
  /** What Intl is given for `minorUnits`, or null when it cannot be given the exact value. */
  const value = (minorUnits: bigint): bigint | DecimalText | number | null => {
    if (decimalStrings || exponent === 0) return exactValue(minorUnits, exponent);
    // Without decimal text, a Number is still exact up to fifteen digits: the double nearest the
    // decimal, rounded by Intl to the exponent's places, is that decimal again.
    if (isExactAsUnits(minorUnits)) return Number(exactValue(minorUnits, exponent));
    return null;
  };
  // Past fifteen digits on such a runtime the figure is written without Intl rather than rounded.
  const plain = (minorUnits: bigint): string =>
    `${minorUnitsText(minorUnits, exponent)} ${currency}`;
  return {
    format(minorUnits) {
      const exact = value(minorUnits);
      return exact === null ? plain(minorUnits) : intl.format(exact);
    },
    formatToParts(minorUnits) {
      const exact = value(minorUnits);
      return exact === null
        ? [{ type: 'literal', value: plain(minorUnits) }]
        : intl.formatToParts(exact);
    },
  };
}

/** Formatters already built: building one costs far more than using it. */
const formatters = new Map<string, MoneyFormatter>();
/** Locales and currencies a person uses are few; the cache is emptied past this. */
const MAX_CACHED_FORMATTERS = 64;

/** The cached formatter of `currency` in `locale`, with the currency's symbol. */
export function moneyFormatter(locale: string | undefined, currency: string): MoneyFormatter {
  return moneyFormatterAt(locale, currency, currencyExponent(currency));
}

/** The cached formatter of `currency`, whose ISO exponent is `exponent`, in `locale`. */
export function moneyFormatterAt(
  locale: string | undefined,
  currency: string,
  exponent: CurrencyExponent,
): MoneyFormatter {
  const key = `${locale ?? ''}|${currency}|${exponent}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
    formatter = createMoneyFormatterAt(locale, currency, exponent);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `minorUnits` of `currency` as a person in `locale` reads money: "1.234,500 KWD" in de-DE. */
export function formatMoneyIn(
  minorUnits: bigint,
  currency: string,
  locale: string | undefined,
): string {
  return moneyFormatter(locale, currency).format(minorUnits);
}
