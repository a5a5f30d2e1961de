import { describe, expect, it } from 'vitest';
import {
  parseAnalyticsSearch,
  periodMonths,
  presetRange,
  resolvePeriod,
  transactionsHref,
} from './period.js';

const today = new Date(2026, 2, 20); // 20 March 2026, local time

describe('analytics period', () => {
  it('computes each preset from today', () => {
    expect(presetRange('this-month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-3-months', today)).toEqual({ from: '2026-01-01', to: '2026-03-20' });
    expect(presetRange('last-12-months', today)).toEqual({ from: '2025-04-01', to: '2026-03-20' });
    expect(presetRange('ytd', today)).toEqual({ from: '2026-01-01', to: '2026-03-20' });
    expect(presetRange('last-month', new Date(2026, 0, 5))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('reads the URL, dropping anything malformed, and falls back to this month', () => {
    expect(parseAnalyticsSearch({ period: 'nope', from: '2026-1-1', accountId: 'x' })).toEqual({});
    expect(resolvePeriod({}, today)).toEqual({
      preset: 'this-month',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(
      resolvePeriod({ period: 'custom', from: '2026-01-10', to: '2026-02-05' }, today),
    ).toEqual({ preset: 'custom', from: '2026-01-10', to: '2026-02-05' });
    // A reversed custom range is not shown as such.
    expect(
      resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-01' }, today).preset,
    ).toBe('this-month');
  });

  it('links a category to the filtered Transactions page', () => {
    expect(transactionsHref(null, { from: '2026-03-01', to: '2026-03-31' })).toBe(
      '/transactions?category=none&from=2026-03-01&to=2026-03-31',
    );
  });

  it('names the budget months of a period, keeping the last 24 of a longer one', () => {
    expect(periodMonths({ from: '2026-03-01', to: '2026-03-20' }, 24)).toEqual({
      from: '2026-03',
      to: '2026-03',
      clipped: false,
    });
    expect(periodMonths({ from: '2024-04-30', to: '2026-03-20' }, 24)).toEqual({
      from: '2024-04',
      to: '2026-03',
      clipped: false,
    });
    expect(periodMonths({ from: '2024-03-31', to: '2026-03-01' }, 24)).toEqual({
      from: '2024-04',
      to: '2026-03',
      clipped: true,
    });
    expect(periodMonths({ from: '2025-06-01', to: '2026-01-31' }, 3)).toEqual({
      from: '2025-11',
      to: '2026-01',
      clipped: true,
    });
  });
});
