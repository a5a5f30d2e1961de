import type { DbOrTx } from '../../db/connect.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import type { BudgetCard } from '../../../shared/schemas/budget.js';
import type { MonthFigures } from './budget-months.js';
import { findBudgetCategory, readCardEnvelopes, type CardRow } from './budget-repository.js';

/**
 * The places money sits in a budget: spending categories and, with card envelopes, each credit
 * card's payment envelope, named by the card's account id (docs/budgets.md#credit-cards).
 */

/** What a card's payment envelope is called on screen and in messages. */
export const envelopeName = (cardName: string) => `${cardName} payment`;

/**
 * A place the book budgets, by name: one of its spending categories, or a card's payment
 * envelope. 404 when the id is neither the book's category nor an envelope of it; 422 for a
 * category that is not a spending one.
 */
export async function budgetPlace(db: DbOrTx, bookId: string, id: string): Promise<string> {
  const category = await findBudgetCategory(db, bookId, id);
  if (category !== undefined) {
    if (!category.spending) throw new AppError('UNPROCESSABLE', MESSAGES.notSpendingCategory);
    return category.name;
  }
  const card = (await readCardEnvelopes(db, bookId)).find((envelope) => envelope.id === id);
  if (card === undefined) throw notFound(MESSAGES.categoryNotFound);
  return envelopeName(card.name);
}

/** What a place has available in a month's figures (0 when nothing happened in it). */
export function availableAt(figures: MonthFigures, id: string): bigint {
  return figures.categories.get(id)?.available ?? figures.envelopes.get(id)?.available ?? 0n;
}

/** The month's payment envelopes as the API answers them, in the cards' order. */
export function envelopeRows(
  figures: MonthFigures,
  cards: readonly CardRow[],
  owed: ReadonlyMap<string, bigint>,
  units: (cents: bigint) => number,
): BudgetCard[] {
  return cards.flatMap((card) => {
    const f = figures.envelopes.get(card.id);
    if (f === undefined) return [];
    return [
      {
        accountId: card.id,
        name: envelopeName(card.name),
        active: card.live,
        carriedIn: units(f.carriedIn),
        assigned: units(f.assigned),
        covered: units(f.covered),
        payments: units(f.payments),
        available: units(f.available),
        uncoveredSpending: units(f.uncoveredSpending),
        owed: card.live ? units(owed.get(card.id) ?? 0n) : null,
      },
    ];
  });
}
