import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_BALANCE_CENTS,
  MAX_EXACT_CENTS,
  centsToUnits,
  formatCents,
  isExactInJson,
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

  it('round-trips every cents value it lets through, up to the exact bound, and refuses the first that would not', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_EXACT_CENTS, max: MAX_EXACT_CENTS }), (cents) => {
        const reparsed = JSON.parse(JSON.stringify(centsToUnits(cents))) as number;
        expect(unitsToCents(reparsed)).toBe(cents);
      }),
      { numRuns: 2000 },
    );
    expect(unitsToCents(centsToUnits(MAX_EXACT_CENTS))).toBe(MAX_EXACT_CENTS);
    // 3,518,439,396,375,613 cents would be written 35184393963756.13, a double that is not that
    // decimal: it would not read back as a whole number of cents.
    const driftsByACent = 3_518_439_396_375_613n;
    expect(hasAtMostTwoDecimals(Number(driftsByACent) / 100)).toBe(false);
    expect(isExactInJson(driftsByACent)).toBe(false);
    expect(() => centsToUnits(driftsByACent)).toThrow(RangeError);
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
