import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountForEditing,
  numberMarksOf,
  readTypedAmount,
  type TypedAmount,
} from './typed-amount.js';

const us = numberMarksOf('en-US');
const germany = numberMarksOf('de-DE');
const france = numberMarksOf('fr-FR');
const india = numberMarksOf('en-IN');
const switzerland = numberMarksOf('de-CH');

const cents = (value: bigint): TypedAmount => ({ kind: 'cents', cents: value });

describe('numberMarksOf', () => {
  it('reads each locale’s decimal and grouping marks from Intl', () => {
    expect(us).toEqual({ decimal: '.', group: ',', secondaryGroupSize: 3 });
    expect(germany).toEqual({ decimal: ',', group: '.', secondaryGroupSize: 3 });
    expect(france.decimal).toBe(',');
    expect(india.secondaryGroupSize).toBe(2);
  });
});

describe('readTypedAmount', () => {
  it('reads a decimal comma where the locale writes one: 12,50 is 12.50, never 1250', () => {
    expect(readTypedAmount('12,50', germany)).toEqual(cents(1250n));
    expect(readTypedAmount('1.250,5', germany)).toEqual(cents(125050n));
    expect(readTypedAmount('1 250,00', france)).toEqual(cents(125000n));
    expect(readTypedAmount('1\u202f250,00', france)).toEqual(cents(125000n));
    expect(readTypedAmount("1'250.75", switzerland)).toEqual(cents(125075n));
  });

  it('reads the point locales’ grouping and decimals', () => {
    expect(readTypedAmount('1,250', us)).toEqual(cents(125000n));
    expect(readTypedAmount('1,250.5', us)).toEqual(cents(125050n));
    expect(readTypedAmount('.5', us)).toEqual(cents(50n));
    expect(readTypedAmount('007', us)).toEqual(cents(700n));
    expect(readTypedAmount(' 45.2 ', us)).toEqual(cents(4520n));
    expect(readTypedAmount('1,00,000', india)).toEqual(cents(10000000n));
  });

  it('refuses what could be read two ways instead of guessing', () => {
    for (const [text, marks] of [
      ['12,50', us],
      ['12.50', germany],
      ['1,2345', us],
      ['1,00,000', us],
    ] as const) {
      const read = readTypedAmount(text, marks);
      expect(read.kind, text).toBe('unreadable');
      if (read.kind === 'unreadable') expect(read.message).toContain('could be read two ways');
    }
  });

  it('refuses a sign, an exponent, letters and symbols, naming the character', () => {
    expect(readTypedAmount('-5', us)).toMatchObject({ kind: 'unreadable' });
    expect(readTypedAmount('+5', us)).toMatchObject({ kind: 'unreadable' });
    expect(readTypedAmount('1e3', us)).toEqual({
      kind: 'unreadable',
      message:
        '"e" cannot be part of an amount. Type digits, "," between thousands and "." before the cents, such as 1,234.56.',
    });
    const dollar = readTypedAmount('$12', us);
    expect(dollar.kind === 'unreadable' && dollar.message.startsWith('"$" cannot')).toBe(true);
    expect(readTypedAmount('1.2.3', us)).toMatchObject({ kind: 'unreadable' });
    expect(readTypedAmount(',', germany)).toMatchObject({ kind: 'unreadable' });
    for (const text of ['abc', 'NaN', 'Infinity', '0x10', '1_000', '١٢'])
      expect(readTypedAmount(text, us).kind, text).toBe('unreadable');
  });

  it('reads zero as zero cents: each form says in its own words that it records nothing', () => {
    expect(readTypedAmount('0', us)).toEqual(cents(0n));
    expect(readTypedAmount('0,00', germany)).toEqual(cents(0n));
    expect(readTypedAmount('   ', us)).toEqual({ kind: 'empty' });
  });

  it('reports the server’s limits in the server’s words', () => {
    expect(readTypedAmount('1.234', us)).toEqual({
      kind: 'unreadable',
      message: 'Amount must have at most two decimal places',
    });
    expect(readTypedAmount('1000000000.01', us)).toEqual({
      kind: 'unreadable',
      message: 'Amount must be at most 1,000,000,000.00',
    });
    expect(readTypedAmount('9'.repeat(5000), us)).toMatchObject({ kind: 'unreadable' });
    expect(readTypedAmount('1000000000', us)).toEqual(cents(100000000000n));
  });

  it('reads back every amount it writes for editing, in every locale', () => {
    const locales = [us, germany, france, india, switzerland];
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 100_000_000_000n }),
        fc.constantFrom(...locales),
        (value, marks) => {
          expect(readTypedAmount(amountForEditing(value, marks), marks)).toEqual(cents(value));
        },
      ),
    );
  });

  it('never drops a character: typed text either reads as exactly its digits or is refused', () => {
    const typing = fc
      .array(fc.constantFrom(...'0123456789.,-+e $'), { maxLength: 16 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(typing, (text) => {
        const read = readTypedAmount(text, us);
        if (/[^0-9., ]/.test(text.trim())) expect(read.kind).not.toBe('cents');
        if (read.kind !== 'cents') return;
        // Without its grouping commas the text is a plain decimal; Number reads that exactly.
        const plain = Number(text.trim().replace(/,/g, ''));
        expect(Math.round(plain * 100)).toBe(Number(read.cents));
      }),
    );
  });

  it('gives editing text two decimals', () => {
    expect(amountForEditing(4520n, us)).toBe('45.20');
    expect(amountForEditing(4520n, germany)).toBe('45,20');
    expect(amountForEditing(7n, us)).toBe('0.07');
  });
});
