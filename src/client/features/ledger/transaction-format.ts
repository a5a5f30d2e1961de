import type { Transaction, TransactionType } from '../../../shared/schemas/ledger.js';
import { formatMoney } from '../../lib/format.js';

/** "expense" -> "Expense": the badge text for a ledger entry's type. */
export function transactionTypeLabel(type: TransactionType | string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Money in is positive, money out negative: "+$10.00" / "-$10.00". */
export function signedAmount(transaction: Pick<Transaction, 'amount' | 'transactionType'>): {
  text: string;
  incoming: boolean;
} {
  const incoming = transaction.transactionType === 'deposit';
  const amount = Math.abs(transaction.amount);
  return { text: incoming ? `+${formatMoney(amount)}` : formatMoney(-amount), incoming };
}
