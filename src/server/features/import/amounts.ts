import type { ReadingChoice } from './parsed-file.js';
import { IMPORT_FIELD_MAX } from '../../../shared/limits.js';
import { MAX_OPERATION_MINOR_UNITS } from '../../../shared/currency-money.js';

/** The loosest bound of one amount, in cents: an operation's minor units of a 0-decimal currency. */
const LOOSEST_CENTS = MAX_OPERATION_MINOR_UNITS * 100n;

// Amounts of bank files (docs/import.md#amounts), read exactly (never through a float) and in
// linear time: a field is cut to IMPORT_FIELD_MAX characters, then scanned character by
// character or by single-character-class patterns, which cannot backtrack.

/**
 * A signed decimal exactly as written: `value / 10^scale`, trailing zeros of the fraction
 * dropped (`-12.50` is -125 at scale 1). What an amount is in its account's currency is decided
 * once the account is known (account-amounts.ts, docs/import.md#amounts).
 */
export interface ExactAmount {
  value: bigint;
  scale: number;
}

/**
 * Cents, and the amount as written when it had more than two decimals and was rounded
 * half-even to the cent (`written` null when it was exact); `exact` is the decimal as written,
 * whatever its number of decimals.
 */
export type AmountResult =
  { cents: bigint; written: string | null; exact: ExactAmount } | { error: string };

type Decimal = '.' | ',';

const cut = (raw: string) => (raw.length > IMPORT_FIELD_MAX ? raw.slice(0, IMPORT_FIELD_MAX) : raw);

const separatorWords = (decimal: Decimal) =>
  decimal === '.' ? 'a decimal point' : 'a decimal comma';

/** An amount quoted in a message: at most 40 characters. */
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** Letters, currency signs and spaces of every kind are not part of a figure (EUR, €, US$). */
const NOT_FIGURE = /[\p{L}\p{Sc}\s]/gu;
/** Minus signs other than the ASCII hyphen-minus: U+2212 minus, en dash. */
const MINUS = /[\u2212\u2013]/g;

/**
 * Rounds a non-negative exact decimal (whole digits, fraction digits) to cents, half to even:
 * the digits past the second decimal are compared with one half, exactly as text.
 */
function roundedCents(whole: string, fraction: string): { cents: bigint; exact: boolean } {
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  const rest = fraction.slice(2);
  let firstNonZero = -1;
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] !== '0') {
      firstNonZero = i;
      break;
    }
  }
  if (firstNonZero === -1) return { cents, exact: true };
  const head = rest[0] ?? '0';
  let up: boolean;
  if (head > '5') up = true;
  else if (head < '5') up = false;
  else {
    // Exactly 5 followed by zeros is a tie: to the even cent. 5 then anything else is above half.
    let tail = false;
    for (let i = 1; i < rest.length; i += 1) {
      if (rest[i] !== '0') {
        tail = true;
        break;
      }
    }
    up = tail || cents % 2n === 1n;
  }
  return { cents: up ? cents + 1n : cents, exact: false };
}

/**
 * Reads a bank's amount text as signed cents, exactly (no float): a leading or trailing sign,
 * parentheses for negatives, currency symbols and letters around it, and thousands separators
 * (`1,234.50`, `1.234,50`, `1 234,50`, `1'234.50`) given which character is the decimal one.
 * Written with more than two decimals, the amount is rounded half-even to the cent and
 * `written` keeps the text as written (`+115.8331` is 11583 cents, written "+115.8331"); an
 * amount exact in cents (`12.500`, `12.50000`) has `written` null. More than fifteen whole
 * digits, or more units than any currency's operation may move, is an error; the bound of one
 * operation is checked again in the account's currency (account-amounts.ts): it is a count of
 * minor units.
 */
export function parseAmount(raw: string, decimal: Decimal): AmountResult {
  const written = cut(raw).trim();
  if (written === '') return { error: 'No amount' };
  const notNumber = { error: `The amount ${quoted(written)} is not a number` };
  let text = written;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(MINUS, '-').replace(NOT_FIGURE, '');
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  } else if (text.endsWith('+')) {
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  // Thousands separators: the other one of , and . and the apostrophes (Swiss 1'234.50). They
  // must group digits: three after the last one, two or three between two (Indian 1,23,456.00),
  // so that "12,50" read with a decimal point is refused rather than read as 1,250.
  const grouping = {
    error: `The amount ${quoted(written)} is not a number with ${separatorWords(decimal)}`,
  };
  const thousands = decimal === '.' ? ',' : '.';
  let whole = '';
  let fraction = '';
  let seenDecimal = false;
  let grouped = false;
  let group = 0;
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (seenDecimal) fraction += char;
      else whole += char;
      group += 1;
    } else if (char === decimal) {
      if (seenDecimal) return notNumber;
      if (grouped && group !== 3) return grouping;
      seenDecimal = true;
    } else if (!seenDecimal && (char === "'" || char === '\u2019' || char === thousands)) {
      if (group === 0 || (grouped && group !== 2 && group !== 3)) return grouping;
      grouped = true;
      group = 0;
    } else {
      return notNumber;
    }
  }
  if (!seenDecimal && grouped && group !== 3) return grouping;
  if (whole === '' && fraction === '') return notNumber;
  whole = whole.replace(/^0+/, '');
  const tooLarge = { error: `The amount ${quoted(written)} is too large` };
  if (whole.length > 15) return tooLarge;
  const { cents, exact } = roundedCents(whole, fraction);
  if (cents > LOOSEST_CENTS) return tooLarge;
  const digits = fraction.replace(/0+$/, '');
  const magnitude = BigInt(`${whole}${digits}` || '0');
  return {
    cents: negative ? -cents : cents,
    written: exact ? null : written,
    exact: { value: negative ? -magnitude : magnitude, scale: digits.length },
  };
}

