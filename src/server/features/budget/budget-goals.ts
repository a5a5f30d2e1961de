import type { GoalKind, GoalStatus } from '../../../shared/schemas/budget.js';
import type { CategoryMonth } from './budget-months.js';

/**
 * What a goal asks of a month (docs/budgets.md#goals), in minor units, from the category's
 * figures of that month:
 *
 * - monthly N: N assigned every month; needs N less what this month already assigned.
 * - by-date N by month T: the rest of N (less what came over from last month) spread evenly over
 *   the months left up to T, rounded up to a whole minor unit so the last month is never short;
 *   needs this month's share less what it already assigned. From T on it needs nothing more.
 * - refill N: brings available up to N; needs N less available.
 *
 * `funded` and `target` give the progress the screens draw (funded / target, at most 1).
 */

export interface GoalRow {
  categoryId: string;
  kind: GoalKind;
  amountCents: bigint;
  /** 'YYYY-MM-01' for a by-date goal, else null. */
  targetMonth: string | null;
}

export interface GoalProgress {
  neededCents: bigint;
  fundedCents: bigint;
  targetCents: bigint;
  status: GoalStatus;
}

/** Whole months from `from` to `to` ('YYYY-MM-01'), both counted; 0 when `to` is before. */
export function monthsThrough(from: string, to: string): number {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  return Math.max(0, index(to) - index(from) + 1);
}

const positive = (cents: bigint) => (cents > 0n ? cents : 0n);

function ceilDivide(cents: bigint, parts: bigint): bigint {
  return (cents + parts - 1n) / parts;
}

export function goalProgress(goal: GoalRow, figures: CategoryMonth, month: string): GoalProgress {
  let needed: bigint;
  let funded: bigint;
  switch (goal.kind) {
    case 'monthly':
      funded = positive(figures.assigned);
      needed = positive(goal.amountCents - figures.assigned);
      break;
    case 'by-date': {
      funded = positive(figures.carriedIn + figures.assigned);
      const monthsLeft = BigInt(monthsThrough(month, goal.targetMonth ?? month));
      if (monthsLeft === 0n) {
        needed = 0n;
        break;
      }
      const share = ceilDivide(positive(goal.amountCents - figures.carriedIn), monthsLeft);
      needed = positive(share - figures.assigned);
      break;
    }
    case 'refill':
      funded = positive(figures.available);
      needed = positive(goal.amountCents - figures.available);
      break;
  }
  const target = goal.amountCents;
  const status: GoalStatus =
    needed === 0n && funded >= (goal.kind === 'by-date' ? target : 0n)
      ? 'completed'
      : funded > 0n
        ? 'in-progress'
        : 'pending';
  return {
    neededCents: needed,
    fundedCents: funded < target ? funded : target,
    targetCents: target,
    status,
  };
}
