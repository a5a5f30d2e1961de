import { groupByMonth, nextMonth, type BudgetHistory } from './budget-months.js';

/**
 * Plan against actual (docs/budgets.md#plan-against-actual): per spending category and month,
 * what was budgeted (assigned, moves and covers in and out: the grid's Assigned) and what was
 * spent (the grid's Activity with its sign turned: refunds lower it). No carry enters either
 * figure, so a month needs nothing from the months before it.
 */

export interface PlanCell {
  budgeted: bigint;
  spent: bigint;
}

export interface PlanFigures {
  /** Every month from `from` to `to` ('YYYY-MM-01'), both included. */
  months: string[];
  /** Per category, one cell per month in the order of `months`. */
  categories: Map<string, PlanCell[]>;
}

/** The months from `from` to `to` ('YYYY-MM-01'), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

export function planVsActual(history: BudgetHistory, from: string, to: string): PlanFigures {
  const months = monthsBetween(from, to);
  const events = groupByMonth(history, to);
  const categoryIds = new Set(history.categoryIds);
  for (const month of months) {
    const monthEvents = events.get(month);
    if (monthEvents === undefined) continue;
    for (const id of monthEvents.flows.keys()) categoryIds.add(id);
    for (const id of monthEvents.assignedNet.keys()) categoryIds.add(id);
  }
  // Payment envelopes are no spending category: what moves there is neither budgeted nor spent.
  for (const id of history.envelopeIds ?? []) categoryIds.delete(id);
  const categories = new Map<string, PlanCell[]>();
  for (const id of categoryIds) {
    categories.set(
      id,
      months.map((month) => {
        const monthEvents = events.get(month);
        return {
          budgeted: monthEvents?.assignedNet.get(id) ?? 0n,
          spent: -(monthEvents?.flows.get(id) ?? 0n),
        };
      }),
    );
  }
  return { months, categories };
}