/** What one amount says about the decimal separator. */
type Vote = Decimal | 'dot3' | 'comma3' | null;

const isTrim = (char: string) =>
  char === ')' ||
  char === '(' ||
  char === '-' ||
  char === '+' ||
  char === '\u2212' ||
  /[\p{L}\p{Sc}\s]/u.test(char);

/**
 * What an amount says: the later of a dot and a comma is the decimal; a separator that occurs
 * twice is a thousands one (the other is then the decimal); one separator followed by 1, 2 or
 * 4+ digits is the decimal; one followed by exactly three digits could be either (dot3, comma3).
 */
function voteOf(raw: string): Vote {
  const text = cut(raw);
  // Trim signs, parentheses, letters, currency and spaces from both ends: one scan each way.
  let start = 0;
  let end = text.length;
  while (start < end && isTrim(text[start] ?? '')) start += 1;
  while (end > start && isTrim(text[end - 1] ?? '')) end -= 1;
  let lastDot = -1;
  let lastComma = -1;
  let dots = 0;
  let commas = 0;
  for (let i = start; i < end; i += 1) {
    const char = text[i];
    if (char === '.') {
      dots += 1;
      lastDot = i;
    } else if (char === ',') {
      commas += 1;
      lastComma = i;
    }
  }
  if (dots > 0 && commas > 0) return lastDot > lastComma ? '.' : ',';
  if (dots > 1) return ',';
  if (commas > 1) return '.';
  const at = dots === 1 ? lastDot : commas === 1 ? lastComma : -1;
  if (at === -1) return null;
  let digits = 0;
  for (let i = at + 1; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits += 1;
  }
  if (digits === 0) return null;
  if (digits === 3) return dots === 1 ? 'dot3' : 'comma3';
  return dots === 1 ? '.' : ',';
}

/** Amounts whose value differs between the two readings. */
function changedAmounts(samples: readonly string[]): number {
  let count = 0;
  for (const sample of samples) {
    const dot = parseAmount(sample, '.');
    const comma = parseAmount(sample, ',');
    const a = 'error' in dot ? null : dot.cents;
    const b = 'error' in comma ? null : comma.cents;
    if (a !== b) count += 1;
  }
  return count;
}

/**
 * The decimal separator of a file's amounts, decided from all of them (docs/import.md#amounts):
 *
 * - `given` (the person's answer): that one, reported as a choice that needs no answer;
 * - amounts that settle it (`1,234.50`, `12,50`, `1.234.567`, `115.8331`) all agree: that one;
 * - they disagree: the one more amounts settle, with a choice that needs an answer;
 * - none settles it but some have exactly three digits after their only separator (`1.234`,
 *   `1,234`): the reading where that separator groups thousands (`fallback` when both kinds
 *   occur), with a choice that needs an answer when the readings give different amounts;
 * - nothing to go on (whole numbers): `fallback` ('.' unless given), no choice.
 */
export function decideDecimal(
  samples: readonly string[],
  options: { given?: Decimal | undefined; answer: string; fallback?: Decimal | undefined },
): { decimal: Decimal; choice: ReadingChoice | null } {
  const fallback = options.fallback ?? '.';
  let dot = 0;
  let comma = 0;
  let dot3 = 0;
  let comma3 = 0;
  for (const sample of samples) {
    const vote = voteOf(sample);
    if (vote === '.') dot += 1;
    else if (vote === ',') comma += 1;
    else if (vote === 'dot3') dot3 += 1;
    else if (vote === 'comma3') comma3 += 1;
  }
  const choice = (
    decimal: Decimal,
    evidence: string,
    needsAnswer: boolean,
    rows = changedAmounts(samples),
  ): { decimal: Decimal; choice: ReadingChoice } => ({
    decimal,
    choice: {
      kind: 'decimalSeparator',
      answer: options.answer,
      chosen: decimal,
      options: decimal === '.' ? ['.', ','] : [',', '.'],
      evidence,
      needsAnswer,
      rows,
    },
  });
  if (options.given !== undefined) {
    return choice(
      options.given,
      `Amounts read with ${separatorWords(options.given)}, as you chose`,
      false,
    );
  }
  if (dot > 0 && comma === 0) return { decimal: '.', choice: null };
  if (comma > 0 && dot === 0) return { decimal: ',', choice: null };
  if (dot > 0 && comma > 0) {
    const decimal = dot > comma ? '.' : comma > dot ? ',' : fallback;
    return choice(
      decimal,
      `Amounts read with ${separatorWords(decimal)}, but the file contradicts itself: ${dot} amounts have a decimal point and ${comma} a decimal comma`,
      true,
    );
  }
  if (dot3 === 0 && comma3 === 0) return { decimal: fallback, choice: null };
  // Only "1.234" or "1,234": the separator most likely groups thousands.
  const decimal: Decimal =
    dot3 > 0 && comma3 === 0 ? ',' : comma3 > 0 && dot3 === 0 ? '.' : fallback;
  const seen = decimal === ',' ? '.' : ',';
  const rows = changedAmounts(samples);
  if (rows === 0) return { decimal, choice: null };
  return choice(
    decimal,
    `Amounts read with ${separatorWords(decimal)}: every amount with a “${seen}” has exactly three digits after it (like 1${seen}234), which could also be ${separatorWords(seen)}; ${rows} ${rows === 1 ? 'amount' : 'amounts'} would change if read with ${separatorWords(seen)}`,
    true,
    rows,
  );
}

/**
 * Which character is the decimal separator of these amounts (decideDecimal without a choice):
 * kept for callers that need only the answer.
 */
export function guessDecimal(samples: readonly string[]): Decimal {
  return decideDecimal(samples, { answer: '' }).decimal;
}
