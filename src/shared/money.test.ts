import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_BALANCE_CENTS,
  centsToUnits,
  formatCents,
  hasAtMostTwoDecimals,
  sumCents,
  unitsToCents,
} from './money.js';

describe('money', () => {
  it.each([
    [12.34, true],
    [0.1, true],
    [19.99, true],
    [1_000_000_000, true],
    [12.345, false],
    [1.005, false],
    [0.1 + 0.2, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('hasAtMostTwoDecimals(%s) is %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });

  it('round-trips every cents value up to the balance limit exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_BALANCE_CENTS }), (cents) => {
        const units = centsToUnits(cents);
        // What a client sends back after JSON is what we stored.
        const reparsed = JSON.parse(JSON.stringify(units)) as number;
        expect(unitsToCents(reparsed)).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('converts units to cents without float drift', () => {
    expect(unitsToCents(0.29)).toBe(29n);
    expect(unitsToCents(19.99)).toBe(1999n);
    expect(unitsToCents(999_999_999_999.99)).toBe(MAX_BALANCE_CENTS);
    expect(() => unitsToCents(0.005)).toThrow(RangeError);
  });

  it('refuses cents a double cannot hold', () => {
    expect(() => centsToUnits(2n ** 60n)).toThrow(RangeError);
  });

  it('formats cents for messages', () => {
    expect(formatCents(MAX_BALANCE_CENTS)).toBe('999,999,999,999.99');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(-123456n)).toBe('-1,234.56');
  });
});

describe('sumCents', () => {
  it('adds cents exactly, beyond what a double holds', () => {
    expect(sumCents([])).toBe(0n);
    expect(sumCents([10n, 20n, -5n])).toBe(25n);
    expect(sumCents([2n ** 60n, 1n])).toBe(2n ** 60n + 1n);
  });
});
