import type { BudgetHistory, CardPayment, CardSpending, MonthFlow } from './budget-months.js';
import type { FlowRow } from './budget-repository.js';

/**
 * The ledger's flows as the budget counts them (docs/budgets.md#credit-cards). A live card (one
 * with an envelope that its spending and payments move) differs from any other account in three
 * ways: its spending in a category is also met from that category's money into its envelope; a
 * transfer between it and a cash account is a payment from the envelope, not income or
 * spending (on neither side); and the rest of its money (interest, fees, cashback, a transfer to
 * a tracking account) changes its debt, not To assign.
 */
export function cardFlows(
  rows: readonly FlowRow[],
  liveCards: ReadonlySet<string>,
): Pick<BudgetHistory, 'flows' | 'cardSpending' | 'cardPayments'> {
  const flows: MonthFlow[] = [];
  const cardSpending: CardSpending[] = [];
  const cardPayments: CardPayment[] = [];
  for (const row of rows) {
    const cents = BigInt(row.base_cents);
    const categoryId = row.spending ? row.category_id : null;
    const card = row.card_id !== null && liveCards.has(row.card_id) ? row.card_id : null;
    if (card === null) {
      // A cash account's leg of a payment: the card's leg counts it.
      if (row.counter_card_id !== null && liveCards.has(row.counter_card_id)) continue;
      flows.push({ month: row.month, categoryId, cents });
    } else if (categoryId !== null) {
      flows.push({ month: row.month, categoryId, cents });
      cardSpending.push({ month: row.month, cardId: card, categoryId, cents });
    } else if (row.counter_cash) {
      cardPayments.push({ month: row.month, cardId: card, cents });
    }
  }
  return { flows, cardSpending, cardPayments };
}
