/**
 * The API speaks currency units as JSON numbers with at most two decimals; the harness keeps
 * everything in integer cents (bigint) and converts only at the HTTP boundary.
 */

/** Cents to the JSON number the API expects (exact: a double holds every 2-decimal amount we send). */
export function centsToUnits(cents: bigint): number {
  return Number(cents) / 100;
}

/** A balance the API returned, back to cents. Two decimals at most, so rounding is exact. */
export function unitsToCents(units: number): bigint {
  return BigInt(Math.round(units * 100));
}

export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function sumCents(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}
