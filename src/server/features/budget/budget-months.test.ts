import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetMonth,
  carriedBy,
  nextMonth,
  previousMonth,
  type BudgetHistory,
  type MonthFigures,
  type MonthMove,
  type RuleRow,
} from './budget-months.js';
import { monthsBetween, planVsActual } from './budget-plan.js';

const GROCERIES = 'groceries';
const RENT = 'rent';

function history(partial: Partial<BudgetHistory>): BudgetHistory {
  return { flows: [], moves: [], rules: [], categoryIds: [GROCERIES, RENT], ...partial };
}

function category(figures: MonthFigures, id: string) {
  const found = figures.categories.get(id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
}

/** The envelope identity of docs/budgets.md#the-identity, on one month's figures. */
function identityHolds(figures: MonthFigures, cashUpToMonth: bigint): boolean {
  let available = 0n;
  for (const c of figures.categories.values()) available += c.available;
  return figures.toAssign - figures.parts.heldForNextMonth + available === cashUpToMonth;
}

describe('months', () => {
  it('steps over year ends both ways', () => {
    expect(nextMonth('2025-12-01')).toBe('2026-01-01');
    expect(nextMonth('2026-01-01')).toBe('2026-02-01');
    expect(previousMonth('2026-01-01')).toBe('2025-12-01');
    expect(previousMonth('1900-02-01')).toBe('1900-01-01');
  });
});

describe('rollover rules', () => {
  it('carry what each rule says', () => {
    expect(carriedBy({ rule: 'surplus', capCents: null }, 500n)).toBe(500n);
    expect(carriedBy({ rule: 'surplus', capCents: null }, -500n)).toBe(0n);
    expect(carriedBy({ rule: 'both', capCents: null }, -500n)).toBe(-500n);
    expect(carriedBy({ rule: 'none', capCents: null }, 500n)).toBe(0n);
    expect(carriedBy({ rule: 'capped', capCents: 200n }, 500n)).toBe(200n);
    expect(carriedBy({ rule: 'capped', capCents: 200n }, 100n)).toBe(100n);
    expect(carriedBy({ rule: 'capped', capCents: 200n }, -100n)).toBe(0n);
  });
});

describe('a month', () => {
  it('assigns income, spends, carries surplus and takes overspending from next month', () => {
    const h = history({
      flows: [
        { month: '2026-01-01', categoryId: null, cents: 300_000n },
        { month: '2026-01-01', categoryId: GROCERIES, cents: -45_000n },
        { month: '2026-01-01', categoryId: RENT, cents: -130_000n },
      ],
      moves: [
        { month: '2026-01-01', kind: 'assign', to: GROCERIES, from: null, cents: 40_000n },
        { month: '2026-01-01', kind: 'assign', to: RENT, from: null, cents: 150_000n },
      ],
    });
    const { current: january } = budgetMonth(h, '2026-01-01');
    expect(january.toAssign).toBe(110_000n);
    expect(category(january, GROCERIES).available).toBe(-5_000n);
    expect(category(january, RENT).available).toBe(20_000n);

    const { current: february, previous } = budgetMonth(h, '2026-02-01');
    expect(previous.toAssign).toBe(110_000n);
    expect(category(february, RENT).carriedIn).toBe(20_000n);
    expect(category(february, GROCERIES).carriedIn).toBe(0n);
    expect(february.parts.overspendingFromLastMonth).toBe(-5_000n);
    expect(february.toAssign).toBe(105_000n);
  });

  it('holds money for next month', () => {
    const h = history({
      flows: [{ month: '2026-01-01', categoryId: null, cents: 10_000n }],
      moves: [{ month: '2026-01-01', kind: 'hold', to: 'held', from: null, cents: 4_000n }],
    });
    expect(budgetMonth(h, '2026-01-01').current.toAssign).toBe(6_000n);
    const february = budgetMonth(h, '2026-02-01').current;
    expect(february.parts.heldFromLastMonth).toBe(4_000n);
    expect(february.toAssign).toBe(10_000n);
  });

  it('applies a rule from its month on, over rules recorded before it', () => {
    const rules: RuleRow[] = [
      { id: 1n, month: '2026-03-01', categoryId: RENT, rule: 'none', capCents: null },
      { id: 2n, month: '2026-01-01', categoryId: RENT, rule: 'capped', capCents: 100n },
    ];
    const h = history({
      flows: [{ month: '2026-01-01', categoryId: null, cents: 1_000n }],
      moves: [{ month: '2026-01-01', kind: 'assign', to: RENT, from: null, cents: 1_000n }],
      rules,
    });
    const february = budgetMonth(h, '2026-02-01').current;
    expect(category(february, RENT).carriedIn).toBe(100n);
    expect(february.parts.returnedFromLastMonth).toBe(900n);
  });

  it('costs only the months that hold something, whatever month is asked for', () => {
    const h = history({
      flows: [{ month: '1900-01-01', categoryId: GROCERIES, cents: -100n }],
      moves: [{ month: '1900-01-01', kind: 'assign', to: GROCERIES, from: null, cents: 300n }],
    });
    const started = performance.now();
    const far = budgetMonth(h, '9999-12-01').current;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(category(far, GROCERIES).available).toBe(200n);
    expect(far.toAssign).toBe(-300n);
  });
});

const MONTHS = ['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-05-01'];
const CATEGORIES = [GROCERIES, RENT, 'fun'];
const month = fc.constantFrom(...MONTHS);
const categoryOrNull = fc.constantFrom<string | null>(null, ...CATEGORIES);
const cents = fc.bigInt({ min: -50_000n, max: 50_000n });

const move: fc.Arbitrary<MonthMove> = fc.oneof(
  fc.record({
    month,
    kind: fc.constant('assign' as const),
    to: fc.constantFrom(...CATEGORIES),
    from: fc.constant(null),
    cents,
  }),
  fc.record({
    month,
    kind: fc.constantFrom('move' as const, 'cover' as const),
    to: categoryOrNull,
    from: categoryOrNull,
    cents: fc.bigInt({ min: 1n, max: 50_000n }),
  }),
  fc.record({
    month,
    kind: fc.constant('hold' as const),
    to: fc.constant('held'),
    from: fc.constant(null),
    cents: fc.bigInt({ min: 0n, max: 20_000n }),
  }),
);

const rule: fc.Arbitrary<Omit<RuleRow, 'id'>> = fc.record({
  month,
  categoryId: fc.constantFrom(...CATEGORIES),
  rule: fc.constantFrom('surplus' as const, 'both' as const, 'none' as const, 'capped' as const),
  capCents: fc.bigInt({ min: 0n, max: 30_000n }),
});

describe('the envelope identity (property)', () => {
  it('To assign + held + every available = the on-budget cash up to the month, every month', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month, categoryId: categoryOrNull, cents }), { maxLength: 30 }),
        fc.array(move, { maxLength: 30 }),
        fc.array(rule, { maxLength: 6 }),
        (flows, moves, ruleDrafts) => {
          const rules = ruleDrafts.map((r, index) => ({
            ...r,
            id: BigInt(index + 1),
            capCents: r.rule === 'capped' ? r.capCents : null,
          }));
          const h: BudgetHistory = { flows, moves, rules, categoryIds: CATEGORIES };
          for (const m of [...MONTHS, '2026-04-01', '2026-09-01']) {
            const cash = flows.filter((f) => f.month <= m).reduce((sum, f) => sum + f.cents, 0n);
            const { current } = budgetMonth(h, m);
            if (!identityHolds(current, cash)) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a month computed alone equals the same month reached through every month before it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month, categoryId: categoryOrNull, cents }), { maxLength: 20 }),
        fc.array(move, { maxLength: 20 }),
        (flows, moves) => {
          const h: BudgetHistory = { flows, moves, rules: [], categoryIds: CATEGORIES };
          // Asking for a month with something in every month before it walks them one by one.
          const dense: BudgetHistory = {
            ...h,
            flows: [
              ...flows,
              ...['2026-06-01', '2026-07-01', '2026-08-01'].map((m) => ({
                month: m,
                categoryId: null,
                cents: 0n,
              })),
            ],
          };
          const sparse = budgetMonth(h, '2026-08-01').current;
          const walked = budgetMonth(dense, '2026-08-01').current;
          expect(sparse.toAssign).toBe(walked.toAssign);
          for (const id of CATEGORIES) {
            expect(category(sparse, id).available).toBe(category(walked, id).available);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('plan against actual (property)', () => {
  it("is the grid's Assigned and Activity (sign turned) of every month in the range", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month, categoryId: categoryOrNull, cents }), { maxLength: 30 }),
        fc.array(move, { maxLength: 30 }),
        (flows, moves) => {
          const h: BudgetHistory = { flows, moves, rules: [], categoryIds: CATEGORIES };
          const plan = planVsActual(h, '2025-12-01', '2026-04-01');
          expect(plan.months).toEqual([
            '2025-12-01',
            '2026-01-01',
            '2026-02-01',
            '2026-03-01',
            '2026-04-01',
          ]);
          plan.months.forEach((m, index) => {
            const { current } = budgetMonth(h, m);
            for (const id of CATEGORIES) {
              const cell = plan.categories.get(id)?.[index];
              expect(cell).toEqual({
                budgeted: category(current, id).assigned,
                spent: -category(current, id).activity,
              });
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lists every month of a range even when nothing happened in it', () => {
    expect(monthsBetween('2025-11-01', '2026-02-01')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    const plan = planVsActual(history({}), '2026-01-01', '2026-01-01');
    expect(plan.categories.get(GROCERIES)).toEqual([{ budgeted: 0n, spent: 0n }]);
  });
});
