import type { DbOrTx } from '../../db/connect.js';
import type { Actor } from '../../lib/actor.js';
import type { BudgetSettings, BudgetSettingsChange } from '../../../shared/schemas/budget.js';
import {
  lockBudget,
  lockBudgetRefresh,
  markEveryMonth,
  readBudgetBookSettings,
  writeBudgetBookSettings,
} from './budget-repository.js';

/** The book's budget settings (docs/budgets.md#credit-cards, #budget-periods). */
export async function readBudgetSettings(db: DbOrTx, bookId: string): Promise<BudgetSettings> {
  return readBudgetBookSettings(db, bookId);
}

/**
 * Changes them, under the budget lock: an action that reads the months (a move's "only so much
 * is available") never sees half of a change that recomputes every month. New budget periods
 * move entries between months: every month is summed again, and the lock that sums marks is
 * held too, so no read sums a month by the old periods after the marks are written.
 */
export async function setBudgetSettings(
  db: DbOrTx,
  actor: Actor,
  input: BudgetSettingsChange,
): Promise<BudgetSettings> {
  await lockBudget(db, actor.bookId);
  const now = await readBudgetBookSettings(db, actor.bookId);
  const next: BudgetSettings = {
    cardEnvelopes: input.cardEnvelopes ?? now.cardEnvelopes,
    periodStartDay: input.periodStartDay ?? now.periodStartDay,
    periodWeekend: input.periodWeekend ?? now.periodWeekend,
  };
  const periodsChange =
    next.periodStartDay !== now.periodStartDay || next.periodWeekend !== now.periodWeekend;
  if (periodsChange) await lockBudgetRefresh(db, actor.bookId);
  await writeBudgetBookSettings(db, actor.bookId, next);
  if (periodsChange) await markEveryMonth(db, actor.bookId);
  return next;
}
