import type { Transaction } from '../../shared/schemas/ledger.js';
import { formatMoney, USD } from './format.js';

/** "expense" -> "Expense": the badge text for a ledger entry's type. */
export function transactionTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Money in is positive, money out negative: "+$10.00" / "-$10.00", in the entry's currency. */
export function signedAmount(
  transaction: Pick<Transaction, 'amount' | 'transactionType'> &
    Partial<Pick<Transaction, 'accountId' | 'transfer' | 'currency'>>,
): {
  text: string;
  incoming: boolean;
} {
  // A transfer's leg on the destination account is money in; the source's leg money out.
  const incoming =
    transaction.transactionType === 'deposit' ||
    (transaction.transactionType === 'transfer' &&
      transaction.transfer != null &&
      transaction.accountId === transaction.transfer.toAccountId);
  const amount = Math.abs(transaction.amount);
  const currency = transaction.currency ?? USD;
  return {
    text: incoming ? `+${formatMoney(amount, currency)}` : formatMoney(-amount, currency),
    incoming,
  };
}

/** An account's name for a transfer's label; a deleted account is no longer in the list. */
type AccountNames = ReadonlyMap<string, string>;
const nameOf = (names: AccountNames, id: string) => names.get(id) ?? 'a deleted account';

/**
 * What a transfer is called in a list (docs/client.md#transfers-in-lists): where every account
 * is listed, one row "Checking → Savings"; on one account's list (or a view of one account),
 * that account's leg names the other side: "Transfer to Savings", "Transfer from Checking".
 * Null for an entry that is not a transfer.
 */
export function transferLabel(
  entry: Pick<Transaction, 'transactionType' | 'transfer'>,
  names: AccountNames,
  viewedAccountId?: string,
): string | null {
  const link = entry.transactionType === 'transfer' ? entry.transfer : null;
  if (!link) return null;
  const from = nameOf(names, link.fromAccountId);
  const to = nameOf(names, link.toAccountId);
  if (viewedAccountId === undefined) return `${from} → ${to}`;
  return viewedAccountId === link.fromAccountId ? `Transfer to ${to}` : `Transfer from ${from}`;
}

/**
 * The amount a row shows: signed money in or out of the account(s) listed; a transfer shown as
 * one row moves money between the person's own accounts, so it is neither (no sign, no colour).
 */
export function rowAmount(
  entry: Pick<Transaction, 'amount' | 'transactionType' | 'accountId' | 'transfer'> &
    Partial<Pick<Transaction, 'currency'>>,
  viewedAccountId?: string,
): { text: string; tone: 'in' | 'out' | 'moved' } {
  if (entry.transactionType === 'transfer' && viewedAccountId === undefined) {
    return { text: formatMoney(Math.abs(entry.amount), entry.currency ?? USD), tone: 'moved' };
  }
  const signed = signedAmount(entry);
  return { text: signed.text, tone: signed.incoming ? 'in' : 'out' };
}

/** The colour of a row's amount by its tone. */
export const AMOUNT_TONE_CLASS = {
  in: 'text-emerald-700 dark:text-emerald-400',
  out: 'text-destructive',
  moved: 'text-foreground',
} as const;
