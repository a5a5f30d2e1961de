import { trpc, type TrpcUtils } from '../../lib/trpc.js';
import { unwrap } from '../../lib/envelope.js';

/**
 * The budget's reads (docs/client.md#the-budget-screen). The route's loader starts the month's
 * request, so this module stays light (it ships in the entry chunk): the mutations, which only
 * the lazily loaded screen uses, are in budget-mutations.ts.
 */

/** One month of the envelope budget: To assign, and every spending category's figures. */
export function useBudgetMonth(month: string) {
  return trpc.budget.month.useQuery({ month }, { select: unwrap });
}

/** Not awaited: the route's loader starts the month while the screen's code downloads. */
export function prefetchBudgetMonth(utils: TrpcUtils, month: string): void {
  void utils.budget.month.prefetch({ month });
}

/** The book's budget settings: card envelopes, and the day budget periods start on. */
export function useBudgetSettings() {
  return trpc.budget.settings.useQuery({}, { select: unwrap });
}

export function prefetchBudgetSettings(utils: TrpcUtils): void {
  void utils.budget.settings.prefetch({});
}
