import type { Account } from '../../../shared/schemas/account.js';

/** Sum of balances, added in whole cents so that 0.1 + 0.2 stays 0.30. */
export function totalBalance(accounts: Account[]): number {
  const cents = accounts.reduce((sum, account) => sum + Math.round(account.balance * 100), 0);
  return cents / 100;
}
