import { describe, expect, it } from 'vitest';
import { csvAmount, csvLine, csvText } from './csv-format.js';

describe('csv format', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n']) {
      expect(csvText(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('a=b')).toBe('a=b');
  });

  it('defuses the full-width formula signs and a line feed at the start (OWASP)', () => {
    for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      expect(csvText(`${start}SUM(1,2)`)).toBe(`"'${start}SUM(1,2)"`);
      expect(csvText(`${start}1`)).toBe(`'${start}1`);
    }
    expect(csvText('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
    expect(csvText('\n=1+1')).toBe(`"'\n=1+1"`);
    // Full-width signs inside the text are harmless.
    expect(csvText('a＝b')).toBe('a＝b');
  });

  it('defuses a formula sign after leading white space, ASCII or not', () => {
    for (const space of [' ', '   ', '\u00A0', '\u3000', ' \u3000 ']) {
      for (const sign of ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
        expect(csvText(`${space}${sign}1`), JSON.stringify(space + sign)).toBe(`'${space}${sign}1`);
      }
    }
    expect(csvText(' plain')).toBe(' plain');
    expect(csvText('  two words = 2')).toBe('  two words = 2');
  });

  it('quotes a semicolon, so a locale that separates with it keeps one cell', () => {
    expect(csvText('Groceries; Dining out')).toBe('"Groceries; Dining out"');
    expect(csvText('a;=1+1')).toBe('"a;=1+1"');
  });

  it('writes amounts with a dot and two decimals, exactly', () => {
    expect(csvAmount(0n)).toBe('0.00');
    expect(csvAmount(5n)).toBe('0.05');
    expect(csvAmount(-123456n)).toBe('-1234.56');
    expect(csvAmount(99_999_999_999_999n)).toBe('999999999999.99');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });
});
