import { AppError } from '../../lib/app-error.js';
import { IMPORT_COLUMNS_MAX, IMPORT_FIELD_MAX, IMPORT_LINES_MAX } from '../../../shared/limits.js';
import { CSV_DELIMITERS } from '../../../shared/schemas/import.js';

// Splitting a CSV into records (docs/import.md#csv): one left-to-right pass over the text, so
// its time grows with the file and nothing else (Papa Parse, used before, rescans the rest of a
// line for every misplaced quote: 256 kB of them held the event loop 9 s). Quoted fields may
// hold delimiters, doubled quotes and line breaks; every field is cut to IMPORT_FIELD_MAX
// characters and every record to IMPORT_COLUMNS_MAX fields as it is read, before anything
// looks at them.

export type Delimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvRecord {
  /** The physical line (1-based) the record starts on. */
  line: number;
  /** Its fields as written (quotes removed), each cut to IMPORT_FIELD_MAX characters. */
  cells: string[];
  /** Why the record cannot be trusted (an unclosed or misplaced quote), or null. */
  broken: string | null;
  /** One or more empty lines came right before it. */
  afterBlank: boolean;
}

export const SPLIT_MESSAGES = {
  unclosed: 'A quoted field is not closed: the file looks cut off',
  misplaced: 'A quoted field has text after its closing quote: the row cannot be split safely',
  tooManyLines: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} lines (empty lines included); split it and import each part`,
} as const;

const LF = 10;
const CR = 13;
const QUOTE = 34;
const SPACE = 32;
const TAB = 9;

/** Physical lines (a last line without a line break counts; `\r\n`, `\n` and `\r` end one). */
export function countLines(text: string): number {
  let lines = 0;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) lines += 1;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) lines += 1;
  }
  const last = text.charCodeAt(n - 1);
  return n > 0 && last !== LF && last !== CR ? lines + 1 : lines;
}

/** Refuses a file of more than IMPORT_LINES_MAX physical lines before any splitting. */
export function assertLineLimit(text: string): void {
  if (countLines(text) > IMPORT_LINES_MAX) {
    throw new AppError('UNPROCESSABLE', SPLIT_MESSAGES.tooManyLines(IMPORT_LINES_MAX));
  }
}

/**
 * The records of a CSV text, at most `limit` of them. Records whose fields are all blank are
 * skipped (and mark the next one `afterBlank`). A quote opens a quoted field only at the start
 * of a field (spaces before it allowed); inside one, `""` is a quote and a quote followed by
 * spaces and then a delimiter, a line break or the end closes it. A quote followed by anything
 * else ends the quoted part: the rest of the field, to the next delimiter or line break, is
 * kept as text (`"a"b` is `a"b`) and the record is marked broken, as is a quoted field still
 * open at the end of the file.
 */
export function splitCsv(text: string, delimiter: Delimiter, limit = Infinity): CsvRecord[] {
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  const blankish = (c: number) => c === SPACE || (c === TAB && d !== TAB);
  const records: CsvRecord[] = [];
  let pos = 0;
  let line = 1;
  let afterBlank = false;
  /** Appends text[from, to) to a field without letting it grow past IMPORT_FIELD_MAX. */
  const take = (field: string, from: number, to: number) =>
    field.length >= IMPORT_FIELD_MAX
      ? field
      : field + text.slice(from, Math.min(to, from + IMPORT_FIELD_MAX - field.length));

  while (pos < n && records.length < limit) {
    const startLine = line;
    const cells: string[] = [];
    let broken: string | null = null;
    for (;;) {
      let value = '';
      let quoteAt = pos;
      while (quoteAt < n && blankish(text.charCodeAt(quoteAt))) quoteAt += 1;
      if (quoteAt < n && text.charCodeAt(quoteAt) === QUOTE) {
        pos = quoteAt + 1;
        let from = pos;
        let closed = false;
        while (pos < n) {
          const c = text.charCodeAt(pos);
          if (c === QUOTE) {
            value = take(value, from, pos);
            if (text.charCodeAt(pos + 1) === QUOTE) {
              value = take(value, pos, pos + 1);
              pos += 2;
              from = pos;
              continue;
            }
            let after = pos + 1;
            while (after < n && blankish(text.charCodeAt(after))) after += 1;
            const next = text.charCodeAt(after);
            if (after >= n || next === d || next === LF || next === CR) {
              pos = after;
              closed = true;
              break;
            }
            // A quote followed by text: the field ends as unquoted text at the next delimiter
            // or line break (so one stray quote cannot swallow the file), the row marked.
            broken ??= SPLIT_MESSAGES.misplaced;
            const rest = pos;
            while (after < n) {
              const code = text.charCodeAt(after);
              if (code === d || code === LF || code === CR) break;
              after += 1;
            }
            value = take(value, rest, after);
            pos = after;
            closed = true;
            break;
          }
          if (c === LF || (c === CR && text.charCodeAt(pos + 1) !== LF)) line += 1;
          pos += 1;
        }
        if (!closed) {
          value = take(value, from, pos);
          broken = SPLIT_MESSAGES.unclosed;
        }
      } else {
        const from = pos;
        while (pos < n) {
          const c = text.charCodeAt(pos);
          if (c === d || c === LF || c === CR) break;
          pos += 1;
        }
        if (cells.length < IMPORT_COLUMNS_MAX) {
          value = text.slice(from, Math.min(pos, from + IMPORT_FIELD_MAX));
        }
      }
      if (cells.length < IMPORT_COLUMNS_MAX) cells.push(value);
      if (pos >= n) break;
      const c = text.charCodeAt(pos);
      pos += 1;
      if (c === d) {
        if (pos < n) continue;
        // A delimiter at the very end still opens one (empty) field.
        if (cells.length < IMPORT_COLUMNS_MAX) cells.push('');
        break;
      }
      if (c === CR && text.charCodeAt(pos) === LF) pos += 1;
      line += 1;
      break;
    }
    if (broken === null && cells.every((cell) => cell.trim() === '')) {
      afterBlank = true;
      continue;
    }
    records.push({ line: startLine, cells, broken, afterBlank });
    afterBlank = false;
  }
  return records;
}

