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
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvText(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('a=b')).toBe('a=b');
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
