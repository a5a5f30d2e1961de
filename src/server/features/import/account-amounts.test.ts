import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { parseAmount, type ExactAmount } from './amounts.js';
import {
  assertStatementCurrency,
  exactText,
  inAccountCurrency,
  minorUnitsOf,
} from './account-amounts.js';
import type { ParsedRow, ParsedStatement } from './parsed-file.js';

const exact = (raw: string): ExactAmount => {
  const result = parseAmount(raw, '.');
  if ('error' in result) throw new Error(result.error);
  return result.exact;
};

const row = (line: number, raw: string, currency: string | null = null): ParsedRow => {
  const result = parseAmount(raw, '.');
  if ('error' in result) throw new Error(result.error);
  return {
    line,
    occurredOn: '2026-11-01',
    amountCents: result.cents,
    exactAmount: result.exact,
    description: `Row ${line}`,
    payee: '',
    bankRef: null,
    categoryName: null,
    currency,
    writtenAmount: result.written,
  };
};

const statement = (rows: ParsedRow[], currency: string | null = null): ParsedStatement => ({
  index: 0,
  label: 'Checking ••1234',
  accountRef: null,
  currency,
  rows,
  errors: [],
});

describe('exact amounts as written', () => {
  it.each([
    ['12.50', 125n, 1],
    ['-12.500', -125n, 1],
    ['1,234', 1234n, 0],
    ['0.0001', 1n, 4],
    ['+115.8331', 1158331n, 4],
    ['(3.10)', -31n, 1],
  ])('%s is %s at scale %s', (raw, value, scale) => {
    expect(exact(raw)).toEqual({ value, scale });
  });

  it('writes them back as plain text', () => {
    expect(exactText({ value: -125n, scale: 1 })).toBe('-12.5');
    expect(exactText({ value: 5n, scale: 3 })).toBe('0.005');
    expect(exactText({ value: 1234n, scale: 0 })).toBe('1234');
  });
});

describe('minor units at an exponent', () => {
  it.each([
    ['1234', 0, 1234n, true],
    ['1234.00', 0, 1234n, true],
    ['1234.5', 0, 1234n, false],
    ['1235.5', 0, 1236n, false],
    ['-980.5', 0, -980n, false],
    ['12.345', 3, 12345n, true],
    ['12.3455', 3, 12346n, false],
    ['12.3445', 3, 12344n, false],
    ['1.5', 4, 15000n, true],
    ['115.8331', 2, 11583n, false],
    ['0.125', 2, 12n, false],
  ] as const)('%s at %s decimals is %s (exact: %s)', (raw, exponent, minor, isExact) => {
    expect(minorUnitsOf(exact(raw), exponent)).toEqual({ minor, exact: isExact });
  });

  it('rounds exactly as the cents readers do for two decimals', () => {
    for (const raw of ['0.005', '0.015', '-2.675', '104.6250', '0.1250001', '0.995']) {
      const result = parseAmount(raw, '.');
      if ('error' in result) throw new Error(result.error);
      expect(minorUnitsOf(result.exact, 2).minor).toBe(result.cents);
    }
  });
});

describe('a statement in its account’s currency', () => {
  const yen = { title: 'Yen', currency: 'JPY' };

  it('turns every row into minor units of the account and keeps what was rounded', () => {
    const placed = inAccountCurrency(statement([row(1, '-1280'), row(2, '980.5')]), yen);
    expect(placed.rows.map((r) => [r.amountCents, r.currency, r.writtenAmount])).toEqual([
      [-1280n, 'JPY', null],
      [980n, 'JPY', '980.5'],
    ]);
    expect(placed.errors).toEqual([]);
  });

  it('makes row errors of a row in another currency or below the unit', () => {
    const placed = inAccountCurrency(
      statement([row(1, '12.34', 'USD'), row(3, '0.4'), row(4, '5', 'JPY')]),
      yen,
    );
    expect(placed.rows.map((r) => r.line)).toEqual([4]);
    expect(placed.errors.map((e) => [e.line, e.reason])).toEqual([
      [1, 'This row is in USD; the account Yen is in JPY'],
      [3, 'The amount “0.4” is less than the smallest JPY amount'],
    ]);
  });

  it('takes the bound of one operation in minor units: 10^11 yen, 10^9 dollars, 10^8 dinars', () => {
    expect(inAccountCurrency(statement([row(1, '100000000000')]), yen).errors).toEqual([]);
    const too = (raw: string, currency: string) =>
      inAccountCurrency(statement([row(1, raw)]), { title: 'A', currency }).errors.map(
        (e) => e.reason,
      );
    expect(too('1000000000.01', 'USD')).toEqual(['The amount “1000000000.01” is too large']);
    expect(too('1000000000.00', 'USD')).toEqual([]);
    expect(too('100000000.001', 'KWD')).toEqual(['The amount “100000000.001” is too large']);
  });

  it('refuses a statement stated in another currency, naming both', () => {
    const refusal = (several: boolean) => {
      try {
        assertStatementCurrency(
          statement([], 'EUR'),
          { title: 'Checking', currency: 'USD' },
          several,
        );
      } catch (error) {
        return error instanceof AppError ? [error.code, error.message] : error;
      }
      return null;
    };
    expect(refusal(false)).toEqual([
      'UNPROCESSABLE',
      'This file is in EUR; the account Checking is in USD',
    ]);
    expect(refusal(true)).toEqual([
      'UNPROCESSABLE',
      'The statement “Checking ••1234” is in EUR; the account Checking is in USD',
    ]);
    expect(() =>
      assertStatementCurrency(statement([], 'USD'), { title: 'Checking', currency: 'USD' }, false),
    ).not.toThrow();
    expect(() =>
      assertStatementCurrency(statement([], null), { title: 'Checking', currency: 'USD' }, false),
    ).not.toThrow();
  });
});
