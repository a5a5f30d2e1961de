// What one CSV cell looks like (docs/import.md#csv): money, an IBAN, a BIC, a SEPA creditor id,
// a phone number, a debit/credit mark. Every test here is a single left-to-right scan of a cell
// that the splitter has already cut to IMPORT_FIELD_MAX characters, and most give up at once on
// cells longer than any such value can be: nothing here can backtrack.

/** The shape of a cell that reads as money (`-1.234,50 €`, `(12.00)`, `+12.50`, `R$ 10,00`). */
export interface MoneyShape {
  /** Written with a minus sign or in parentheses. */
  negative: boolean;
  /** Written with any sign (or parentheses). */
  signed: boolean;
  /** Digits after the last separator, when it is followed by one to four (0 when none). */
  decimals: number;
  /** Only digits: no separator, sign or currency at all (`12345`, `0123`). */
  bareInteger: boolean;
  /** How many digits it has. */
  digits: number;
  /** Starts with a 0 followed by more digits (`0123`): a code, not a figure. */
  leadingZero: boolean;
  /** Every digit is 0. */
  zero: boolean;
}

const MONEY_TEXT_MAX = 40;
const SEPARATORS = new Set(['.', ',', "'", ' ', '\u00a0', '\u202f', '\u2009']);
const SIGNS = new Set(['-', '+', '\u2212']);
const CURRENCY_MARKS = new Set(['元', '円', '圆', '¥', '￥']);
const isDigit = (c: string) => c >= '0' && c <= '9';
const isAsciiLetter = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\u00a0' || c === '\u202f';
/** One character: a currency symbol (\p{Sc} on a single character cannot backtrack). */
const isCurrencySymbol = (c: string) => CURRENCY_MARKS.has(c) || /^\p{Sc}$/u.test(c);

/**
 * The money shape of a cell, or null when it is not money: optional sign, parentheses,
 * currency symbol or code (at most three letters) around digits with single separators between
 * them. `1.234,50`, `1,234.50`, `1 234,50`, `1'234.50`, `12.50-`, `EUR 12,50` are money;
 * `DE89…`, `12-34`, `12:30`, `1..2` are not.
 */
export function moneyShape(raw: string): MoneyShape | null {
  const text = raw.trim();
  if (text === '' || text.length > MONEY_TEXT_MAX) return null;
  let i = 0;
  let negative = false;
  let signed = false;
  let paren = false;
  let letters = 0;
  let decorated = false;
  // Before the figure: signs, an opening parenthesis, currency, spaces.
  for (; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (isDigit(c)) break;
    if (SIGNS.has(c)) {
      if (signed) return null;
      signed = true;
      negative = c !== '+';
    } else if (c === '(') {
      if (paren) return null;
      paren = true;
      signed = true;
      negative = true;
    } else if (isAsciiLetter(c)) {
      // A currency code (EUR, USD) or the letters of a symbol (R$, US$), never a lone letter.
      letters += 1;
      if (letters > 3) return null;
      const next = text.charAt(i + 1);
      if (!isAsciiLetter(next) && !isCurrencySymbol(next) && letters !== 3) return null;
    } else if (!isSpace(c) && !isCurrencySymbol(c)) {
      return null;
    }
    decorated = true;
  }
  if (i >= text.length) return null;
  const leadingZero = text.charAt(i) === '0' && isDigit(text.charAt(i + 1));
  // The figure: digits with single separators between them.
  let digits = 0;
  let nonZeroDigits = 0;
  let separators = 0;
  let lastGroup = 0;
  let previousSeparator = false;
  for (; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (isDigit(c)) {
      digits += 1;
      if (c !== '0') nonZeroDigits += 1;
      lastGroup += 1;
      previousSeparator = false;
    } else if (SEPARATORS.has(c) && !previousSeparator && isDigit(text.charAt(i + 1))) {
      separators += 1;
      lastGroup = 0;
      previousSeparator = true;
    } else {
      break;
    }
  }
  if (digits > 18) return null;
  // After the figure: a sign, a closing parenthesis, currency, spaces.
  let trailingLetters = 0;
  for (; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (SIGNS.has(c)) {
      if (signed) return null;
      signed = true;
      negative = c !== '+';
    } else if (c === ')') {
      if (!paren) return null;
      paren = false;
    } else if (isAsciiLetter(c)) {
      // A currency code or CR/DR (two or three letters in a row), never a lone letter.
      trailingLetters += 1;
      if (trailingLetters > 3) return null;
      if (!isAsciiLetter(text.charAt(i + 1)) && trailingLetters < 2) return null;
    } else if (!isSpace(c) && !isCurrencySymbol(c)) {
      return null;
    }
    decorated = true;
  }
  if (paren) return null;
  return {
    negative,
    signed,
    decimals: separators > 0 && lastGroup <= 4 ? lastGroup : 0,
    bareInteger: separators === 0 && !decorated,
    digits,
    leadingZero,
    zero: nonZeroDigits === 0,
  };
}

