import { isNotFoundError } from '../../lib/api-error.js';
import { useDefaultAccountStore } from '../../stores/default-account-store.js';
import { useAccountExpenses, useAllExpenses } from './api.js';

/** Which expenses the list holds: the default account's, or all of them. */
export type ExpenseScope = 'default-account' | 'all' | 'default-missing';

/**
 * The default account's expenses when one is set; otherwise (or when that account is gone)
 * every expense.
 */
export function useExpenses() {
  const defaultAccountId = useDefaultAccountStore((state) => state.defaultAccountId);
  const byAccount = useAccountExpenses(defaultAccountId);
  const defaultMissing = Boolean(defaultAccountId) && isNotFoundError(byAccount.error);
  const useAll = !defaultAccountId || defaultMissing;
  const all = useAllExpenses({ enabled: useAll });

  const query = useAll ? all : byAccount;
  const scope: ExpenseScope = !defaultAccountId
    ? 'all'
    : defaultMissing
      ? 'default-missing'
      : 'default-account';
  return { query, scope, defaultAccountId };
}
