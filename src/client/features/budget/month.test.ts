import { describe, expect, it } from 'vitest';
import {
  canShiftMonth,
  isBudgetMonth,
  monthLabel,
  periodDaysLabel,
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

describe('periodDaysLabel', () => {
  // Intl puts thin spaces around the dash: compared with plain ones.
  const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;
  it('says the days of a pay-day period and nothing for a calendar month', () => {
    expect(plain(periodDaysLabel({ start: '2026-10-23', end: '2026-11-24' }, 'en-GB'))).toBe(
      '23 Oct – 24 Nov 2026',
    );
    expect(periodDaysLabel({ start: '2026-02-01', end: '2026-02-28' }, 'en-GB')).toBeNull();
    expect(plain(periodDaysLabel({ start: '2026-12-25', end: '2027-01-24' }, 'en-US'))).toBe(
      'Dec 25, 2026 – Jan 24, 2027',
    );
  });
});
