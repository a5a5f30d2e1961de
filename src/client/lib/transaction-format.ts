import type { Transaction } from '../../shared/schemas/ledger.js';
import { formatMoney } from './format.js';

/** "expense" -> "Expense": the badge text for a ledger entry's type. */
export function transactionTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Money in is positive, money out negative: "+$10.00" / "-$10.00". */
export function signedAmount(
  transaction: Pick<Transaction, 'amount' | 'transactionType'> &
    Partial<Pick<Transaction, 'accountId' | 'transfer'>>,
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
  return { text: incoming ? `+${formatMoney(amount)}` : formatMoney(-amount), incoming };
}
