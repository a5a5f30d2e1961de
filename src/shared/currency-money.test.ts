import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyExponent, type CurrencyExponent } from './currencies.js';
import {
  MAX_BALANCE_MINOR_UNITS,
  MAX_EXACT_MINOR_UNITS,
  MAX_OPERATION_MINOR_UNITS,
  currencyBounds,
  decimalsLimitMessage,
  formatMinorUnits,
  hasAtMostDecimals,
  isExactAsUnits,
  minorUnitsToUnits,
  unitsRefusal,
  unitsToMinorUnits,
} from './currency-money.js';
import { formatCents, hasAtMostTwoDecimals, unitsToCents } from './money.js';

/** One currency of each exponent. */
const BY_EXPONENT: Record<CurrencyExponent, string> = { 0: 'JPY', 2: 'EUR', 3: 'KWD', 4: 'CLF' };
const someCurrency = fc.constantFrom('JPY', 'KRW', 'USD', 'EUR', 'KWD', 'BHD', 'IQD', 'CLF');

/** The decimal text of minor units at an exponent, built from digits alone: "-12.500". */
function decimalText(minor: bigint, exponent: number): string {
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

describe('unit amounts of a currency', () => {
  it('reads a JSON amount as minor units of the currency’s own exponent', () => {
    expect(unitsToMinorUnits(1000, 'JPY')).toBe(1000n);
    expect(unitsToMinorUnits(12.34, 'USD')).toBe(1234n);
    expect(unitsToMinorUnits(12.5, 'KWD')).toBe(12500n);
    expect(unitsToMinorUnits(0.001, 'BHD')).toBe(1n);
    expect(unitsToMinorUnits(1.2345, 'CLF')).toBe(12345n);
    expect(unitsToMinorUnits(-0.29, 'EUR')).toBe(-29n);
    // 1.005 * 1000 is 1004.9999999999999 as a double: read as the decimal, not the product.
    expect(unitsToMinorUnits(1.005, 'KWD')).toBe(1005n);
  });

  it('refuses more decimals than the currency allows, saying how many it has', () => {
    expect(unitsRefusal(12.5, 'JPY')).toBe('JPY amounts have no decimals');
    expect(unitsRefusal(1.2345, 'KWD')).toBe('KWD amounts have at most 3 decimals');
    expect(unitsRefusal(0.005, 'USD')).toBe('USD amounts have at most 2 decimals');
    expect(unitsRefusal(1.23456, 'CLF')).toBe('CLF amounts have at most 4 decimals');
    expect(unitsRefusal(0.1 + 0.2, 'KWD')).toBe('KWD amounts have at most 3 decimals');
    expect(unitsRefusal(Number.NaN, 'USD')).toBe('Amount must be a finite number');
    expect(unitsRefusal(Number.POSITIVE_INFINITY, 'JPY')).toBe('Amount must be a finite number');
    expect(unitsRefusal(12.345, 'KWD')).toBeNull();
    expect(() => unitsToMinorUnits(12.5, 'JPY')).toThrow('JPY amounts have no decimals');
    expect(decimalsLimitMessage('IQD')).toBe('IQD amounts have at most 3 decimals');
    expect(() => unitsRefusal(1, 'XAU')).toThrow(RangeError);
  });

  it('accepts exactly the doubles that a decimal of at most the exponent’s places is read as', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CurrencyExponent>(0, 2, 3, 4),
        fc.bigInt({ min: -MAX_EXACT_MINOR_UNITS, max: MAX_EXACT_MINOR_UNITS }),
        fc.integer({ min: 1, max: 9 }),
        (exponent, minor, extra) => {
          const text = decimalText(minor, exponent);
          expect(hasAtMostDecimals(Number(text), exponent)).toBe(true);
          // One more non-zero decimal digit is refused while the text stays within the fifteen
          // significant digits a double tells apart (beyond them two decimals are one double).
          if (minor > MAX_BALANCE_MINOR_UNITS || minor < -MAX_BALANCE_MINOR_UNITS) return;
          const longer = exponent === 0 ? `${text}.${extra}` : `${text}${extra}`;
          expect(hasAtMostDecimals(Number(longer), exponent)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('round-trips every amount up to fifteen digits of minor units through JSON, in every exponent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CurrencyExponent>(0, 2, 3, 4),
        fc.bigInt({ min: -MAX_EXACT_MINOR_UNITS, max: MAX_EXACT_MINOR_UNITS }),
        (exponent, minor) => {
          const currency = BY_EXPONENT[exponent];
          const units = minorUnitsToUnits(minor, currency);
          // JSON writes the decimal itself, and a client sends back what we stored.
          expect(JSON.stringify(units)).toBe(String(Number(decimalText(minor, exponent))));
          const reparsed = JSON.parse(JSON.stringify(units)) as number;
          expect(unitsToMinorUnits(reparsed, currency)).toBe(minor);
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('round-trips the bounds themselves and refuses what a double cannot hold', () => {
    for (const exponent of [0, 2, 3, 4] as const) {
      const currency = BY_EXPONENT[exponent];
      for (const minor of [MAX_EXACT_MINOR_UNITS, -MAX_EXACT_MINOR_UNITS, MAX_BALANCE_MINOR_UNITS])
        expect(unitsToMinorUnits(minorUnitsToUnits(minor, currency), currency)).toBe(minor);
      expect(() => minorUnitsToUnits(MAX_EXACT_MINOR_UNITS + 1n, currency)).toThrow(RangeError);
    }
    expect(isExactAsUnits(MAX_EXACT_MINOR_UNITS)).toBe(true);
    expect(isExactAsUnits(-MAX_EXACT_MINOR_UNITS - 1n)).toBe(false);
  });

  it('keeps the bounds in minor units, the same count of digits for every currency', () => {
    for (const code of CURRENCY_CODES) {
      expect(currencyBounds(code)).toEqual({
        maxOperation: MAX_OPERATION_MINOR_UNITS,
        maxBalance: MAX_BALANCE_MINOR_UNITS,
      });
    }
    expect(MAX_BALANCE_MINOR_UNITS < MAX_EXACT_MINOR_UNITS).toBe(true);
    expect(formatMinorUnits(MAX_OPERATION_MINOR_UNITS, 'USD')).toBe('1,000,000,000.00');
    expect(formatMinorUnits(MAX_OPERATION_MINOR_UNITS, 'JPY')).toBe('100,000,000,000');
    expect(formatMinorUnits(MAX_BALANCE_MINOR_UNITS, 'KWD')).toBe('99,999,999,999.999');
    expect(formatMinorUnits(MAX_BALANCE_MINOR_UNITS, 'CLF')).toBe('9,999,999,999.9999');
  });

  it('formats for messages with the currency’s own decimals', () => {
    expect(formatMinorUnits(0n, 'JPY')).toBe('0');
    expect(formatMinorUnits(1n, 'KWD')).toBe('0.001');
    expect(formatMinorUnits(-1234500n, 'IQD')).toBe('-1,234.500');
    expect(formatMinorUnits(5n, 'CLF')).toBe('0.0005');
    expect(formatMinorUnits(-123456n, 'USD')).toBe('-1,234.56');
    fc.assert(
      fc.property(someCurrency, fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (code, m) => {
        const exponent = currencyExponent(code);
        expect(formatMinorUnits(m, code).replace(/,/g, '')).toBe(decimalText(m, exponent));
      }),
    );
  });
});

describe('the two-decimal helpers are the exponent-2 case', () => {
  /** money.ts's test before currencies, kept as the reference it must still match. */
  const twoDecimalsBefore = (units: number): boolean =>
    Number.isFinite(units) && Math.round(units * 100) / 100 === units;

  it('judge decimals as before for every double', () => {
    fc.assert(
      fc.property(fc.double(), (units) => {
        expect(hasAtMostTwoDecimals(units)).toBe(twoDecimalsBefore(units));
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with USD, EUR and every exponent-2 currency', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_BALANCE_MINOR_UNITS, max: MAX_BALANCE_MINOR_UNITS }),
        fc.constantFrom('USD', 'EUR', 'GBP', 'IDR'),
        (cents, code) => {
          const units = Number(decimalText(cents, 2));
          expect(unitsToCents(units)).toBe(unitsToMinorUnits(units, code));
          expect(formatCents(cents)).toBe(formatMinorUnits(cents, code));
        },
      ),
    );
  });
});
