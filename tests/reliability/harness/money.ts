/**
 * The API speaks currency units as JSON numbers with at most as many decimals as the account's
 * currency has (USD 2, JPY 0, KWD 3: docs/money.md#currencies); the harness keeps everything in
 * integer minor units (bigint) and converts only at the HTTP boundary, through the decimal text
 * of the number, never by multiplying a float.
 */

/** The base currency of every harness book, and of an account created without a currency. */
export const BASE_CURRENCY = 'USD';

/** ISO 4217 exponents of the currencies the load uses; any other code is taken as 2. */
const EXPONENTS: Readonly<Record<string, number>> = { USD: 2, JPY: 0, KWD: 3 };

export function exponentOf(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/**
 * Minor units to the JSON number the API expects. Exact: an integer below 2^53 divided by a power
 * of ten is the double nearest that decimal, which JSON writes back as the decimal itself.
 */
export function minorToUnits(minor: bigint, currency: string): number {
  const scale = 10 ** exponentOf(currency);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${minor} minor units do not fit a JSON number exactly`);
  }
  return Number(minor) / scale;
}

/**
 * A JSON amount the API returned, back to minor units: read from the number's shortest decimal
 * text (what the server wrote), digit by digit. A number with more decimals than the currency
 * has is an error, never rounded away.
 */
export function unitsToMinor(units: number, currency: string): bigint {
  const exponent = exponentOf(currency);
  if (!Number.isFinite(units)) throw new RangeError(`${units} is not an amount`);
  const text = Math.abs(units).toString();
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`${text} is not a decimal amount`);
  const [, whole = '0', fraction = '', power = '0'] = match;
  // digits × 10^(power - fraction length) units, i.e. × 10^(shift) minor units.
  const digits = BigInt(`${whole}${fraction}`);
  const shift = exponent + Number(power) - fraction.length;
  let minor: bigint;
  if (shift >= 0) {
    minor = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    if (digits % divisor !== 0n) {
      throw new RangeError(`${units} has more than ${exponent} decimals (${currency})`);
    }
    minor = digits / divisor;
  }
  return units < 0 ? -minor : minor;
}

/** Minor units written with the currency's decimals: 1,234.567 (KWD), 1,234 (JPY). */
export function formatMinor(minor: bigint, currency: string): string {
  const exponent = exponentOf(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(exponent);
  const whole = (abs / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = exponent > 0 ? `.${(abs % scale).toString().padStart(exponent, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export function formatCents(cents: bigint): string {
  return formatMinor(cents, BASE_CURRENCY);
}

export function sumCents(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}
