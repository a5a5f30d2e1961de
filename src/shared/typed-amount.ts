import { currencyExponent, type CurrencyExponent } from './currencies.js';
import {
  MAX_EXACT_MINOR_UNITS,
  MAX_OPERATION_MINOR_UNITS,
  amountTooLargeMessage,
  amountTooLargeMessageAt,
  currencyBounds,
  decimalsLimitMessage,
  decimalsLimitMessageAt,
  minorUnitsPerUnit,
} from './currency-money.js';
import { MAX_OPERATION_CENTS, formatCents } from './money.js';

/**
 * Reading an amount as a person types it, in their locale: "12,50" in Germany, "1,250.00" in the
 * United States, "1 250,00" in France, "1,00,000" in India. Nothing is guessed and no character is
 * dropped: text that could mean two amounts, or holds anything but digits and the locale's two
 * marks, is refused with the reason (docs/settings.md#typed-amounts, docs/decisions/022-typed-amounts-refuse-what-they-cannot-read.md).
 */

/** The marks a locale writes numbers with, and how it groups the whole part. */
export interface NumberMarks {
  /** The decimal mark: "." or ",", or another character a locale uses. */
  decimal: string;
  /** The grouping mark: ",", ".", a space, an apostrophe... */
  group: string;
  /** Digits in each group after the first from the right: 3, or 2 in India's 1,00,000. */
  secondaryGroupSize: number;
}

/** One space of any width: French and Swiss groupings use the narrow and no-break ones. */
const isSpace = (char: string): boolean => /^[\s\u00a0\u202f]$/.test(char);
/** An apostrophe a Swiss grouping may be typed with: ' or the typographic ’. */
const isApostrophe = (char: string): boolean => char === "'" || char === '\u2019';

/** The marks `locale` writes numbers with, read from the platform's own formatting. */
export function numberMarksOf(locale: string): NumberMarks {
  const format = new Intl.NumberFormat(locale, { useGrouping: true });
  const parts = format.formatToParts(12345678.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value);
  // "1,23,45,678" has 2-digit groups before the last one; "12,345,678" 3-digit ones.
  const secondaryGroupSize = integers.length > 2 ? (integers[integers.length - 2]?.length ?? 3) : 3;
  return { decimal, group, secondaryGroupSize };
}

export type TypedAmount =
  { kind: 'empty' } | { kind: 'cents'; cents: bigint } | { kind: 'unreadable'; message: string };

/** What typed text records in a currency: its minor units, nothing, or why it cannot be read. */
export type TypedMoney =
  | { kind: 'empty' }
  | { kind: 'minorUnits'; minorUnits: bigint }
  | { kind: 'unreadable'; message: string };

const EXAMPLE_DECIMALS = '5678';

/**
 * An example amount written in the locale's marks with `exponent` decimals, for messages:
 * "1,234.56", "1.234,56", "1,234" (JPY), "1,234.567" (KWD).
 */
export function exampleAmountAt(marks: NumberMarks, exponent: CurrencyExponent): string {
  const group = isSpace(marks.group) ? ' ' : marks.group;
  const fraction = exponent === 0 ? '' : `${marks.decimal}${EXAMPLE_DECIMALS.slice(0, exponent)}`;
  return `1${group}234${fraction}`;
}

/** An example amount written in the locale's marks, for messages: "1,234.56" or "1.234,56". */
export function exampleAmount(marks: NumberMarks): string {
  return exampleAmountAt(marks, 2);
}

function describeMark(mark: string): string {
  return isSpace(mark) ? 'a space' : `"${mark}"`;
}

/** Rewrites the locale's marks to "," (group) and "." (decimal), refusing anything else. */
function canonical(text: string, marks: NumberMarks): string | { unreadable: string } {
  const groupIsSpace = isSpace(marks.group);
  const groupIsApostrophe = isApostrophe(marks.group);
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') out += char;
    else if (char === marks.decimal) out += '.';
    else if (char === marks.group) out += ',';
    else if (groupIsSpace && isSpace(char)) out += ',';
    else if (groupIsApostrophe && isApostrophe(char)) out += ',';
    else return { unreadable: char };
  }
  return out;
}

/** Whether "1,234,567" style grouping is well formed for the locale (a group of 1-3, then sizes). */
function wellGrouped(whole: string, marks: NumberMarks): boolean {
  const groups = whole.split(',');
  if (groups.length === 1) return true;
  const [first, ...rest] = groups;
  const last = rest.pop() ?? '';
  if (!first || first.length > Math.max(3, marks.secondaryGroupSize)) return false;
  if (last.length !== 3) return false;
  return rest.every((group) => group.length === marks.secondaryGroupSize);
}

/** What differs between reading cents (the API before currencies) and a currency's amount. */
interface ReadingRules {
  exponent: CurrencyExponent;
  /** Largest amount in minor units, and how the refusal of a larger one is said. */
  max: bigint;
  tooLarge: string;
  /** How an amount with more decimals than `exponent` is refused. */
  tooManyDecimals: string;
  /** What the decimal mark comes before, in messages: "the cents", "the decimals". */
  fractionName: string;
}

/** Longer whole parts than any bound has are refused before BigInt reads a long string. */
const MAX_WHOLE_DIGITS = MAX_EXACT_MINOR_UNITS.toString().length;

