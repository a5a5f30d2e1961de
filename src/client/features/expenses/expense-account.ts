import type { Account } from '../../../shared/schemas/account.js';

/** The account an expense was paid from, as a person reads it. */
export type ExpenseAccount =
  { kind: 'none' } | { kind: 'deleted' } | { kind: 'account'; id: string; title: string };

export function expenseAccount(accountId: string | null, accounts: Account[]): ExpenseAccount {
  if (!accountId) return { kind: 'none' };
  const account = accounts.find((candidate) => candidate.id === accountId);
  return account ? { kind: 'account', id: account.id, title: account.title } : { kind: 'deleted' };
}
