import type { DateOrder } from '../../../shared/schemas/import.js';

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The three numbers of a date text, or the date itself when it is unambiguous (YYYYMMDD). */
function partsOf(raw: string): [string, string, string] | null {
  const text = raw.trim().replace(/[T\s].*$/, '');
  if (/^\d{8}$/.test(text)) return [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)];
  const parts = text.split(/[-/.']/);
  if (parts.length !== 3 || parts.some((part) => !/^\d{1,4}$/.test(part))) return null;
  return parts as [string, string, string];
}

const fullYear = (year: string) => (year.length <= 2 ? 2000 + Number(year) : Number(year));

/** A bank's date as 'YYYY-MM-DD' in the given order (a 4-digit first part is always y-m-d). */
export function parseDate(raw: string, order: DateOrder): string | null {
  const parts = partsOf(raw);
  if (!parts) return null;
  const [a, b, c] = parts;
  let y: number;
  let m: number;
  let d: number;
  if (a.length === 4 || order === 'ymd') {
    [y, m, d] = [fullYear(a), Number(b), Number(c)];
  } else if (order === 'dmy') {
    [d, m, y] = [Number(a), Number(b), fullYear(c)];
  } else {
    [m, d, y] = [Number(a), Number(b), fullYear(c)];
  }
  return isRealDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/**
 * The order of some dates: y-m-d when they start with the year, d-m-y when a first part is
 * above 12, m-d-y when a second part is, else `fallback` (the two readings agree on none).
 */
export function guessDateOrder(samples: readonly string[], fallback: DateOrder): DateOrder {
  let firstAbove12 = false;
  let secondAbove12 = false;
  for (const sample of samples) {
    const parts = partsOf(sample);
    if (!parts) continue;
    if (parts[0].length === 4) return 'ymd';
    if (Number(parts[0]) > 12) firstAbove12 = true;
    if (Number(parts[1]) > 12) secondAbove12 = true;
  }
  if (firstAbove12 && !secondAbove12) return 'dmy';
  if (secondAbove12 && !firstAbove12) return 'mdy';
  return fallback;
}

export function looksLikeDate(raw: string): boolean {
  return partsOf(raw) !== null;
}

export function dateOrderLabel(order: DateOrder): string {
  return { ymd: 'year-month-day', dmy: 'day-month-year', mdy: 'month-day-year' }[order];
}
