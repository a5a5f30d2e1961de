import {
  checkCurrency,
  EcbRatesCollector,
  readDay,
  unreadable,
  type EcbRates,
} from './ecb-rates.js';

// The ECB's CSV layouts (docs/rates.md#ecb-files), read in one pass over the text:
//   eurofxref.csv       "Date, USD, JPY, ..., " then one row "27 November 2026, 1.0823, ..., "
//   eurofxref-hist.csv  "Date,USD,JPY,...," then a row per day, newest first, "N/A" where a
//                       currency was not quoted (before it existed, after the euro replaced it)
// The same reader takes a file of any number of days in either layout (the 90-day one too).
// Cells are separated by commas and may carry spaces around them; no quotes, no other separator.
// A trailing comma ends the header and then every row, or none of them. Lines end in LF or CRLF;
// blank lines may come before the header and end the file, and nowhere else.

interface Line {
  text: string;
  number: number;
}

/** The file's lines, each without its line break; one pass, no regular expression. */
function* linesOf(text: string): Generator<Line> {
  let start = 0;
  let number = 1;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const line = text.slice(start, stop > start && text[stop - 1] === '\r' ? stop - 1 : stop);
    yield { text: line, number };
    number += 1;
    start = stop + 1;
  }
}

/** Splits on commas and trims spaces; a double quote is not in any ECB file and is refused. */
function cellsOf(line: Line): string[] {
  if (line.text.includes('"')) {
    throw unreadable(`line ${line.number}`, 'quoted cells are not in the ECB layout');
  }
  return line.text.split(',').map((cell) => cell.trim());
}

interface Header {
  currencies: string[];
  trailingComma: boolean;
}

function readHeader(line: Line): Header {
  const cells = cellsOf(line);
  if (cells[0] !== 'Date') {
    throw unreadable(`line ${line.number}`, 'the header must start with "Date"');
  }
  const trailingComma = cells.length > 1 && cells[cells.length - 1] === '';
  const currencies = cells.slice(1, trailingComma ? -1 : undefined);
  if (currencies.length === 0)
    throw unreadable(`line ${line.number}`, 'the header names no currency');
  const seen = new Set<string>();
  currencies.forEach((code, index) => {
    const where = `line ${line.number}, column ${index + 2}`;
    checkCurrency(code, where);
    if (seen.has(code)) throw unreadable(where, `${code} is in the header twice`);
    seen.add(code);
  });
  return { currencies, trailingComma };
}

export function readEcbCsv(text: string): EcbRates {
  const collector = new EcbRatesCollector('csv');
  let header: Header | null = null;
  let blankSince: number | null = null;
  for (const line of linesOf(text)) {
    if (line.text.trim() === '') {
      if (header !== null) blankSince ??= line.number;
      continue;
    }
    if (blankSince !== null) {
      throw unreadable(`line ${blankSince}`, 'a blank line between rows');
    }
    if (header === null) {
      header = readHeader(line);
      continue;
    }
    const cells = cellsOf(line);
    const expected = header.currencies.length + 1 + (header.trailingComma ? 1 : 0);
    if (cells.length !== expected) {
      throw unreadable(
        `line ${line.number}`,
        `${cells.length} cells where the header has ${expected}${header.trailingComma ? ' (with its trailing comma)' : ''}`,
      );
    }
    if (header.trailingComma && cells[cells.length - 1] !== '') {
      throw unreadable(`line ${line.number}`, 'a value after the last currency of the header');
    }
    const day = readDay(cells[0] ?? '', () => `line ${line.number}, Date`, true);
    collector.startDay(day, `line ${line.number}`);
    header.currencies.forEach((currency, index) => {
      collector.add(
        day,
        currency,
        cells[index + 1] ?? '',
        () => `line ${line.number}, ${currency}`,
      );
    });
  }
  if (header === null) throw unreadable('the whole file', 'it has no header');
  return collector.finish();
}
