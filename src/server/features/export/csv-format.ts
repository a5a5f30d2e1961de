/**
 * CSV text (RFC 4180) for the export of a Transactions view (docs/analytics.md#csv-export):
 * comma-separated, CRLF line ends, a cell quoted when it holds a comma, a quote or a line
 * break, quotes doubled. Text cells starting with = + - @ (or a tab or carriage return) get a
 * leading apostrophe, so a spreadsheet shows them as text instead of running them as a formula
 * (CSV injection). The amount column is never prefixed: it is always a number we wrote.
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

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

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
