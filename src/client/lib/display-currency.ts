import { currencyExponent } from '../../shared/currencies.js';
import type { DisplayCurrency } from './format.js';

/**
 * Any current ISO 4217 currency as formatMoney takes it ({ code: 'JPY', exponent: 0 }). Its own
 * module, because it brings the ISO table: only screens that show other currencies than USD load
 * it (docs/money.md#display).
 */
export function displayCurrency(code: string): DisplayCurrency {
  return { code, exponent: currencyExponent(code) };
}
