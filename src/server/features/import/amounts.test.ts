import { describe, expect, it } from 'vitest';
import { decideDecimal, guessDecimal, parseAmount } from './amounts.js';

const cents = (raw: string, decimal: '.' | ',' = '.') => {
  const result = parseAmount(raw, decimal);
  return 'error' in result ? result.error : result.cents;
};

describe('parseAmount', () => {
  it.each([
    ['12.50', '.', 1250n],
    ['-12.50', '.', -1250n],
    ['+12.50', '.', 1250n],
    ['(12.50)', '.', -1250n],
    ['12.50-', '.', -1250n],
    ['(12.50-)', '.', 1250n],
    ['−12.50', '.', -1250n],
    ['1,234.50', '.', 123450n],
    ['1,234,567.89', '.', 123456789n],
    ['1,23,456.00', '.', 12345600n],
    ["1'234.50", '.', 123450n],
    ['1’234.50', '.', 123450n],
    ['1.234,50', ',', 123450n],
    ['1 234,50', ',', 123450n],
    ['1\u00a0234,50', ',', 123450n],
    ['1\u202f234,50', ',', 123450n],
    ['€ 12,50', ',', 1250n],
    ['12.50 EUR', '.', 1250n],
    ['USD -12.50', '.', -1250n],
    ['-R$ 1.234,56', ',', -123456n],
    ['12', '.', 1200n],
    ['12.', '.', 1200n],
    ['.5', '.', 50n],
    ['0000000000000000012.50', '.', 1250n],
    ['1000000000.00', '.', 100000000000n],
  ] as const)('%s with %s is %s cents', (raw, decimal, expected) => {
    expect(cents(raw, decimal)).toBe(expected);
  });

  it('keeps amounts exact in cents whatever their written decimals', () => {
    expect(parseAmount('12.500', '.')).toMatchObject({ cents: 1250n, written: null });
    expect(parseAmount('12,50000', ',')).toMatchObject({ cents: 1250n, written: null });
  });

  it('rounds sub-cent amounts half-even and keeps them as written (regression: refused)', () => {
    expect(parseAmount(' +115.8331 ', '.')).toMatchObject({ cents: 11583n, written: '+115.8331' });
    expect(parseAmount('0.125', '.')).toMatchObject({ cents: 12n, written: '0.125' });
    expect(parseAmount('0.135', '.')).toMatchObject({ cents: 14n, written: '0.135' });
    expect(parseAmount('0.1250001', '.')).toMatchObject({ cents: 13n, written: '0.1250001' });
    expect(parseAmount('0.1249999', '.')).toMatchObject({ cents: 12n, written: '0.1249999' });
    expect(parseAmount('-0.125', '.')).toMatchObject({ cents: -12n, written: '-0.125' });
    expect(parseAmount('-2.675', '.')).toMatchObject({ cents: -268n, written: '-2.675' });
    expect(parseAmount('104,6250', ',')).toMatchObject({ cents: 10462n, written: '104,6250' });
    expect(parseAmount('0.995', '.')).toMatchObject({ cents: 100n, written: '0.995' });
    // The cap applies after rounding: .005 rounds to the even cent below, .006 above it.
    expect(parseAmount('1000000000.005', '.')).toMatchObject({
      cents: 100000000000n,
      written: '1000000000.005',
    });
  });

  it.each([
    ['', 'No amount'],
    ['   ', 'No amount'],
    ['abc', 'The amount “abc” is not a number'],
    ['-', 'The amount “-” is not a number'],
    ['1.2.3', 'The amount “1.2.3” is not a number'],
    ['12,50', 'The amount “12,50” is not a number with a decimal point'],
    ['1,2345.00', 'The amount “1,2345.00” is not a number with a decimal point'],
    [',123', 'The amount “,123” is not a number with a decimal point'],
    // The loosest bound (an operation of a currency without decimals); each currency's own is
    // checked with its account (account-amounts.test.ts).
    ['100000000000.01', 'The amount “100000000000.01” is too large'],
    ['100000000000.006', 'The amount “100000000000.006” is too large'],
    ['9999999999999999', 'The amount “9999999999999999” is too large'],
  ])('%j is refused: %s', (raw, message) => {
    expect(parseAmount(raw, '.')).toEqual({ error: message });
  });

  it('quotes at most 40 characters of a bad amount', () => {
    const result = parseAmount(`x${'1'.repeat(100)}`, '.');
    expect('error' in result && result.error.length).toBeLessThan(80);
  });

  it('reads a 40 KB field in bounded time (regression: the sign trim backtracked quadratically)', () => {
    const fields = [
      `1${' -'.repeat(20_000)}1`,
      `1${'-'.repeat(40_000)}1`,
      `${' '.repeat(40_000)}5`,
    ];
    const started = performance.now();
    for (const field of fields) {
      parseAmount(field, '.');
      parseAmount(field, ',');
    }
    decideDecimal([...fields, ...fields], { answer: 'mapping.decimalSeparator' });
    guessDecimal(fields);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('decideDecimal', () => {
  const decide = (samples: string[], given?: '.' | ',') =>
    decideDecimal(samples, { given, answer: 'mapping.decimalSeparator' });

  it('settled by amounts with one or two decimals, both separators, repeated separators', () => {
    expect(decide(['12.50', '-3.99', '1,234.5'])).toEqual({ decimal: '.', choice: null });
    expect(decide(['12,50', '-3,99', '1.234,5 €'])).toEqual({ decimal: ',', choice: null });
    expect(decide(['1.234.567', '12'])).toEqual({ decimal: ',', choice: null });
    expect(decide(['115.8331'])).toEqual({ decimal: '.', choice: null });
    // "1.234" could be either, "12,50" settles it: the dot groups thousands.
    expect(decide(['1.234', '12,50'])).toEqual({ decimal: ',', choice: null });
  });

  it('whole numbers leave nothing to decide', () => {
    expect(decide(['12', '-100', ''])).toEqual({ decimal: '.', choice: null });
    expect(decideDecimal(['12'], { answer: '', fallback: ',' }).decimal).toBe(',');
  });

  it('three digits after the only separator: thousands, with a question', () => {
    expect(decide(['1.234', '-2.500', '12'])).toEqual({
      decimal: ',',
      choice: {
        kind: 'decimalSeparator',
        answer: 'mapping.decimalSeparator',
        chosen: ',',
        options: [',', '.'],
        evidence:
          'Amounts read with a decimal comma: every amount with a “.” has exactly three digits after it (like 1.234), which could also be a decimal point; 2 amounts would change if read with a decimal point',
        needsAnswer: true,
        rows: 2,
      },
    });
    expect(decide(['1,234']).choice).toMatchObject({ chosen: '.', needsAnswer: true, rows: 1 });
  });

  it('a file that contradicts itself: the separator more amounts show, with a question', () => {
    const { decimal, choice } = decide(['1,234.50', '12.50', '12,50']);
    expect(decimal).toBe('.');
    expect(choice).toMatchObject({ needsAnswer: true, chosen: '.' });
    expect(choice?.evidence).toBe(
      'Amounts read with a decimal point, but the file contradicts itself: 2 amounts have a decimal point and 1 a decimal comma',
    );
  });

  it("the person's answer wins, reported as theirs", () => {
    expect(decide(['1.234'], '.')).toEqual({
      decimal: '.',
      choice: {
        kind: 'decimalSeparator',
        answer: 'mapping.decimalSeparator',
        chosen: '.',
        options: ['.', ','],
        evidence: 'Amounts read with a decimal point, as you chose',
        needsAnswer: false,
        rows: 1,
      },
    });
  });

  it('guessDecimal keeps answering for callers that need only the separator', () => {
    expect(guessDecimal(['1.234,50', '-12,00 EUR'])).toBe(',');
    expect(guessDecimal(['$1,234.50', '(12.00)'])).toBe('.');
  });
});
