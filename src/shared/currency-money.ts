import { currencyExponent, type CurrencyExponent } from './currencies.js';

/**
 * Money of any currency: a JSON number of currency units crosses the API, integer minor units
 * (bigint) of the currency's ISO 4217 exponent are kept everywhere else (JPY 0, USD 2, KWD 3,
 * CLF 4). The two-decimal helpers of money.ts are this module's exponent-2 case.
 * See docs/money.md#currencies.
 */

/**
 * Bounds are counts of minor units, the same for every currency: what decides whether a value
 * survives a JSON number is its number of significant digits, which is the number of digits of
 * its minor units whatever the exponent (docs/money.md#bounds).
 */
export interface CurrencyBounds {
  /** Largest amount one deposit, withdrawal or expense may move. */
  maxOperation: bigint;
  /** Largest balance an account may hold. */
  maxBalance: bigint;
}

/** 100,000,000,000 minor units: 1,000,000,000.00 USD, 100,000,000,000 JPY, 100,000,000.000 KWD. */
export const MAX_OPERATION_MINOR_UNITS = 100_000_000_000n;

/** Fourteen digits of minor units: 999,999,999,999.99 USD, 99,999,999,999,999 JPY. */
export const MAX_BALANCE_MINOR_UNITS = 99_999_999_999_999n;

/**
 * Fifteen digits of minor units: every decimal of at most fifteen significant digits is read
 * back from the double nearest to it, so such an amount crosses JSON exactly in every exponent.
 * (2^53 - 1 is not such a bound once there are decimals: near it the doubles are 1/64 apart.)
 */
export const MAX_EXACT_MINOR_UNITS = 999_999_999_999_999n;

const BOUNDS: CurrencyBounds = {
  maxOperation: MAX_OPERATION_MINOR_UNITS,
  maxBalance: MAX_BALANCE_MINOR_UNITS,
};

/** The bounds of amounts and balances kept in `currency`, in its minor units. */
export function currencyBounds(currency: string): CurrencyBounds {
  currencyExponent(currency); // throws for a code that is not money
  return BOUNDS;
}

/** 10^exponent as a double: exact for every exponent (1, 100, 1000, 10000). */
function unitScale(exponent: CurrencyExponent): number {
  return 10 ** exponent;
}

/** 10^exponent as a bigint. */
export function minorUnitsPerUnit(exponent: CurrencyExponent): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * Whether a number has no more than `exponent` decimals, judged on its exact decimal value: it is
 * the double a decimal of at most that many places is read as.
 */
export function hasAtMostDecimals(units: number, exponent: CurrencyExponent): boolean {
  if (!Number.isFinite(units)) return false;
  const scale = unitScale(exponent);
  // Math.round(units * scale) is the nearest whole number of minor units; dividing back yields the
  // double nearest that decimal, which equals the input only when the input had so few decimals.
  return Math.round(units * scale) / scale === units;
}

/** "JPY amounts have no decimals", "KWD amounts have at most 3 decimals". */
export function decimalsLimitMessage(currency: string): string {
  return decimalsLimitMessageAt(currency, currencyExponent(currency));
}

/** The same with the currency's exponent given (a screen that carries no ISO table). */
export function decimalsLimitMessageAt(currency: string, exponent: CurrencyExponent): string {
  return exponent === 0
    ? `${currency} amounts have no decimals`
    : `${currency} amounts have at most ${exponent} decimals`;
}

/** "Amount must be at most 100,000,000,000 JPY": a bound said in the currency's decimals. */
export function amountTooLargeMessage(max: bigint, currency: string, subject = 'Amount'): string {
  return amountTooLargeMessageAt(max, currency, currencyExponent(currency), subject);
}

/** The same with the currency's exponent given. */
export function amountTooLargeMessageAt(
  max: bigint,
  currency: string,
  exponent: CurrencyExponent,
  subject = 'Amount',
): string {
  return `${subject} must be at most ${minorUnitsText(max, exponent)} ${currency}`;
}

/**
 * Why `units` cannot be an amount of `currency`, or null when it can: not a finite number, or
 * more decimals than the currency's minor unit allows. Bounds (above zero, at most the largest
 * operation) are the caller's, since they differ between an amount, a limit and a balance.
 */
export function unitsRefusal(units: number, currency: string): string | null {
  if (!Number.isFinite(units)) return 'Amount must be a finite number';
  if (!hasAtMostDecimals(units, currencyExponent(currency))) return decimalsLimitMessage(currency);
  return null;
}

/** Integer minor units of a unit amount with at most `exponent` decimals; throws otherwise. */
export function unitsToMinorUnitsAt(units: number, exponent: CurrencyExponent): bigint {
  if (!hasAtMostDecimals(units, exponent)) {
    throw new RangeError(`Not a whole number of minor units (${exponent} decimals): ${units}`);
  }
  return BigInt(Math.round(units * unitScale(exponent)));
}

/**
 * Integer minor units of a validated unit amount of `currency` (12.5 KWD is 12500n); throws a
 * RangeError with the reason for an amount `unitsRefusal` refuses.
 */
export function unitsToMinorUnits(units: number, currency: string): bigint {
  const refusal = unitsRefusal(units, currency);
  if (refusal !== null) throw new RangeError(`${refusal}: ${units}`);
  return unitsToMinorUnitsAt(units, currencyExponent(currency));
}

/** Whether minor units cross the API as a JSON number of units exactly, in any exponent. */
export function isExactAsUnits(minorUnits: bigint): boolean {
  return minorUnits <= MAX_EXACT_MINOR_UNITS && minorUnits >= -MAX_EXACT_MINOR_UNITS;
}

/** The JSON number of units of `minorUnits` at `exponent`; throws past fifteen digits. */
export function minorUnitsToUnitsAt(minorUnits: bigint, exponent: CurrencyExponent): number {
  if (!isExactAsUnits(minorUnits)) {
    throw new RangeError('Amount too large to represent exactly');
  }
  // Both operands are exact doubles and division is correctly rounded: the result is the double
  // nearest the decimal, the one JSON writes back as that decimal.
  return Number(minorUnits) / unitScale(exponent);
}

/** The JSON number of units of an amount of `currency` (12500n KWD is 12.5). */
export function minorUnitsToUnits(minorUnits: bigint, currency: string): number {
  return minorUnitsToUnitsAt(minorUnits, currencyExponent(currency));
}

/** The decimal digits of `minorUnits` at `exponent`, grouped with `group`: "1,234.500". */
export function minorUnitsText(
  minorUnits: bigint,
  exponent: CurrencyExponent,
  group = ',',
): string {
  const negative = minorUnits < 0n;
  const abs = negative ? -minorUnits : minorUnits;
  const perUnit = minorUnitsPerUnit(exponent);
  const whole = (abs / perUnit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = exponent === 0 ? '' : `.${(abs % perUnit).toString().padStart(exponent, '0')}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Text for messages with the currency's own decimals, no symbol ("1,234.500" for KWD, "1,234" for
 * JPY); never used for arithmetic nor shown as a figure (money-display.ts does that).
 */
export function formatMinorUnits(minorUnits: bigint, currency: string): string {
  return minorUnitsText(minorUnits, currencyExponent(currency));
}
