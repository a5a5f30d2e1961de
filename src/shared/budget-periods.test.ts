import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_MONTHS,
  periodBounds,
  periodOf,
  periodStart,
  type BudgetPeriodRule,
} from './budget-periods.js';

const payday25Before: BudgetPeriodRule = { startDay: 25, weekend: 'before' };

describe('budget periods', () => {
  it('are calendar months with day 1 and no weekend rule', () => {
    expect(periodBounds('2026-02', CALENDAR_MONTHS)).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(periodBounds('2028-02', CALENDAR_MONTHS)).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(periodOf('2026-12-31', CALENDAR_MONTHS)).toBe('2026-12');
  });

  it('start on pay day, moved to the Friday before a weekend', () => {
    // 25 October 2026 is a Sunday: October's period starts on Friday the 23rd.
    expect(periodStart('2026-10', payday25Before)).toBe('2026-10-23');
    // 25 November 2026 is a Wednesday.
    expect(periodBounds('2026-10', payday25Before)).toEqual({
      start: '2026-10-23',
      end: '2026-11-24',
    });
    expect(periodBounds('2026-11', payday25Before)).toEqual({
      start: '2026-11-25',
      end: '2026-12-24',
    });
    expect(periodOf('2026-10-22', payday25Before)).toBe('2026-09');
    expect(periodOf('2026-10-23', payday25Before)).toBe('2026-10');
    expect(periodOf('2026-11-24', payday25Before)).toBe('2026-10');
    expect(periodOf('2026-11-25', payday25Before)).toBe('2026-11');
  });

  it('or to the Monday after', () => {
    // 25 October 2026 is a Sunday: the Monday after is the 26th.
    expect(periodStart('2026-10', { startDay: 25, weekend: 'after' })).toBe('2026-10-26');
    // 1 August 2026 is a Saturday: the period starts on Monday 3 August, so 1 and 2 August are July's.
    expect(periodOf('2026-08-02', { startDay: 1, weekend: 'after' })).toBe('2026-07');
    // 1 May 2027 is a Saturday: moved before, May's period starts on Friday 30 April.
    expect(periodOf('2027-04-30', { startDay: 1, weekend: 'before' })).toBe('2027-05');
  });

  it('start on the last day of a month shorter than the start day', () => {
    expect(periodStart('2026-02', { startDay: 31, weekend: 'keep' })).toBe('2026-02-28');
    expect(periodStart('2028-02', { startDay: 30, weekend: 'keep' })).toBe('2028-02-29');
    expect(periodBounds('2026-01', { startDay: 31, weekend: 'keep' })).toEqual({
      start: '2026-01-31',
      end: '2026-02-27',
    });
  });

  it('cover every day exactly once, in order, whatever the rule', () => {
    const rule = fc.record({
      startDay: fc.integer({ min: 1, max: 31 }),
      weekend: fc.constantFrom('keep' as const, 'before' as const, 'after' as const),
    });
    const day = fc
      .date({
        min: new Date('1901-01-01T00:00:00Z'),
        max: new Date('9998-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(rule, day, (r, d) => {
        const month = periodOf(d, r);
        const { start, end } = periodBounds(month, r);
        expect(start <= d && d <= end).toBe(true);
        // The next period starts the day after this one ends.
        const next = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000)
          .toISOString()
          .slice(0, 10);
        expect(periodOf(next, r)).not.toBe(month);
        expect(periodStart(periodOf(next, r), r)).toBe(next);
      }),
      { numRuns: 2000 },
    );
  });
});