/** The delimiter is guessed from the file's first characters. */
const GUESS_SAMPLE = 64 * 1024;

/**
 * The delimiter that splits the first records (of the first 64 kB) into the most rows of one same width (two
 * fields or more), the wider on a tie: a `;` file with decimal commas splits evenly on `;`
 * only. A file no delimiter splits is read with `,`.
 */
export function guessDelimiter(text: string): Delimiter {
  let best: Delimiter = ',';
  let bestRows = 0;
  let bestWidth = 0;
  const sample = text.slice(0, GUESS_SAMPLE);
  for (const delimiter of CSV_DELIMITERS) {
    const widths = new Map<number, number>();
    for (const record of splitCsv(sample, delimiter, 60)) {
      const width = record.cells.length;
      if (width >= 2) widths.set(width, (widths.get(width) ?? 0) + 1);
    }
    for (const [width, rows] of widths) {
      if (rows > bestRows || (rows === bestRows && width > bestWidth)) {
        best = delimiter;
        bestRows = rows;
        bestWidth = width;
      }
    }
  }
  return best;
}

/** The number of fields up to the last one that is not blank. */
export function filledWidth(record: CsvRecord): number {
  for (let i = record.cells.length - 1; i >= 0; i -= 1) {
    if ((record.cells[i] ?? '').trim() !== '') return i + 1;
  }
  return 0;
}

/** Where the table of a CSV is among its records, and what lies around it. */
export interface TableBounds {
  /** Index of the table's first record (its header, when it has one). */
  start: number;
  /** Index after the table's last record. */
  end: number;
}

const EDGE_RECORDS_MAX = 40;

/**
 * The table among a file's records: the width most cells are in (among records with a date,
 * when there are any), then the lines before it that are not part of it (an account number,
 * "From:"/"To:", a title: blank-line separated blocks narrower than the table, and single or
 * half-width lines right before it) and the short undated lines after it ("3 records", a
 * separator line). Everything in between is the table, row errors included.
 */
export function locateTable(
  records: readonly CsvRecord[],
  isDated: (record: CsvRecord) => boolean,
): TableBounds {
  const sample = records.slice(0, 1000);
  const dated = sample.filter(isDated);
  const counts = new Map<number, number>();
  for (const record of dated.length > 0 ? dated : sample) {
    const width = filledWidth(record);
    counts.set(width, (counts.get(width) ?? 0) + 1);
  }
  let width = 0;
  let weight = 0;
  for (const [w, count] of counts) {
    if (w * count > weight || (w * count === weight && w > width)) {
      width = w;
      weight = w * count;
    }
  }
  const short = (record: CsvRecord) => {
    const filled = filledWidth(record);
    return width >= 2 && !isDated(record) && (filled <= 1 || (width >= 4 && filled <= width / 2));
  };
  let start = 0;
  // Blocks before a blank line in which no record is as wide as the table.
  for (let i = 0; i < Math.min(records.length, EDGE_RECORDS_MAX);) {
    let j = i + 1;
    while (j < records.length && !records[j]?.afterBlank) j += 1;
    if (j >= records.length) break;
    const block = records.slice(i, j);
    if (block.some((record) => filledWidth(record) >= width)) break;
    start = j;
    i = j;
  }
  // Short lines right before the table.
  while (
    start < records.length - 1 &&
    start < EDGE_RECORDS_MAX &&
    short(records[start] as CsvRecord)
  ) {
    start += 1;
  }
  let end = records.length;
  while (
    end > start + 1 &&
    records.length - end < EDGE_RECORDS_MAX &&
    short(records[end - 1] as CsvRecord)
  ) {
    end -= 1;
  }
  return { start, end };
}
