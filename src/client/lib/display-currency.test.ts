import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyExponent } from '../../shared/currencies.js';
import { asDisplayCurrency, displayCurrency } from './display-currency.js';
import { formatExpense, formatMoney, USD } from './format.js';

describe('a currency the API answered, as figures take it', () => {
  it("has ISO's exponent for every current code, without the table of every code", () => {
    for (const code of CURRENCY_CODES) {
      expect(displayCurrency(code)).toEqual({ code, exponent: currencyExponent(code) });
    }
    // Withdrawn codes old files quote still have theirs.
    expect(displayCurrency('TRL').exponent).toBe(currencyExponent('TRL'));
    expect(displayCurrency('CYP').exponent).toBe(2);
  });

  it('takes a code or a currency already known', () => {
    expect(asDisplayCurrency('JPY')).toEqual({ code: 'JPY', exponent: 0 });
    expect(asDisplayCurrency(USD)).toBe(USD);
  });

  it('writes each figure in its own currency, en-US USD as the spec does', () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(12.34, 'EUR', 'en-US')).toBe('€12.34');
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(12.345, 'KWD', 'en-US')).toBe('KWD\u00a012.345');
    expect(formatExpense(1500, 'JPY', 'en-US')).toBe('-¥1,500');
    expect(formatMoney(12.34, 'EUR', 'de-DE')).toBe('12,34\u00a0€');
  });
});
