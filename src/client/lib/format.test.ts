import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatExpense,
  formatMoney,
  todayLocal,
  USD,
} from './format.js';
import { displayCurrency } from './display-currency.js';
import { applyLocale } from './locale.js';

describe('formatting', () => {
  it.each([
    [0, '$0.00'],
    [12.5, '$12.50'],
    [1234567.89, '$1,234,567.89'],
    [999_999_999_999.99, '$999,999,999,999.99'],
    [-3.1, '-$3.10'],
  ])('formatMoney(%s) is %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('writes en-US figures exactly as before figures followed the locale', () => {
    // The strings the spec and every browser journey read (docs/money.md#display).
    expect(formatMoney(1234.5, USD, 'en-US')).toBe('$1,234.50');
    expect(formatMoney(-12, USD, 'en-US')).toBe('-$12.00');
    expect(formatExpense(12, USD, 'en-US')).toBe('-$12.00');
    expect(formatMoney(-0.125, USD, 'en-US')).toBe('-$0.13');
    expect(formatMoney(0.005, USD, 'en-US')).toBe('$0.01');
    expect(formatMoney(-999_999_999_999.99, USD, 'en-US')).toBe('-$999,999,999,999.99');
  });

  it("writes figures in the person's locale", () => {
    expect(formatMoney(1234.5, USD, 'de-DE')).toBe('1.234,50\u00a0$');
    expect(formatMoney(-1234.5, USD, 'de-DE')).toBe('-1.234,50\u00a0$');
    expect(formatExpense(12, USD, 'de-DE')).toBe('-12,00\u00a0$');
    // France groups with a narrow no-break space and puts a no-break space before the symbol.
    expect(formatMoney(1234567.89, USD, 'fr-FR')).toBe('1\u202f234\u202f567,89\u00a0$US');
    expect(formatMoney(-5, displayCurrency('EUR'), 'fr-FR')).toBe('-5,00\u00a0€');
    expect(formatMoney(1234.5, displayCurrency('EUR'), 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it("shows each currency's own decimals", () => {
    expect(displayCurrency('JPY')).toEqual({ code: 'JPY', exponent: 0 });
    expect(formatMoney(1234, displayCurrency('JPY'), 'en-US')).toBe('¥1,234');
    expect(formatMoney(-1234, displayCurrency('JPY'), 'ja-JP')).toBe('-￥1,234');
    expect(formatMoney(1234.5, displayCurrency('KWD'), 'en-US')).toBe('KWD\u00a01,234.500');
    expect(formatMoney(-0.001, displayCurrency('KWD'), 'de-DE')).toBe('-0,001\u00a0KWD');
  });

  it('writes in the locale the person chose once it is applied', () => {
    applyLocale('de-DE');
    try {
      expect(formatMoney(1234.5)).toBe('1.234,50\u00a0$');
      expect(formatExpense(12)).toBe('-12,00\u00a0$');
    } finally {
      applyLocale('en-US');
    }
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('shows expenses as negative dollar figures with two decimals', () => {
    expect(formatExpense(12)).toBe('-$12.00');
    expect(formatExpense(0.1)).toBe('-$0.10');
  });

  it('formats dates as dd MMM, yyyy', () => {
    expect(formatDate(new Date(2026, 2, 5, 12))).toBe('05 Mar, 2026');
    expect(formatDate(new Date(2026, 10, 21, 12).toISOString())).toBe('21 Nov, 2026');
  });

  it('formats calendar dates as that day, whatever the time zone', () => {
    expect(formatCalendarDate('2025-03-31')).toBe('31 Mar, 2025');
    expect(formatCalendarDate('2024-02-29')).toBe('29 Feb, 2024');
    expect(todayLocal(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
