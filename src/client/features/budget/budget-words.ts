import type { BudgetAction, BudgetGoal, RolloverRule } from '../../../shared/schemas/budget.js';
import { formatMoney, type DisplayCurrency } from '../../lib/format.js';

/**
 * What the budget screen says in words (docs/client.md#the-budget-screen): the rollover rules,
 * each log row as a sentence, and who made it. Figures are handed in already written (`money`),
 * so the words stay the same in every locale and the sentence is tested without Intl.
 */

/** The four rules as a person reads them when choosing one. */
export const ROLLOVER_WORDS: Record<RolloverRule, { title: string; detail: string }> = {
  surplus: {
    title: 'Carry over what is left',
    detail:
      "What is left moves to next month. Overspending does not: it is taken from next month's To assign.",
  },
  both: {
    title: 'Carry over what is left and what is overspent',
    detail:
      'What is left moves to next month, and so does overspending: next month starts below 0.',
  },
  none: {
    title: 'Start every month at 0',
    detail:
      'Nothing moves to next month: what is left goes back to To assign, overspending is taken from it.',
  },
  capped: {
    title: 'Carry over up to a cap',
    detail:
      'What is left moves to next month up to the cap; the rest goes back to To assign. Overspending is taken from To assign.',
  },
};

/** A rule in a few words, for the grid and the explanation: "carry over up to $50.00". */
export function rolloverShort(rule: RolloverRule, cap: string | null): string {
  switch (rule) {
    case 'surplus':
      return 'carries over what is left';
    case 'both':
      return 'carries over what is left and what is overspent';
    case 'none':
      return 'starts every month at 0';
    case 'capped':
      return cap === null ? 'carries over up to a cap' : `carries over up to ${cap}`;
  }
}

/** Where money was or went: a category's name, or To assign (null). */
export function placeName(categoryId: string | null, names: ReadonlyMap<string, string>): string {
  if (categoryId === null) return 'To assign';
  return names.get(categoryId) ?? 'a category no longer listed';
}

/**
 * A log row as a sentence. `money(units)` writes a figure (unsigned: the words say the way).
 * `undone` is the sentence of the row an undo reverses, when it is known.
 */
export function actionSentence(
  action: Pick<BudgetAction, 'kind' | 'categoryId' | 'fromCategoryId' | 'amount' | 'rollover'>,
  names: ReadonlyMap<string, string>,
  money: (units: number) => string,
): string {
  const amount = money(Math.abs(action.amount));
  const to = placeName(action.categoryId, names);
  const from = placeName(action.fromCategoryId, names);
  switch (action.kind) {
    case 'assign':
      return action.amount < 0
        ? `Took ${amount} back from ${to === 'To assign' ? from : to} to To assign`
        : `Assigned ${amount} to ${to}`;
    case 'move':
      // Signed: what moved into categoryId from fromCategoryId; below 0 it went the other way.
      return action.amount < 0
        ? `Moved ${amount} from ${to} to ${from}`
        : `Moved ${amount} from ${from} to ${to}`;
    case 'cover':
      return `Covered ${amount} of overspending in ${to} from ${from}`;
    case 'hold':
      return action.amount < 0
        ? `Released ${amount} held for next month`
        : `Held ${amount} for next month`;
    case 'rollover': {
      const rule = action.rollover;
      if (!rule) return `Changed the rollover rule of ${to}`;
      const cap = rule.cap === null ? null : money(rule.cap);
      return `Changed the rollover rule of ${to}: it ${rolloverShort(rule.rule, cap)}`;
    }
    case 'undo':
      return 'Undid an earlier change';
  }
}

/** Who made a log row: "You", their email, or "A former member" (the user no longer exists). */
export function actionWho(actor: BudgetAction['actor'], myEmail: string | undefined): string {
  if (!actor) return 'A former member';
  return myEmail !== undefined && actor.email === myEmail ? 'You' : actor.email;
}

/**
 * Whether a log row can be undone from the screen: it still counts and nothing undid it. An undo
 * row can be undone too (docs/budgets.md#the-log): what it undid counts again.
 */
export function canUndo(action: Pick<BudgetAction, 'counts' | 'undoneById'>): boolean {
  return action.counts && action.undoneById === null;
}

/** "Goal: 1,200.00 by 2026-12 · 300.00 needed" under a category's name. */
export function goalLine(goal: BudgetGoal, currency: DisplayCurrency): string {
  const amount = formatMoney(goal.amount, currency);
  const what =
    goal.kind === 'by-date'
      ? `${amount} by ${goal.targetMonth ?? ''}`
      : goal.kind === 'monthly'
        ? `${amount} every month`
        : `refill up to ${amount}`;
  const needed =
    goal.needed > 0 ? `${formatMoney(goal.needed, currency)} needed` : 'met this month';
  return `Goal: ${what} · ${needed}`;
}
