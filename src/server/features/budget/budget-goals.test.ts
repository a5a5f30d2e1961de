import { describe, expect, it } from 'vitest';
import { goalProgress, monthsThrough, type GoalRow } from './budget-goals.js';
import type { CategoryMonth } from './budget-months.js';

function figures(partial: Partial<CategoryMonth>): CategoryMonth {
  const base = { carriedIn: 0n, assigned: 0n, activity: 0n, cardDebt: 0n, ...partial };
  return {
    ...base,
    available: partial.available ?? base.carriedIn + base.assigned + base.activity,
    rule: { rule: 'surplus', capCents: null },
  };
}

const goal = (kind: GoalRow['kind'], amountCents: bigint, targetMonth: string | null = null) => ({
  categoryId: 'c',
  kind,
  amountCents,
  targetMonth,
});

describe('goals', () => {
  it('counts months both ends included', () => {
    expect(monthsThrough('2026-09-01', '2026-12-01')).toBe(4);
    expect(monthsThrough('2026-12-01', '2027-01-01')).toBe(2);
    expect(monthsThrough('2027-01-01', '2026-12-01')).toBe(0);
  });

  it('a monthly goal needs its amount less what the month assigned', () => {
    expect(
      goalProgress(goal('monthly', 10_000n), figures({ assigned: 4_000n }), '2026-09-01'),
    ).toEqual({
      neededCents: 6_000n,
      fundedCents: 4_000n,
      targetCents: 10_000n,
      status: 'in-progress',
    });
    expect(
      goalProgress(goal('monthly', 10_000n), figures({ assigned: 10_000n }), '2026-09-01').status,
    ).toBe('completed');
  });

  it('1,200 by December, from September: 300 a month, less what came over', () => {
    const byDecember = goal('by-date', 120_000n, '2026-12-01');
    expect(goalProgress(byDecember, figures({}), '2026-09-01').neededCents).toBe(30_000n);
    // October with 300 carried in: 900 over three months.
    expect(
      goalProgress(byDecember, figures({ carriedIn: 30_000n }), '2026-10-01').neededCents,
    ).toBe(30_000n);
    // Rounded up so the last month is never short: 1,000.00 over 3 months.
    const odd = goal('by-date', 100_000n, '2026-12-01');
    expect(goalProgress(odd, figures({}), '2026-10-01').neededCents).toBe(33_334n);
    // December with everything there: done.
    const done = goalProgress(byDecember, figures({ carriedIn: 120_000n }), '2026-12-01');
    expect(done).toMatchObject({ neededCents: 0n, fundedCents: 120_000n, status: 'completed' });
    // After its month it asks nothing more.
    expect(goalProgress(byDecember, figures({ carriedIn: 50_000n }), '2027-01-01')).toMatchObject({
      neededCents: 0n,
      status: 'in-progress',
    });
  });

  it('a refill brings available up to its amount', () => {
    const refill = goal('refill', 20_000n);
    expect(
      goalProgress(refill, figures({ carriedIn: 5_000n, activity: -2_000n }), '2026-09-01')
        .neededCents,
    ).toBe(17_000n);
    expect(goalProgress(refill, figures({ available: 25_000n }), '2026-09-01')).toMatchObject({
      neededCents: 0n,
      fundedCents: 20_000n,
      status: 'completed',
    });
    expect(goalProgress(refill, figures({}), '2026-09-01').status).toBe('pending');
  });
});