/** Letters as numbers for the ISO 7064 mod-97 check (A=10 … Z=35), taken digit by digit. */
function mod97(text: string): number {
  let rest = 0;
  for (const c of text) {
    if (isDigit(c)) {
      rest = (rest * 10 + Number(c)) % 97;
    } else if (c >= 'A' && c <= 'Z') {
      const value = c.charCodeAt(0) - 55;
      rest = (rest * 100 + value) % 97;
    } else {
      return -1;
    }
  }
  return rest;
}

const compact = (raw: string) => raw.trim().replaceAll(' ', '').toUpperCase();
const isUpperAlnum = (text: string) => {
  for (const c of text) if (!isDigit(c) && !(c >= 'A' && c <= 'Z')) return false;
  return true;
};

/** An IBAN (spaces allowed): country, check digits, account; its mod-97 check holds. */
export function isIban(raw: string): boolean {
  if (raw.length > 50 || raw.length < 15) return false;
  const text = compact(raw);
  if (text.length < 15 || text.length > 34 || !isUpperAlnum(text)) return false;
  if (!isAsciiLetter(text.charAt(0)) || !isAsciiLetter(text.charAt(1))) return false;
  if (!isDigit(text.charAt(2)) || !isDigit(text.charAt(3))) return false;
  return mod97(text.slice(4) + text.slice(0, 4)) === 1;
}

/** A BIC (SWIFT code): 4 letters, a country, 2 letters or digits, optionally 3 more. */
export function isBic(raw: string): boolean {
  const text = raw.trim();
  if (text.length !== 8 && text.length !== 11) return false;
  if (!isUpperAlnum(text)) return false;
  for (let i = 0; i < 6; i += 1) if (isDigit(text.charAt(i))) return false;
  return true;
}

/**
 * A SEPA creditor identifier (`DE98ZZZ09999999999`): country, check digits, a three-character
 * business code, then the national id; the check digits cover the national id and country.
 */
export function isCreditorId(raw: string): boolean {
  if (raw.length > 40 || raw.length < 8) return false;
  const text = compact(raw);
  if (text.length < 8 || text.length > 35 || !isUpperAlnum(text)) return false;
  if (!isAsciiLetter(text.charAt(0)) || !isAsciiLetter(text.charAt(1))) return false;
  if (!isDigit(text.charAt(2)) || !isDigit(text.charAt(3))) return false;
  return text.slice(4, 7) === 'ZZZ' || mod97(text.slice(7) + text.slice(0, 4)) === 1;
}

/** A phone number: `+` or `0` first, digits with spaces, dashes, dots or brackets, 7 to 15 digits, no decimals. */
export function isPhone(raw: string): boolean {
  const text = raw.trim();
  if (text.length < 7 || text.length > 24) return false;
  const first = text.charAt(0);
  if (first !== '+' && first !== '0' && first !== '(') return false;
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (isDigit(c)) digits += 1;
    else if (c === '+' && i === 0) continue;
    else if (c !== ' ' && c !== '-' && c !== '(' && c !== ')' && c !== '/') return false;
  }
  return digits >= 7 && digits <= 15;
}

export type Side = 'debit' | 'credit';

/**
 * What a debit/credit mark says, folded (case and accents ignored): D/C, DR/CR, DBIT/CRDT, S/H,
 * Soll/Haben, Debit/Credit, Lastschrift/Gutschrift, Belastung/Gutschrift, Af/Bij, 支出/收入, -/+.
 */
const SIDES = new Map<string, Side>([
  ['d', 'debit'],
  ['dr', 'debit'],
  ['dbit', 'debit'],
  ['debit', 'debit'],
  ['debito', 'debit'],
  ['debet', 'debit'],
  ['s', 'debit'],
  ['soll', 'debit'],
  ['lastschrift', 'debit'],
  ['belastung', 'debit'],
  ['ausgang', 'debit'],
  ['af', 'debit'],
  ['out', 'debit'],
  ['-', 'debit'],
  ['\u2212', 'debit'],
  ['支出', 'debit'],
  ['支', 'debit'],
  ['借', 'debit'],
  ['c', 'credit'],
  ['cr', 'credit'],
  ['crdt', 'credit'],
  ['credit', 'credit'],
  ['credito', 'credit'],
  ['h', 'credit'],
  ['haben', 'credit'],
  ['gutschrift', 'credit'],
  ['eingang', 'credit'],
  ['bij', 'credit'],
  ['in', 'credit'],
  ['+', 'credit'],
  ['收入', 'credit'],
  ['收', 'credit'],
  ['贷', 'credit'],
]);

/** The words a debit/credit mark may be, for messages. */
export const SIDE_WORDS =
  'D/C, DR/CR, DBIT/CRDT, S/H, Soll/Haben, Debit/Credit, Lastschrift/Gutschrift, 支出/收入 or -/+';

/** Lower case, accents removed; only for short cells. */
export function foldShort(text: string): string {
  return text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The side a debit/credit mark names, or null when the cell is not one. */
export function sideOf(raw: string): Side | null {
  const text = raw.trim();
  if (text === '' || text.length > 20) return null;
  return SIDES.get(text.toLowerCase()) ?? SIDES.get(foldShort(text)) ?? null;
}
