import { knownCurrencyExponent } from '../../shared/currencies.js';
import type { DisplayCurrency } from './format.js';

/**
 * A currency the API answered (an account's, an entry's, the book's) as formatMoney and the
 * amount fields take it: { code: 'JPY', exponent: 0 }. The exponent comes from the short lists of
 * codes that do not have two decimals, not the table of every code, so the screens that show
 * figures in any currency carry no ISO table (docs/money.md#display).
 */
export function displayCurrency(code: string): DisplayCurrency {
  return code === USD_CODE ? USD_DISPLAY : { code, exponent: knownCurrencyExponent(code) };
}

const USD_CODE = 'USD';
const USD_DISPLAY: DisplayCurrency = { code: USD_CODE, exponent: 2 };

/** A currency given either way, as a figure needs it. */
export function asDisplayCurrency(currency: DisplayCurrency | string): DisplayCurrency {
  return typeof currency === 'string' ? displayCurrency(currency) : currency;
}
