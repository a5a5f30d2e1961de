/**
 * CSV text (RFC 4180) for the export of a Transactions view (docs/analytics.md#csv-export-of-a-transactions-view):
 * comma-separated, CRLF line ends, quotes doubled.
 *
 * CSV injection (OWASP, "CSV Injection": no cell may begin with = + - @, a tab, a carriage
 * return or a line feed). A text cell gets a leading apostrophe, so a spreadsheet shows it as
 * text instead of running it as a formula, when
 * - it starts with a tab, a carriage return or a line feed; or
 * - its first character that is not white space (JavaScript's \s: spaces, tabs, line breaks,
 *   no-break and ideographic spaces) is one of = + - @ or their full-width forms
 *   ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets in East Asian locales
 *   read as the ASCII ones, and which some spreadsheets still evaluate after leading spaces.
 * Over-prefixing costs an apostrophe; missing one runs a formula on whoever opens the file.
 *
 * OWASP also warns that a field separator inside a cell can start a new cell in the middle of
 * the text: a cell is quoted when it holds a comma or a semicolon (the separator Excel uses in
 * many locales), a quote or a line break, so it stays one cell and only its start matters.
 * The amount column is never prefixed: it is always a number we wrote.
 */

export const CSV_HEADER = [
  'Date',
  'Type',
  'Amount',
  'Account',
  'Category',
  'Payee',
  'Description',
  'Tags',
] as const;

const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** One text cell, safe to open in a spreadsheet. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Cents as a plain decimal with a dot and two decimals, no grouping: -1234.50. */
export function csvAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A row of cells, already formatted, as one CSV line with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