function readMinorUnits(text: string, marks: NumberMarks, rules: ReadingRules): TypedMoney {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const example = exampleAmountAt(marks, rules.exponent);
  const marksSaid =
    rules.exponent === 0
      ? `${describeMark(marks.group)} between thousands`
      : `${describeMark(marks.group)} between thousands and ${describeMark(marks.decimal)} before ${rules.fractionName}`;
  if (/^[-\u2212+]/.test(trimmed))
    return {
      kind: 'unreadable',
      message: 'Type the amount without a sign: the kind of entry says which way the money goes.',
    };
  const rewritten = canonical(trimmed, marks);
  if (typeof rewritten !== 'string')
    return {
      kind: 'unreadable',
      message: `"${rewritten.unreadable}" cannot be part of an amount. Type digits, ${marksSaid}, such as ${example}.`,
    };
  const [whole = '', fraction, ...more] = rewritten.split('.');
  if (more.length > 0 || (fraction !== undefined && fraction.includes(',')))
    return {
      kind: 'unreadable',
      message: `This amount has more than one ${describeMark(marks.decimal)}. Type it like ${example}.`,
    };
  if (whole.replace(/,/g, '') === '' && !fraction)
    return { kind: 'unreadable', message: `Type digits, such as ${example}.` };
  if (!wellGrouped(whole, marks)) {
    const here =
      rules.exponent === 0
        ? `${describeMark(marks.group)} separates thousands`
        : `${describeMark(marks.group)} separates thousands and ${describeMark(marks.decimal)} comes before ${rules.fractionName}`;
    return {
      kind: 'unreadable',
      message: `"${trimmed}" could be read two ways. Here ${here}, such as ${example}.`,
    };
  }
  // Never rounded: a typed decimal beyond the minor unit is refused, even a trailing zero.
  if (fraction !== undefined && fraction.length > rules.exponent)
    return { kind: 'unreadable', message: rules.tooManyDecimals };
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0';
  if (digits.length > MAX_WHOLE_DIGITS) return { kind: 'unreadable', message: rules.tooLarge };
  const minorUnits =
    BigInt(digits) * minorUnitsPerUnit(rules.exponent) +
    BigInt((fraction ?? '').padEnd(rules.exponent, '0') || '0');
  if (minorUnits > rules.max) return { kind: 'unreadable', message: rules.tooLarge };
  return { kind: 'minorUnits', minorUnits };
}

/**
 * What the typed `text` records in `currency`, read with the locale's `marks`: its minor units
 * at the currency's exponent ("1,000" is 1000 JPY in en-US, "12,5" is 12500 KWD in de-DE),
 * nothing (empty), or the reason it cannot be read. More decimals than the currency has are
 * refused with its own words ("JPY amounts have no decimals"), never rounded.
 */
export function readTypedMoney(text: string, marks: NumberMarks, currency: string): TypedMoney {
  const { maxOperation } = currencyBounds(currency);
  return readMinorUnits(text, marks, {
    exponent: currencyExponent(currency),
    max: maxOperation,
    tooLarge: amountTooLargeMessage(maxOperation, currency),
    tooManyDecimals: decimalsLimitMessage(currency),
    fractionName: 'the decimals',
  });
}

/**
 * readTypedMoney with the currency's exponent given, for a screen that carries no ISO table (the
 * currency is one the API answered). The bound is every currency's (currencyBounds).
 */
export function readTypedMoneyAt(
  text: string,
  marks: NumberMarks,
  currency: string,
  exponent: CurrencyExponent,
): TypedMoney {
  return readMinorUnits(text, marks, {
    exponent,
    max: MAX_OPERATION_MINOR_UNITS,
    tooLarge: amountTooLargeMessageAt(MAX_OPERATION_MINOR_UNITS, currency, exponent),
    tooManyDecimals: decimalsLimitMessageAt(currency, exponent),
    fractionName: 'the decimals',
  });
}

const CENTS_RULES: ReadingRules = {
  exponent: 2,
  max: MAX_OPERATION_CENTS,
  tooLarge: `Amount must be at most ${formatCents(MAX_OPERATION_CENTS)}`,
  tooManyDecimals: 'Amount must have at most two decimal places',
  fractionName: 'the cents',
};

/**
 * What the typed `text` records, read with the locale's `marks`: its cents, nothing (empty), or
 * the reason it cannot be read. Limits the server sets (above 0, at most 1,000,000,000.00) are
 * reported in the server's own words so the field and the API never disagree. The two-decimal
 * case of readTypedMoney, in the words of the API before currencies.
 */
export function readTypedAmount(text: string, marks: NumberMarks): TypedAmount {
  const read = readMinorUnits(text, marks, CENTS_RULES);
  return read.kind === 'minorUnits' ? { kind: 'cents', cents: read.minorUnits } : read;
}

/**
 * `minorUnits` of `currency` written for editing in the locale's marks, always with the
 * currency's decimals and no grouping: "45.20", "45,200" (KWD in de-DE), "4520" (JPY).
 */
export function moneyForEditing(minorUnits: bigint, marks: NumberMarks, currency: string): string {
  return amountForEditingAt(minorUnits, marks, currencyExponent(currency));
}

/** moneyForEditing with the currency's exponent given. */
export function amountForEditingAt(
  minorUnits: bigint,
  marks: NumberMarks,
  exponent: CurrencyExponent,
): string {
  const abs = minorUnits < 0n ? -minorUnits : minorUnits;
  const perUnit = minorUnitsPerUnit(exponent);
  const whole = (abs / perUnit).toString();
  if (exponent === 0) return whole;
  return `${whole}${marks.decimal}${(abs % perUnit).toString().padStart(exponent, '0')}`;
}

/** `cents` written for editing in the locale's marks, always with two decimals: "45.20", "45,20". */
export function amountForEditing(cents: bigint, marks: NumberMarks): string {
  return amountForEditingAt(cents, marks, 2);
}
