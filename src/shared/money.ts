import {
  MAX_EXACT_MINOR_UNITS,
  hasAtMostDecimals,
  minorUnitsText,
  unitsToMinorUnitsAt,
} from './currency-money.js';

/**
 * Money crosses the API as a JSON number of currency units with at most two decimals and is kept
 * everywhere else as integer cents (bigint), so no arithmetic ever happens on floats. These are
 * the exponent-2 case of currency-money.ts, kept with their names and messages for the code
 * written before currencies (docs/money.md#currencies).
 */

/** Largest amount one deposit, withdrawal or expense may move: 1,000,000,000.00. */
export const MAX_OPERATION_CENTS = 100_000_000_000n;

/**
 * Largest balance an account may hold: 999,999,999,999.99. Fourteen significant digits, so every
 * balance survives the trip through a JSON number (a double holds 15 exactly).
 */
export const MAX_BALANCE_CENTS = 99_999_999_999_999n;

/** Whether a number has no more than two decimals, judged on its exact decimal value. */
export function hasAtMostTwoDecimals(units: number): boolean {
  return hasAtMostDecimals(units, 2);
}

/** Converts a validated unit amount (finite, at most two decimals) to integer cents. */
export function unitsToCents(units: number): bigint {
  if (!hasAtMostTwoDecimals(units)) {
    throw new RangeError(`Not a whole number of cents: ${units}`);
  }
  return unitsToMinorUnitsAt(units, 2);
}

/**
 * The largest number of cents a JSON number of units carries exactly: fifteen digits
 * (9,999,999,999,999.99). Every decimal of at most fifteen significant digits reads back from the
 * nearest double, and no more than that is promised: past about 2^45 units a double cannot hold
 * every cent. Every balance and amount fits; a sum of many may not
 * (docs/money.md#sums-past-the-exact-range).
 */
export const MAX_EXACT_CENTS = MAX_EXACT_MINOR_UNITS;

/** Whether cents cross the API as a JSON number of units without losing a cent. */
export function isExactInJson(cents: bigint): boolean {
  return cents <= MAX_EXACT_CENTS && cents >= -MAX_EXACT_CENTS;
}

/** Converts cents to a JSON-safe unit amount; exact for every balance up to MAX_BALANCE_CENTS. */
export function centsToUnits(cents: bigint): number {
  if (!isExactInJson(cents)) {
    throw new RangeError('Amount too large to represent exactly');
  }
  return Number(cents) / 100;
}

/** "1,234.50" style text for messages; never used for arithmetic. */
export function formatCents(cents: bigint): string {
  return minorUnitsText(cents, 2);
}

/** The exact sum of amounts in cents (split lines, a page's total): bigint, never a float. */
export function sumCents(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}
