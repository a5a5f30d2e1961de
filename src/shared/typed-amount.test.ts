import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyExponent } from './currencies.js';
import { MAX_OPERATION_MINOR_UNITS } from './currency-money.js';
import {
  amountForEditing,
  exampleAmountAt,
  moneyForEditing,
  numberMarksOf,
  readTypedAmount,
  readTypedMoney,
  type NumberMarks,
  type TypedAmount,
  type TypedMoney,
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

const money = (value: bigint): TypedMoney => ({ kind: 'minorUnits', minorUnits: value });
const unreadable = (message: string): TypedMoney => ({ kind: 'unreadable', message });

describe('readTypedMoney', () => {
  it('reads amounts at the currency’s exponent in the person’s locale', () => {
    expect(readTypedMoney('1,000', us, 'JPY')).toEqual(money(1000n));
    expect(readTypedMoney('1.000', germany, 'JPY')).toEqual(money(1000n));
    expect(readTypedMoney('1 000', france, 'JPY')).toEqual(money(1000n));
    expect(readTypedMoney('12,5', germany, 'KWD')).toEqual(money(12500n));
    expect(readTypedMoney('1,234.567', us, 'KWD')).toEqual(money(1234567n));
    expect(readTypedMoney('0.0001', us, 'CLF')).toEqual(money(1n));
    expect(readTypedMoney('45.2', us, 'EUR')).toEqual(money(4520n));
    expect(readTypedMoney('1,00,000', india, 'JPY')).toEqual(money(100000n));
    expect(readTypedMoney('12.', us, 'JPY')).toEqual(money(12n));
    expect(readTypedMoney('  ', us, 'JPY')).toEqual({ kind: 'empty' });
  });

  it('refuses more decimals than the currency has, in its words, never rounding', () => {
    expect(readTypedMoney('12.5', us, 'JPY')).toEqual(unreadable('JPY amounts have no decimals'));
    expect(readTypedMoney('1.000', us, 'JPY')).toEqual(unreadable('JPY amounts have no decimals'));
    expect(readTypedMoney('12,3456', germany, 'KWD')).toEqual(
      unreadable('KWD amounts have at most 3 decimals'),
    );
    expect(readTypedMoney('0.001', us, 'USD')).toEqual(
      unreadable('USD amounts have at most 2 decimals'),
    );
    expect(readTypedMoney('1.23450', us, 'CLF')).toEqual(
      unreadable('CLF amounts have at most 4 decimals'),
    );
  });

  it('says the largest amount with the currency’s decimals and code', () => {
    expect(readTypedMoney('100,000,000,000', us, 'JPY')).toEqual(money(MAX_OPERATION_MINOR_UNITS));
    expect(readTypedMoney('100000000001', us, 'JPY')).toEqual(
      unreadable('Amount must be at most 100,000,000,000 JPY'),
    );
    expect(readTypedMoney('100000000.001', us, 'KWD')).toEqual(
      unreadable('Amount must be at most 100,000,000.000 KWD'),
    );
    expect(readTypedMoney('9'.repeat(5000), us, 'CLF')).toEqual(
      unreadable('Amount must be at most 10,000,000.0000 CLF'),
    );
  });

  it('explains the marks with the currency’s decimals: none for JPY', () => {
    expect(readTypedMoney('¥1000', us, 'JPY')).toEqual(
      unreadable(
        '"¥" cannot be part of an amount. Type digits, "," between thousands, such as 1,234.',
      ),
    );
    expect(readTypedMoney('12,50', us, 'JPY')).toEqual(
      unreadable('"12,50" could be read two ways. Here "," separates thousands, such as 1,234.'),
    );
    expect(readTypedMoney('1e3', germany, 'KWD')).toEqual(
      unreadable(
        '"e" cannot be part of an amount. Type digits, "." between thousands and "," before the decimals, such as 1.234,567.',
      ),
    );
    expect(readTypedMoney('-5', us, 'JPY')).toMatchObject({ kind: 'unreadable' });
    expect(exampleAmountAt(france, 4)).toBe('1 234,5678');
  });

  it('reads back every amount it writes for editing, in every currency and locale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_OPERATION_MINOR_UNITS }),
        fc.constantFrom(us, germany, france, india, switzerland),
        fc.constantFrom('JPY', 'USD', 'KWD', 'IQD', 'CLF'),
        (value, marks, currency) => {
          expect(readTypedMoney(moneyForEditing(value, marks, currency), marks, currency)).toEqual(
            money(value),
          );
        },
      ),
    );
    expect(moneyForEditing(4520n, us, 'JPY')).toBe('4520');
    expect(moneyForEditing(12500n, germany, 'KWD')).toBe('12,500');
    expect(moneyForEditing(7n, us, 'CLF')).toBe('0.0007');
  });

  /** `whole` grouped by threes with the locale's grouping mark, as a person may type it. */
  function grouped(whole: bigint, marks: NumberMarks, group: boolean): string {
    const digits = whole.toString();
    return group ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group) : digits;
  }

  it('reads exactly the typed digits, or refuses: compared with a BigInt reading of the digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.stringMatching(/^[0-9]{0,5}$/),
        fc.boolean(),
        fc.constantFrom(us, germany, france, switzerland),
        fc.constantFrom('JPY', 'USD', 'KWD', 'CLF'),
        (whole, fraction, group, marks, currency) => {
          const text = grouped(whole, marks, group) + (fraction ? marks.decimal + fraction : '');
          const exponent = currencyExponent(currency);
          const read = readTypedMoney(text, marks, currency);
          if (fraction.length > exponent) {
            expect(read).toEqual(
              unreadable(
                exponent === 0
                  ? `${currency} amounts have no decimals`
                  : `${currency} amounts have at most ${exponent} decimals`,
              ),
            );
            return;
          }
          const expected =
            whole * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
          if (expected > MAX_OPERATION_MINOR_UNITS) expect(read.kind).toBe('unreadable');
          else expect(read).toEqual(money(expected));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
