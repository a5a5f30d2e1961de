import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  currencyExponent,
  isCurrencyCode,
  isRateCurrencyCode,
} from './currencies.js';

describe('ISO 4217 currencies', () => {
  it('knows the exponents the standard gives, not the display digits of CLDR', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('BHD')).toBe(3);
    // CLDR shows IQD with no decimals; ISO 4217 defines three.
    expect(currencyExponent('IQD')).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
  });

  it('lists every code once, three upper-case letters, sorted', () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
  });

  it('lets rates name withdrawn codes that old files quote, but not accounts', () => {
    expect(isRateCurrencyCode('CYP')).toBe(true);
    expect(isCurrencyCode('CYP')).toBe(false);
    expect(currencyExponent('TRL')).toBe(0);
  });

  it('refuses what is not money', () => {
    for (const code of ['XAU', 'XDR', 'XTS', 'XXX', 'usd', 'US', 'USDD', '']) {
      expect(isCurrencyCode(code)).toBe(false);
      expect(isRateCurrencyCode(code)).toBe(false);
      expect(() => currencyExponent(code)).toThrow(RangeError);
    }
  });
});
