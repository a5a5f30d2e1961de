import { USD, type DisplayCurrency } from '../../lib/format.js';
import { displayCurrency } from '../../lib/display-currency.js';

/** The currency a chart's figures are in (its answer's `currency`, the book's base). */
export function figureCurrency(code: string | undefined): DisplayCurrency {
  return code === undefined || code === USD.code ? USD : displayCurrency(code);
}
