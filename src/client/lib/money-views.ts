import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { TrpcUtils } from './trpc.js';

type MoneyViewUtils = Pick<
  TrpcUtils,
  'account' | 'expense' | 'transaction' | 'analytics' | 'budget'
>;

/**
 * After money moves (deposit, withdrawal, expense) or an account is deleted, every cached view
 * of balances and the ledger is stale: accounts (list and details), expenses, transactions and
 * the analytics figures and the budget computed from them.
 * The one definition every mutation that moves money uses.
 */
export async function invalidateMoneyViews(
  utils: MoneyViewUtils,
  filters?: InvalidateQueryFilters,
): Promise<void> {
  await Promise.all([
    utils.account.invalidate(undefined, filters),
    utils.expense.invalidate(undefined, filters),
    utils.transaction.invalidate(undefined, filters),
    utils.analytics.invalidate(undefined, filters),
    utils.budget.invalidate(undefined, filters),
  ]);
}
