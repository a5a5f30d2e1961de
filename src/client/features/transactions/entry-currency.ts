import type { Account } from '../../../shared/schemas/account.js';
import { displayCurrency } from '../../lib/display-currency.js';
import type { DisplayCurrency } from '../../lib/format.js';

/**
 * The currency an entry's amount is typed in, by the account chosen (docs/client.md#one-entry-form):
 * that account's; no account (an expense paid from none) is the book's base currency, as the
 * server keeps it. An account no longer listed (deleted since) keeps the saved entry's currency.
 */
export function entryCurrencyOf(
  accounts: readonly Pick<Account, 'id' | 'currency'>[],
  baseCurrency: string,
  saved?: { accountId: string | null; currency: string },
): (accountId: string) => DisplayCurrency {
  const byId = new Map(accounts.map((account) => [account.id, account.currency]));
  return (accountId) => {
    const listed = byId.get(accountId);
    if (listed !== undefined) return displayCurrency(listed);
    if (saved && saved.accountId === accountId) return displayCurrency(saved.currency);
    return displayCurrency(baseCurrency);
  };
}
