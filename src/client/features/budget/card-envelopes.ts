import type { BudgetCard, BudgetCategory, BudgetMonth } from '../../../shared/schemas/budget.js';
import { minorUnitsOf, unitsOf } from '../../components/forms/typed-amounts.js';
import type { DisplayCurrency } from '../../lib/format.js';

/**
 * Credit-card payment envelopes on the budget screen (docs/budgets.md#credit-cards). The server
 * names an envelope by its card's account id wherever a category id goes, so the screen shows
 * and moves it as a category of the group "Credit card payments", with what only an envelope has
 * beside it.
 */

export const CARD_GROUP_ID = 'credit-card-payments';
export const CARD_GROUP_NAME = 'Credit card payments';

/** An envelope as a row of the grid: its activity is what came in for spending less payments. */
export function envelopeAsCategory(card: BudgetCard, currency: DisplayCurrency): BudgetCategory {
  const cents = (units: number) => minorUnitsOf(units, currency);
  return {
    categoryId: card.accountId,
    name: card.name,
    groupId: CARD_GROUP_ID,
    groupName: CARD_GROUP_NAME,
    archived: !card.active,
    carriedIn: card.carriedIn,
    assigned: card.assigned,
    activity: unitsOf(cents(card.covered) - cents(card.payments), currency),
    available: card.available,
    rollover: { rule: 'both', cap: null },
    overspent: card.available < 0,
    goal: null,
  };
}

/** Every place money can be moved to or from: the categories, then the envelopes. */
export function budgetPlaces(budget: BudgetMonth, currency: DisplayCurrency): BudgetCategory[] {
  return [...budget.categories, ...budget.cards.map((card) => envelopeAsCategory(card, currency))];
}

/** What the card owes beyond what its envelope holds (0 when the envelope covers it all). */
export function notCovered(card: BudgetCard, currency: DisplayCurrency): number {
  const cents = (units: number) => minorUnitsOf(units, currency);
  const held = cents(card.available) > 0n ? cents(card.available) : 0n;
  const short = cents(card.owed ?? 0) - held;
  return unitsOf(short > 0n ? short : 0n, currency);
}
