import { trpc } from '../../lib/trpc.js';

/**
 * After money moves (deposit, withdrawal, expense) or an account changes, every cached view of
 * balances and the ledger is stale: accounts (list and details), expenses and transactions.
 */
export function useInvalidateMoney() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.account.invalidate(),
      utils.expense.invalidate(),
      utils.transaction.invalidate(),
    ]);
}
