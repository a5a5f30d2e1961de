import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetMonth,
  type BudgetHistory,
  type MonthFigures,
  type MonthMove,
} from './budget-months.js';

// Credit-card payment envelopes in the budget's arithmetic (docs/budgets.md#credit-cards).

const NOV = '2026-11-01';
const DEC = '2026-12-01';
const GROCERIES = 'groceries';
const FUN = 'fun';
const VISA = 'visa';
const AMEX = 'amex';

function history(partial: Partial<BudgetHistory>): BudgetHistory {
  return {
    flows: [],
    moves: [],
    rules: [],
    categoryIds: [GROCERIES, FUN],
    envelopeIds: [VISA, AMEX],
    ...partial,
  };
}

/** Spending of `cents` on `card` in `category`: a flow of the category, and the card's part. */
function onCard(month: string, card: string, categoryId: string, cents: bigint) {
  return {
    flow: { month, categoryId, cents },
    spent: { month, cardId: card, categoryId, cents },
  };
}

const assign = (month: string, to: string, cents: bigint): MonthMove => ({
  month,
  kind: 'assign',
  to,
  from: null,
  cents,
});

function envelope(figures: MonthFigures, id: string) {
  const found = figures.envelopes.get(id);
  if (found === undefined) throw new Error(`no envelope ${id}`);
  return found;
}

function category(figures: MonthFigures, id: string) {
  const found = figures.categories.get(id);
  if (found === undefined) throw new Error(`no category ${id}`);
  return found;
}

describe('a card payment envelope', () => {
  it('takes the money of a category that had it, and a payment uses it', () => {
    const groceries = onCard(NOV, VISA, GROCERIES, -6_000n);
    const h = history({
      flows: [{ month: NOV, categoryId: null, cents: 100_000n }, groceries.flow],
      moves: [assign(NOV, GROCERIES, 10_000n)],
      cardSpending: [groceries.spent],
    });
    const nov = budgetMonth(h, NOV).current;
    expect(category(nov, GROCERIES).available).toBe(4_000n);
    expect(envelope(nov, VISA)).toMatchObject({ covered: 6_000n, available: 6_000n });
    expect(category(nov, GROCERIES).cardDebt).toBe(0n);

    const paid = budgetMonth(
      { ...h, cardPayments: [{ month: DEC, cardId: VISA, cents: 6_000n }] },
      DEC,
    ).current;
    expect(envelope(paid, VISA)).toMatchObject({
      carriedIn: 6_000n,
      payments: 6_000n,
      available: 0n,
    });
  });

  it('leaves spending beyond the money as card debt, never taken from next month', () => {
    const groceries = onCard(NOV, VISA, GROCERIES, -15_000n);
    const h = history({
      flows: [{ month: NOV, categoryId: null, cents: 100_000n }, groceries.flow],
      moves: [assign(NOV, GROCERIES, 10_000n)],
      cardSpending: [groceries.spent],
    });
    const { current: nov } = budgetMonth(h, NOV);
    expect(category(nov, GROCERIES)).toMatchObject({ available: -5_000n, cardDebt: 5_000n });
    expect(envelope(nov, VISA)).toMatchObject({ covered: 10_000n, uncoveredSpending: 5_000n });
    const { current: dec } = budgetMonth(h, DEC);
    expect(category(dec, GROCERIES).carriedIn).toBe(0n);
    expect(dec.parts.overspendingFromLastMonth).toBe(0n);
    expect(dec.toAssign).toBe(90_000n);
  });

  it('covers cash spending first, then the cards in their order; a refund moves back out', () => {
    const visa = onCard(NOV, VISA, FUN, -3_000n);
    const amex = onCard(NOV, AMEX, FUN, -3_000n);
    const refund = onCard(NOV, VISA, GROCERIES, 2_000n);
    const h = history({
      flows: [
        { month: NOV, categoryId: null, cents: 100_000n },
        { month: NOV, categoryId: FUN, cents: -1_000n },
        visa.flow,
        amex.flow,
        refund.flow,
      ],
      moves: [assign(NOV, FUN, 5_000n)],
      cardSpending: [visa.spent, amex.spent, refund.spent],
    });
    const { current } = budgetMonth(h, NOV);
    // Fun had 5,000, spent 1,000 in cash: 3,000 covers Visa, 1,000 of Amex's 3,000.
    expect(envelope(current, AMEX)).toMatchObject({ covered: 1_000n, uncoveredSpending: 2_000n });
    expect(envelope(current, VISA).covered).toBe(3_000n - 2_000n);
    expect(category(current, FUN)).toMatchObject({ available: -2_000n, cardDebt: 2_000n });
  });

  it('takes overspending in cash from next month as any category, the card part not', () => {
    const fun = onCard(NOV, VISA, FUN, -4_000n);
    const h = history({
      flows: [
        { month: NOV, categoryId: null, cents: 50_000n },
        { month: NOV, categoryId: FUN, cents: -3_000n },
        fun.flow,
      ],
      cardSpending: [fun.spent],
    });
    const { current: nov } = budgetMonth(h, NOV);
    expect(category(nov, FUN)).toMatchObject({ available: -7_000n, cardDebt: 4_000n });
    const { current: dec } = budgetMonth(h, DEC);
    expect(dec.parts.overspendingFromLastMonth).toBe(-3_000n);
  });
});

