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

/** An example amount written in the locale's marks, for messages: "1,234.56" or "1.234,56". */
export function exampleAmount(marks: NumberMarks): string {
  const group = isSpace(marks.group) ? ' ' : marks.group;
  return `1${group}234${marks.decimal}56`;
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

/**
 * What the typed `text` records, read with the locale's `marks`: its cents, nothing (empty), or
 * the reason it cannot be read. Limits the server sets (above 0, at most 1,000,000,000.00) are
 * reported in the server's own words so the field and the API never disagree.
 */
export function readTypedAmount(text: string, marks: NumberMarks): TypedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const example = exampleAmount(marks);
  if (/^[-\u2212+]/.test(trimmed))
    return {
      kind: 'unreadable',
      message: 'Type the amount without a sign: the kind of entry says which way the money goes.',
    };
  const rewritten = canonical(trimmed, marks);
  if (typeof rewritten !== 'string')
    return {
      kind: 'unreadable',
      message: `"${rewritten.unreadable}" cannot be part of an amount. Type digits, ${describeMark(marks.group)} between thousands and ${describeMark(marks.decimal)} before the cents, such as ${example}.`,
    };
  const [whole = '', fraction, ...more] = rewritten.split('.');
  if (more.length > 0 || (fraction !== undefined && fraction.includes(',')))
    return {
      kind: 'unreadable',
      message: `This amount has more than one ${describeMark(marks.decimal)}. Type it like ${example}.`,
    };
  if (whole.replace(/,/g, '') === '' && !fraction)
    return { kind: 'unreadable', message: `Type digits, such as ${example}.` };
  if (!wellGrouped(whole, marks))
    return {
      kind: 'unreadable',
      message: `"${trimmed}" could be read two ways. Here ${describeMark(marks.group)} separates thousands and ${describeMark(marks.decimal)} comes before the cents, such as ${example}.`,
    };
  if (fraction !== undefined && fraction.length > 2)
    return { kind: 'unreadable', message: 'Amount must have at most two decimal places' };
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0';
  // More digits than any allowed amount has: refused before BigInt sees a long string.
  if (digits.length > 13)
    return {
      kind: 'unreadable',
      message: `Amount must be at most ${formatCents(MAX_OPERATION_CENTS)}`,
    };
  const cents = BigInt(digits) * 100n + BigInt((fraction ?? '').padEnd(2, '0'));
  if (cents > MAX_OPERATION_CENTS)
    return {
      kind: 'unreadable',
      message: `Amount must be at most ${formatCents(MAX_OPERATION_CENTS)}`,
    };
  return { kind: 'cents', cents };
}

/** `cents` written for editing in the locale's marks, always with two decimals: "45.20", "45,20". */
export function amountForEditing(cents: bigint, marks: NumberMarks): string {
  const abs = cents < 0n ? -cents : cents;
  return `${abs / 100n}${marks.decimal}${(abs % 100n).toString().padStart(2, '0')}`;
}
