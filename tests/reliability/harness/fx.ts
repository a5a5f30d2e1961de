/**
 * Currencies in the load (issue 23): what a transfer between two currencies receives, the rates
 * people enter by hand, and the rate a transfer implies as the book writes it
 * (docs/decisions/032-a-transfers-rate-is-the-days-latest.md). Integers only.
 */
import { exponentOf } from './money.js';
import type { Random } from './random.js';

/** The currencies of the load: the book's base and two with other exponents. */
export const LOAD_CURRENCIES = ['USD', 'JPY', 'KWD'] as const;

/** Roughly what one minor unit is worth, in millionths of a dollar: to pick plausible amounts. */
const MICRO_USD_PER_MINOR: Readonly<Record<string, bigint>> = {
  USD: 10_000n,
  JPY: 6_667n,
  KWD: 3_250n,
};

const worth = (currency: string) => MICRO_USD_PER_MINOR[currency] ?? 10_000n;

/**
 * What arrives in `to` when `sent` minor units of `from` leave: about the market rate, give or
 * take 5% (so each transfer implies its own rate), at least one minor unit.
 */
export function receivedFor(sent: bigint, from: string, to: string, rng: Random): bigint {
  if (from === to) return sent;
  const permille = BigInt(rng.int(950, 1050));
  const received = (sent * worth(from) * permille) / (worth(to) * 1000n);
  return received > 0n ? received : 1n;
}

/** A rate by hand for a pair among the load's currencies, about the market one, 6 decimals. */
export function manualRateText(base: string, quote: string, rng: Random): string {
  // Units of quote per unit of base, in millionths.
  const unitWorth = (c: string) => worth(c) * 10n ** BigInt(exponentOf(c));
  const micro =
    (unitWorth(base) * 1_000_000n * BigInt(rng.int(900_000, 1_100_000))) /
    (unitWorth(quote) * 1_000_000n);
  return decimalText(micro > 0n ? micro : 1n, 6);
}

/** `scaled` / 10^decimals as the shortest decimal text: no trailing zeros, no lone point. */
function decimalText(scaled: bigint, decimals: number): string {
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

function digitCount(n: bigint): number {
  return n.toString().length;
}

/** numerator / denominator to the nearest integer, a tie to the even one (both positive). */
function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  return quotient;
}

/** Significant digits and decimals a rate table's rate keeps (decision 030, 032). */
const SIGNIFICANT = 12;
const MAX_DECIMALS = 12;

/**
 * The rate a transfer implies, `received / sent` in units, as the book stores it: its exact
 * decimal when that has at most 12 significant digits and 12 decimals, else rounded half-even on
 * the last of those (docs/rates.md#transfer-rates). Compared as text with the stored `rate::text`.
 */
export function impliedRateText(sent: bigint, from: string, received: bigint, to: string): string {
  const numerator = received * 10n ** BigInt(exponentOf(from));
  const denominator = sent * 10n ** BigInt(exponentOf(to));
  if (numerator <= 0n || denominator <= 0n) return `(no rate: ${received} / ${sent})`;
  // floor(log10(rate)): the power of ten of its first significant digit.
  let magnitude = digitCount(numerator) - digitCount(denominator);
  const reached =
    magnitude >= 0
      ? numerator >= denominator * 10n ** BigInt(magnitude)
      : numerator * 10n ** BigInt(-magnitude) >= denominator;
  if (!reached) magnitude -= 1;
  const decimals = Math.max(0, Math.min(SIGNIFICANT - 1 - magnitude, MAX_DECIMALS));
  return decimalText(roundHalfEven(numerator * 10n ** BigInt(decimals), denominator), decimals);
}
