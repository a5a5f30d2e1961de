import type { DateOrder } from '../../../shared/schemas/import.js';
import { IMPORT_FIELD_MAX } from '../../../shared/limits.js';
import type { ReadingChoice } from './parsed-file.js';

// Dates of bank files (docs/import.md#dates). Every function here is linear in its input: a
// field is cut to IMPORT_FIELD_MAX characters first and read by a hand-written scanner, never by
// a pattern that could backtrack.

const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The three numbers of a date as written, and the first character that separated them. */
interface DateParts {
  parts: [string, string, string];
  /** '-', '/', '.' or "'"; '' for a compact YYYYMMDD. */
  separator: string;
}

const SEPARATORS = "-/.'";
const isDigit = (code: number) => code >= 48 && code <= 57;
const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\u00a0' || char === '\r' || char === '\n';

/**
 * The parts of a date text: three runs of 1 to 4 digits separated by `-` `/` `.` or `'`, each
 * separator with optional spaces around it (Quicken pads: `1/ 5'97`), or a compact `YYYYMMDD`;
 * a time may follow after a space or a `T`. One pass over at most IMPORT_FIELD_MAX characters.
 */
function partsOf(raw: string): DateParts | null {
  const text = (raw.length > IMPORT_FIELD_MAX ? raw.slice(0, IMPORT_FIELD_MAX) : raw).trim();
  const n = text.length;
  const parts: string[] = [];
  let separator = '';
  let i = 0;
  for (;;) {
    const start = i;
    while (i < n && isDigit(text.charCodeAt(i))) i += 1;
    const length = i - start;
    if (length === 0) return null;
    parts.push(text.slice(start, i));
    if (parts.length === 1 && length === 8) {
      // YYYYMMDD, alone or followed by a time.
      const digits = parts[0] ?? '';
      parts.splice(0, 1, digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8));
      break;
    }
    if (length > 4) return null;
    if (parts.length === 3) break;
    while (i < n && text[i] === ' ') i += 1;
    const next = text[i];
    if (next === undefined || !SEPARATORS.includes(next)) return null;
    if (separator === '') separator = next;
    i += 1;
    while (i < n && text[i] === ' ') i += 1;
  }
  // Whatever follows must be a time: after a space or an ISO 'T'.
  if (i < n && !isSpace(text[i]) && text[i] !== 'T') return null;
  return { parts: parts as [string, string, string], separator };
}

const yearOf = (today: string) => {
  const year = Number(today.slice(0, 4));
  return Number.isInteger(year) && year >= FIRST_YEAR ? year : new Date().getUTCFullYear();
};

/**
 * The full year of a year written with one or two digits: the year with those last two digits
 * that is nearest to today's year without being more than one year after it. So the window is
 * the hundred years from today's year − 98 to today's year + 1: on 2026-11-25 `97` is 1997,
 * `26` 2026, `27` 2027 and `28` 1928. (Nearest and "at most a year ahead" give the same answer:
 * the next candidate down is a century earlier.) Years of three or four digits are as written.
 */
export function fullYear(written: string, today: string): number {
  if (written.length > 2) return Number(written);
  const limit = yearOf(today) + 1;
  return limit - ((((limit - Number(written)) % 100) + 100) % 100);
}

/** The window two-digit years are read into, as [first, last]. */
export function twoDigitYearWindow(today: string): [number, number] {
  const limit = yearOf(today) + 1;
  return [limit - 99, limit];
}

/** Whether the date is written year first (a four-digit first part, or YYYYMMDD). */
const yearFirst = (date: DateParts) => date.parts[0].length > 2;