const MONTHS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-05-01'];
const CATEGORIES = [GROCERIES, FUN];
const CARDS = [VISA, AMEX];
const month = fc.constantFrom(...MONTHS);
const cents = fc.bigInt({ min: -40_000n, max: 40_000n });
const place = fc.constantFrom<string | null>(null, ...CATEGORIES, ...CARDS);

const move: fc.Arbitrary<MonthMove> = fc.oneof(
  fc.record({
    month,
    kind: fc.constant('assign' as const),
    to: fc.constantFrom(...CATEGORIES, ...CARDS),
    from: fc.constant(null),
    cents,
  }),
  fc.record({
    month,
    kind: fc.constantFrom('move' as const, 'cover' as const),
    to: place,
    from: place,
    cents: fc.bigInt({ min: 1n, max: 40_000n }),
  }),
  fc.record({
    month,
    kind: fc.constant('hold' as const),
    to: fc.constant('held'),
    from: fc.constant(null),
    cents: fc.bigInt({ min: 0n, max: 20_000n }),
  }),
);

describe('the identity with card envelopes (property)', () => {
  it("To assign + held + categories + envelopes + this month's card debt = the cash", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ month, categoryId: fc.constantFrom(null, ...CATEGORIES), cents }), {
          maxLength: 20,
        }),
        fc.array(
          fc.record({
            month,
            cardId: fc.constantFrom(...CARDS),
            categoryId: fc.constantFrom(...CATEGORIES),
            cents,
          }),
          { maxLength: 20 },
        ),
        fc.array(fc.record({ month, cardId: fc.constantFrom(...CARDS), cents }), {
          maxLength: 8,
        }),
        fc.array(move, { maxLength: 25 }),
        fc.constantFrom('surplus' as const, 'both' as const, 'none' as const),
        (cash, spending, payments, moves, ruleOfFun) => {
          const h = history({
            flows: [
              ...cash,
              ...spending.map((s) => ({
                month: s.month,
                categoryId: s.categoryId,
                cents: s.cents,
              })),
            ],
            cardSpending: spending,
            cardPayments: payments,
            moves,
            rules: [
              { id: 1n, month: MONTHS[0] ?? '', categoryId: FUN, rule: ruleOfFun, capCents: null },
            ],
          });
          for (const m of [...MONTHS, '2026-04-01', '2026-07-01']) {
            const onHand =
              cash.filter((f) => f.month <= m).reduce((sum, f) => sum + f.cents, 0n) -
              payments.filter((p) => p.month <= m).reduce((sum, p) => sum + p.cents, 0n);
            const { current } = budgetMonth(h, m);
            let left = current.toAssign - current.parts.heldForNextMonth;
            for (const c of current.categories.values()) left += c.available + c.cardDebt;
            for (const e of current.envelopes.values()) left += e.available;
            expect(left, m).toBe(onHand);
            let debt = 0n;
            for (const c of current.categories.values()) debt += c.cardDebt;
            let uncovered = 0n;
            for (const e of current.envelopes.values()) uncovered += e.uncoveredSpending;
            expect(uncovered, m).toBe(debt);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
