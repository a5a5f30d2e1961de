import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS_MAX, IMPORT_FIELD_MAX } from '../../../shared/limits.js';
import {
  SPLIT_MESSAGES,
  countLines,
  guessDelimiter,
  locateTable,
  splitCsv,
  type CsvRecord,
} from './csv-split.js';

const cells = (records: readonly CsvRecord[]) => records.map((record) => record.cells);

describe('countLines', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['a\n', 1],
    ['a\nb', 2],
    ['a\r\nb\r\n', 2],
    ['a\rb\r', 2],
    ['\n\n\n', 3],
    ['a\n\n\nb', 4],
    ['"a\nb"\nc', 3],
  ])('%j has %i lines', (text, lines) => {
    expect(countLines(text)).toBe(lines);
  });
});

describe('splitCsv', () => {
  it('quoted fields hold delimiters, doubled quotes and line breaks', () => {
    const records = splitCsv('a,"b,c","say ""hi""","two\nlines"\r\nnext,row,,\n', ',');
    expect(cells(records)).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['next', 'row', '', ''],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 3]);
    expect(records.every((record) => record.broken === null)).toBe(true);
  });

  it('skips blank lines (and lines of empty fields), marking the record after them', () => {
    const records = splitCsv('a;b\n\n;;\n  \nc;d\n', ';');
    expect(cells(records)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(records.map((record) => [record.line, record.afterBlank])).toEqual([
      [1, false],
      [5, true],
    ]);
  });

  it('takes spaces around quotes; a quote inside an unquoted field is text', () => {
    expect(cells(splitCsv('a, "b, c" ,5" screen\n', ','))).toEqual([['a', 'b, c', '5" screen']]);
  });

  it('an unclosed quote runs to the end; text after a closing quote ends the field; both mark the row', () => {
    const cut = splitCsv('a,b\n2026-02-03,"Hardware sto', ',');
    expect(cut[1]?.broken).toBe(SPLIT_MESSAGES.unclosed);
    expect(cut[1]?.cells).toEqual(['2026-02-03', 'Hardware sto']);
    const misplaced = splitCsv('"a"b c,d\ne,f\n', ',');
    expect(cells(misplaced)).toEqual([
      ['a"b c', 'd'],
      ['e', 'f'],
    ]);
    expect(misplaced[0]?.broken).toBe(SPLIT_MESSAGES.misplaced);
    expect(misplaced[1]?.broken).toBeNull();
  });

  it('cuts every field to IMPORT_FIELD_MAX and every record to IMPORT_COLUMNS_MAX', () => {
    const long = 'x'.repeat(IMPORT_FIELD_MAX * 3);
    const records = splitCsv(
      `${long},"${long.replaceAll('x', '""')}"\n${'y,'.repeat(500)}y\n`,
      ',',
    );
    expect(records[0]?.cells.map((cell) => cell.length)).toEqual([
      IMPORT_FIELD_MAX,
      IMPORT_FIELD_MAX,
    ]);
    expect(records[0]?.cells[1]).toBe('"'.repeat(IMPORT_FIELD_MAX));
    expect(records[1]?.cells).toHaveLength(IMPORT_COLUMNS_MAX);
  });

  it('stops after `limit` records', () => {
    expect(splitCsv('a\nb\nc\n', ',', 2)).toHaveLength(2);
  });
});

describe('guessDelimiter', () => {
  it.each([
    ['Date,Description,Amount\n2026-01-01,Coffee,-3.50\n', ','],
    ['Buchungstag;Text;Betrag\n01.04.2026;Miete, April;-950,00\n02.04.2026;Brot;-4,80\n', ';'],
    ['Date\tText\tAmount\n2026-01-01\tA, B\t-3.50\n', '\t'],
    ['Date|Text|Amount\n2026-01-01|A; B|-3.50\n', '|'],
    ['"Datum","Bedrag (EUR)"\n"20260301","12,50"\n', ','],
  ])('%j', (text, delimiter) => {
    expect(guessDelimiter(text)).toBe(delimiter);
  });
});

describe('locateTable', () => {
  const dated = (record: CsvRecord) =>
    record.cells.some((cell) => /^\d\d\.\d\d\.\d{4}$/.test(cell));

  it('skips blank-separated blocks narrower than the table, and single lines before it', () => {
    const text = [
      '"Kontonummer:";"DE12 / Girokonto";',
      '',
      '"Von:";"01.04.2026";',
      '"Kontostand vom 30.04.2026:";"2.345,67 EUR";',
      '',
      'Title line',
      'Buchungstag;Text;Betrag;Info',
      '02.04.2026;Brot;-4,80;x',
      '03.04.2026;Milch;-1,20;y',
      '---------------',
      'Summe: 2 Buchungen',
    ].join('\n');
    const records = splitCsv(text, ';');
    const { start, end } = locateTable(records, dated);
    expect(cells(records.slice(start, end))).toEqual([
      ['Buchungstag', 'Text', 'Betrag', 'Info'],
      ['02.04.2026', 'Brot', '-4,80', 'x'],
      ['03.04.2026', 'Milch', '-1,20', 'y'],
    ]);
  });

  it('keeps a plain table whole, and a header one field short of its rows', () => {
    const records = splitCsv('a,b,c\n01.01.2026,x,1\n02.01.2026,y,2,\n', ',');
    expect(locateTable(records, dated)).toEqual({ start: 0, end: 3 });
  });

  it('keeps a dated row after the table (a cut-off row is an error, not skipped)', () => {
    const records = splitCsv('Date,Text,Amount,More\n01.01.2026,x,1,a\n02.01.2026\n', ',');
    expect(locateTable(records, dated)).toEqual({ start: 0, end: 3 });
  });
});