function read(date: DateParts, order: DateOrder, today: string): string | null {
  const [a, b, c] = date.parts;
  let y: number;
  let m: number;
  let d: number;
  if (yearFirst(date) || order === 'ymd') {
    [y, m, d] = [fullYear(a, today), Number(b), Number(c)];
  } else if (order === 'dmy') {
    [d, m, y] = [Number(a), Number(b), fullYear(c, today)];
  } else {
    [m, d, y] = [Number(a), Number(b), fullYear(c, today)];
  }
  return isRealDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/**
 * A bank's date as 'YYYY-MM-DD' in the given order (a four-digit first part is always
 * year-month-day); `today` (YYYY-MM-DD) places a two-digit year (see fullYear). Dates outside
 * 1900 to 2999, or that do not exist (31 April), are null.
 */
export function parseDate(raw: string, order: DateOrder, today: string): string | null {
  const date = partsOf(raw);
  return date ? read(date, order, today) : null;
}

export function looksLikeDate(raw: string): boolean {
  return partsOf(raw) !== null;
}

/** The separator a date is written with ('.', '/', '-', "'"; '' when none or not a date). */
export function dateSeparator(raw: string): string {
  return partsOf(raw)?.separator ?? '';
}

export function dateOrderLabel(order: DateOrder): string {
  return { ymd: 'year-month-day', dmy: 'day-month-year', mdy: 'month-day-year' }[order];
}

/** How evidence names an order: "day.month.year". */
const orderWords = (order: DateOrder) =>
  ({ ymd: 'year.month.day', dmy: 'day.month.year', mdy: 'month.day.year' })[order];

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** What all the dates of a file say about their order. */
interface OrderEvidence {
  /** Dates not written year first (the only ones the order decides). */
  open: DateParts[];
  yearFirst: number;
  /** Dates whose first part is a day above 12 (13 to 31): only day.month reads them. */
  firstAbove12: number;
  /** Dates whose second part is a day above 12: only month.day reads them. */
  secondAbove12: number;
}

function evidenceOf(samples: readonly string[]): OrderEvidence {
  const evidence: OrderEvidence = { open: [], yearFirst: 0, firstAbove12: 0, secondAbove12: 0 };
  for (const sample of samples) {
    const date = partsOf(sample);
    if (!date) continue;
    if (yearFirst(date)) {
      evidence.yearFirst += 1;
      continue;
    }
    evidence.open.push(date);
    const [a, b] = [Number(date.parts[0]), Number(date.parts[1])];
    if (a > 12 && a <= 31) evidence.firstAbove12 += 1;
    if (b > 12 && b <= 31) evidence.secondAbove12 += 1;
  }
  return evidence;
}

/** Dates whose reading differs between two orders (one of them may not read at all). */
function changed(open: readonly DateParts[], one: DateOrder, other: DateOrder, today: string) {
  let count = 0;
  for (const date of open) if (read(date, one, today) !== read(date, other, today)) count += 1;
  return count;
}

function unreadable(open: readonly DateParts[], order: DateOrder, today: string) {
  let count = 0;
  for (const date of open) if (read(date, order, today) === null) count += 1;
  return count;
}

/** The order the dates settle by themselves, or null when they leave it open. */
function settledOrder(evidence: OrderEvidence): DateOrder | null {
  if (evidence.open.length === 0) return evidence.yearFirst > 0 ? 'ymd' : null;
  const { firstAbove12, secondAbove12 } = evidence;
  if (firstAbove12 > 0 && secondAbove12 === 0) return 'dmy';
  if (secondAbove12 > 0 && firstAbove12 === 0) return 'mdy';
  return null;
}

/** The orders offered, after the chosen one: the two a file can leave open first. */
const OPTION_ORDER: readonly DateOrder[] = ['dmy', 'mdy', 'ymd'];

const otherOrder = (order: DateOrder): DateOrder => (order === 'mdy' ? 'dmy' : 'mdy');

/**
 * The order of some dates, from all of them: y-m-d when they start with the year, d-m-y when a
 * first part is a day above 12, m-d-y when a second part is, else `fallback`.
 */
export function guessDateOrder(samples: readonly string[], fallback: DateOrder): DateOrder {
  return decideDateOrder(samples, { fallback, answer: '', today: '2000-01-01' }).order;
}

/**
 * The date order of a file, decided from all its dates (docs/import.md#dates):
 *
 * - `given` (the person's answer): that order, reported as a choice that needs no answer;
 * - dates written year first (2026-03-02, 20260302) are year-month-day whatever the order, so
 *   only the others count; when there are none the order is y-m-d;
 * - some first part is a day above 12 and no second part is: d-m-y; the reverse: m-d-y;
 * - both (a file that contradicts itself): the order that reads more of its dates (`fallback`
 *   on a tie), with a choice that needs an answer;
 * - neither (no day above 12): `fallback`; a choice that needs an answer when the two readings
 *   give a different date for some row (`rows` says how many), none when they agree on every
 *   row (05/05/2026, or every date with day = month).
 *
 * `answer` is where the person's answer goes ('reading.dateOrder', 'mapping.dateOrder').
 */
export function decideDateOrder(
  samples: readonly string[],
  options: { fallback: DateOrder; given?: DateOrder | undefined; answer: string; today: string },
): { order: DateOrder; choice: ReadingChoice | null } {
  const { fallback, given, answer, today } = options;
  const evidence = evidenceOf(samples);
  const { open, firstAbove12, secondAbove12 } = evidence;
  const settled = settledOrder(evidence);
  const optionsFor = (chosen: DateOrder) => [
    chosen,
    ...OPTION_ORDER.filter((order) => order !== chosen),
  ];
  const choice = (
    chosen: DateOrder,
    text: string,
    needsAnswer: boolean,
    rows: number,
  ): ReadingChoice => ({
    kind: 'dateOrder',
    answer,
    chosen: chosen,
    options: optionsFor(chosen),
    evidence: text,
    needsAnswer,
    rows,
  });

  if (given !== undefined) {
    const other = given === 'ymd' ? (settled ?? fallback) : otherOrder(given);
    const rows = other === given ? 0 : changed(open, given, other, today);
    const lost = unreadable(open, given, today);
    const rest = lost > 0 ? `; ${plural(lost, 'date')} cannot be read that way` : '';
    return {
      order: given,
      choice: choice(given, `Dates read as ${orderWords(given)}, as you chose${rest}`, false, rows),
    };
  }
  if (settled !== null) return { order: settled, choice: null };
  if (open.length === 0) return { order: fallback, choice: null };

  if (firstAbove12 > 0 && secondAbove12 > 0) {
    const dmy = open.length - unreadable(open, 'dmy', today);
    const mdy = open.length - unreadable(open, 'mdy', today);
    const order = dmy > mdy ? 'dmy' : mdy > dmy ? 'mdy' : fallback === 'ymd' ? 'dmy' : fallback;
    const lost = unreadable(open, order, today);
    return {
      order,
      choice: choice(
        order,
        `Dates read as ${orderWords(order)}, but the file contradicts itself: ${plural(firstAbove12, 'date')} ${firstAbove12 === 1 ? 'has' : 'have'} a first part above 12 and ${plural(secondAbove12, 'date')} a second part above 12; ${plural(lost, 'date')} cannot be read as ${orderWords(order)}`,
        true,
        changed(open, 'dmy', 'mdy', today),
      ),
    };
  }

  const order = fallback;
  const other = otherOrder(order);
  const rows = changed(open, order, other, today);
  if (rows === 0) return { order, choice: null };
  return {
    order,
    choice: choice(
      order,
      `Dates read as ${orderWords(order)}: no day above 12 in this file; ${plural(rows, 'row')} would change if read as ${orderWords(other)}`,
      true,
      rows,
    ),
  };
}

/**
 * The choice that reports how two-digit years were read (the rule of fullYear), or null when
 * the file has none. It informs and asks nothing: a date more than a year ahead is held back
 * by its own choice.
 */
export function twoDigitYearChoice(
  samples: readonly string[],
  order: DateOrder,
  today: string,
): ReadingChoice | null {
  let rows = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const sample of samples) {
    const date = partsOf(sample);
    if (!date) continue;
    const written = yearFirst(date) || order === 'ymd' ? date.parts[0] : date.parts[2];
    if (written.length > 2) continue;
    rows += 1;
    const year = fullYear(written, today);
    first = Math.min(first, year);
    last = Math.max(last, year);
  }
  if (rows === 0) return null;
  const [from, to] = twoDigitYearWindow(today);
  const years = first === last ? `${first}` : `${first} to ${last}`;
  return {
    kind: 'twoDigitYears',
    answer: '',
    chosen: `${from}–${to}`,
    options: [],
    evidence: `Two-digit years read as ${years}: the nearest century to today (${today}), never more than a year ahead`,
    needsAnswer: false,
    rows,
  };
}
