import type { Account } from '../../../shared/schemas/account.js';

/** The name to show for an expense's account: its title, "No account" or "Deleted account". */
export function expenseAccountTitle(accountId: string | null, accounts: Account[]): string {
  if (!accountId) return 'No account';
  return accounts.find((account) => account.id === accountId)?.title ?? 'Deleted account';
}
