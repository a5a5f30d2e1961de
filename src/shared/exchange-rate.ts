import { currencyExponent } from './currencies.js';
import { MAX_EXACT_MINOR_UNITS, formatMinorUnits, minorUnitsPerUnit } from './currency-money.js';

/**
 * Exchange rates as exact fractions and conversion of minor units at a rate, rounded half-even on
 * the target currency's minor unit. Only bigint arithmetic: a rate is read from its decimal text
 * ("1.0823", "157.12"), never from a float (docs/money.md#rounding,
 * docs/decisions/029-minor-units-and-half-even-per-entry.md).
 */

/**
 * How many units of the quote currency one unit of the base currency is worth, as a fraction in
 * lowest terms; both parts positive. Inverse and cross rates stay exact fractions, so no rounding
 * happens before the one at the end of a conversion.
 */
export interface ExchangeRate {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** A rate or conversion that worked, or the reason it did not. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * The most decimals a rate may have (0.000000000001), and the most digits before its point (rates
 * are below 10^12): the bounds the rate table keeps (docs/money.md#rates-as-fractions).
 */
export const MAX_RATE_DECIMALS = 12;
export const MAX_RATE_WHOLE_DIGITS = 12;
/** Significant digits a rate that is a fraction is written with (published rates have 5 or 6). */
export const RATE_TEXT_SIGNIFICANT_DIGITS = 12;
/** Longer text is refused before it is read. */
const MAX_RATE_TEXT_LENGTH = 40;

const RATE_EXAMPLE = 'A rate is a decimal number such as 1.0823';

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** numerator / denominator in lowest terms; both must be positive. */
export function exchangeRate(numerator: bigint, denominator: bigint): ExchangeRate {
  if (numerator <= 0n || denominator <= 0n) throw new RangeError('A rate must be above 0');
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/**
 * Reads a rate written as a plain decimal ("1.0823", "157.12", "0.000123"): digits with one
 * optional point, above zero, at most 12 decimals, below 10^12. Refuses anything else (signs,
 * exponents, commas, spaces) with the reason.
 */
export function readDecimalRate(text: string): Outcome<ExchangeRate> {
  if (text.length > MAX_RATE_TEXT_LENGTH || !/^\d+(\.\d+)?$/.test(text))
    return { ok: false, reason: RATE_EXAMPLE };
  const [rawWhole = '', rawFraction = ''] = text.split('.');
  const whole = rawWhole.replace(/^0+/, '');
  const fraction = rawFraction.replace(/0+$/, '');
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return { ok: false, reason: 'A rate must be above 0' };
  if (whole.length > MAX_RATE_WHOLE_DIGITS)
    return { ok: false, reason: 'A rate must be below 1,000,000,000,000' };
  if (fraction.length > MAX_RATE_DECIMALS)
    return { ok: false, reason: `A rate has at most ${MAX_RATE_DECIMALS} decimals` };
  return { ok: true, value: exchangeRate(BigInt(digits), 10n ** BigInt(fraction.length)) };
}

/** The rate of decimal `text`; throws with the reason for text readDecimalRate refuses. */
export function decimalRate(text: string): ExchangeRate {
  const read = readDecimalRate(text);
  if (!read.ok) throw new RangeError(`${read.reason}: ${text}`);
  return read.value;
}

/** The rate of the opposite pair: B to A from A to B, exactly (1 / 1.0823 stays a fraction). */
export function invertRate(rate: ExchangeRate): ExchangeRate {
  return { numerator: rate.denominator, denominator: rate.numerator };
}

/**
 * A to B through a common base: (base to B) / (base to A), e.g. USD to JPY from the ECB's EUR to
 * JPY and EUR to USD of the same day. Exact: no rounding before the conversion's own.
 */
export function crossRate(baseToFrom: ExchangeRate, baseToTo: ExchangeRate): ExchangeRate {
  return exchangeRate(
    baseToTo.numerator * baseToFrom.denominator,
    baseToTo.denominator * baseToFrom.numerator,
  );
}

/**
 * The rate two amounts of one transfer imply: received units per sent unit, exact (sent 100.00
 * EUR, received 15,712 JPY: 157.12).
 */
export function impliedRate(
  sent: bigint,
  sentCurrency: string,
  received: bigint,
  receivedCurrency: string,
): ExchangeRate {
  return exchangeRate(
    received * minorUnitsPerUnit(currencyExponent(sentCurrency)),
    sent * minorUnitsPerUnit(currencyExponent(receivedCurrency)),
  );
}

/**
 * numerator / denominator rounded to the nearest integer, a tie to the even one (banker's
 * rounding): 2.5 is 2, 3.5 is 4, -2.5 is -2. The denominator must be positive.
 */
export function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  const twiceRemainder = (abs % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n))
    quotient += 1n;
  // Rounding the magnitude and restoring the sign keeps conversion symmetric: f(-a) = -f(a).
  return negative ? -quotient : quotient;
}

/**
 * `amount` minor units of `from` converted at `rate` (units of `to` per unit of `from`) to minor
 * units of `to`, rounded half-even on `to`'s minor unit: 1,000 JPY at 0.0020431 is 2.043 KWD.
 * Refuses, with the reason, an amount or a result past fifteen digits of minor units (what
 * crosses the API exactly, docs/money.md#bounds).
 */
export function convertMinorUnits(
  amount: bigint,
  from: string,
  to: string,
  rate: ExchangeRate,
): Outcome<bigint> {
  if (amount > MAX_EXACT_MINOR_UNITS || amount < -MAX_EXACT_MINOR_UNITS)
    return {
      ok: false,
      reason: `An amount to convert must be at most ${formatMinorUnits(MAX_EXACT_MINOR_UNITS, from)} ${from}`,
    };
  // amount / 10^e(from) units * rate = amount * num * 10^e(to) / (den * 10^e(from)) minor units.
  const converted = roundHalfEven(
    amount * rate.numerator * minorUnitsPerUnit(currencyExponent(to)),
    rate.denominator * minorUnitsPerUnit(currencyExponent(from)),
  );
  if (converted > MAX_EXACT_MINOR_UNITS || converted < -MAX_EXACT_MINOR_UNITS)
    return {
      ok: false,
      reason: `The converted amount passes ${formatMinorUnits(MAX_EXACT_MINOR_UNITS, to)} ${to}`,
    };
  return { ok: true, value: converted };
}

/** The number of decimal digits of a positive bigint. */
function digitCount(value: bigint): number {
  return value.toString().length;
}

/**
 * A rate written as decimal text, to store a rate that is a fraction (one a transfer implies):
 * exact when the fraction has a decimal of at most 12 significant digits and 12 decimals, else
 * rounded half-even on the last of those. Refused past the bounds readDecimalRate keeps, so the
 * text always reads back.
 */
export function rateAsDecimalText(rate: ExchangeRate): Outcome<{ text: string; exact: boolean }> {
  const { numerator, denominator } = rate;
  // floor(log10(rate)): the power of ten of its first significant digit.
  let magnitude = digitCount(numerator) - digitCount(denominator);
  const atMagnitude =
    magnitude >= 0
      ? numerator >= denominator * 10n ** BigInt(magnitude)
      : numerator * 10n ** BigInt(-magnitude) >= denominator;
  if (!atMagnitude) magnitude -= 1;
  if (magnitude >= MAX_RATE_WHOLE_DIGITS)
    return { ok: false, reason: 'A rate must be below 1,000,000,000,000' };
  const decimals = Math.min(RATE_TEXT_SIGNIFICANT_DIGITS - 1 - magnitude, MAX_RATE_DECIMALS);
  const scaled = roundHalfEven(numerator * 10n ** BigInt(decimals), denominator);
  if (scaled === 0n)
    return { ok: false, reason: `A rate has at most ${MAX_RATE_DECIMALS} decimals` };
  const exact = scaled * denominator === numerator * 10n ** BigInt(decimals);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  // Rounding 999,999,999,999.5 up reaches the bound itself.
  const reread = readDecimalRate(text);
  if (!reread.ok) return reread;
  return { ok: true, value: { text, exact } };
}
