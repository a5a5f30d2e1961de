import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatExpense,
  formatMoney,
  todayLocal,
} from './format.js';

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
