import type { DbOrTx } from '../../db/connect.js';
import type { Actor } from '../../lib/actor.js';
import type { BudgetSettings } from '../../../shared/schemas/budget.js';
import { lockBudget, readCardEnvelopesOn, writeCardEnvelopesOn } from './budget-repository.js';

/** The book's budget settings (docs/budgets.md#credit-cards). */
export async function readBudgetSettings(db: DbOrTx, bookId: string): Promise<BudgetSettings> {
  return { cardEnvelopes: await readCardEnvelopesOn(db, bookId) };
}

/**
 * Sets them, under the budget lock: an action that reads the months (a move's "only so much is
 * available") never sees half of a change that recomputes every month.
 */
export async function setBudgetSettings(
  db: DbOrTx,
  actor: Actor,
  input: BudgetSettings,
): Promise<BudgetSettings> {
  await lockBudget(db, actor.bookId);
  await writeCardEnvelopesOn(db, actor.bookId, input.cardEnvelopes);
  return readBudgetSettings(db, actor.bookId);
}
