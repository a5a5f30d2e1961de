import {
  crossRate,
  decimalRate,
  rateAsDecimalText,
  type ExchangeRate,
} from '../../../shared/exchange-rate.js';
import type { FoundRate } from './rate-lookup.js';

// A found rate as the figures that use it need it: its exact fraction to convert with, and the
// text a figure shows beside it (docs/money.md): the decimal when it has one of at most 12
// significant digits, else the fraction itself, never a rounded stand-in.

/** The exact fraction of a found rate (its numerator and denominator are decimal texts). */
export function foundRateFraction(found: FoundRate): ExchangeRate {
  return crossRate(decimalRate(found.rate.denominator), decimalRate(found.rate.numerator));
}

/** The rate's text as a figure states it: "0.0065", or "10823/1571200" when no decimal fits. */
export function foundRateText(found: FoundRate): string {
  const text = rateAsDecimalText(foundRateFraction(found));
  return text.ok ? text.value.text : `${found.rate.numerator}/${found.rate.denominator}`;
}
