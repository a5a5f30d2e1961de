import type { Transaction } from '../../../shared/schemas/ledger.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { formatMoney } from '../../lib/format.js';

/**
 * Both amounts of a transfer between two currencies, in the person's locale, for its row:
 * "€100.00 → $108.50" (docs/ledger.md#between-two-currencies). Null for any other entry, and for
 * a transfer in one currency, whose row's amount already says it all.
 */
export function transferAmountsText(entry: Pick<Transaction, 'transfer'>): string | null {
  const link = entry.transfer;
  if (!link || link.fromCurrency === link.toCurrency) return null;
  const sent = formatMoney(link.amount, displayCurrency(link.fromCurrency));
  const received = formatMoney(link.receivedAmount, displayCurrency(link.toCurrency));
  return `${sent} → ${received}`;
}
