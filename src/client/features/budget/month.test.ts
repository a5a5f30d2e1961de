import { describe, expect, it } from 'vitest';
import {
  canShiftMonth,
  isBudgetMonth,
  monthLabel,
  monthOfDay,
  parseBudgetSearch,
  shiftMonth,
} from './month.js';

describe('budget months', () => {
  it('accepts the months the API takes', () => {
    expect(isBudgetMonth('2026-11')).toBe(true);
    expect(isBudgetMonth('1900-01')).toBe(true);
    expect(isBudgetMonth('9999-12')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '1899-12', '26-11', '2026-11-01', ''])
      expect(isBudgetMonth(bad), bad).toBe(false);
  });

  it('steps across year ends both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(shiftMonth('2026-03', 24)).toBe('2028-03');
  });

  it('stops at the years the API takes', () => {
    expect(canShiftMonth('1900-01', -1)).toBe(false);
    expect(canShiftMonth('9999-12', 1)).toBe(false);
    expect(canShiftMonth('2026-11', 1)).toBe(true);
  });

  it('takes the month of a day', () => {
    expect(monthOfDay('2026-11-29')).toBe('2026-11');
  });

  it('names a month in the locale, whatever the time zone', () => {
    expect(monthLabel('2026-11', 'en-US')).toBe('November 2026');
    expect(monthLabel('2026-01', 'de-DE')).toBe('Januar 2026');
  });

  it('keeps only a valid ?month', () => {
    expect(parseBudgetSearch({ month: '2026-11' })).toEqual({ month: '2026-11' });
    expect(parseBudgetSearch({ month: '2026-13' })).toEqual({});
    expect(parseBudgetSearch({ month: 202611 })).toEqual({});
    expect(parseBudgetSearch({})).toEqual({});
  });
});
