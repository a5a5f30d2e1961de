import type { Account } from '../../../shared/schemas/account.js';
import { minorUnitsPerUnit, unitsToMinorUnitsAt } from '../../../shared/currency-money.js';
import { displayCurrency } from '../../lib/display-currency.js';

/**
 * The sum of the balances when every account is in the book's base currency, added in exact
 * minor units (so 0.1 + 0.2 stays 0.30); null when any account is in another currency: adding
 * yen to dollars as if they were one currency would be a lie, so that total comes converted
 * from the server instead (GET /api/analytics/net-worth, docs/money.md#not-converted).
 */
export function totalBalance(accounts: readonly Account[], baseCurrency: string): number | null {
  if (accounts.some((account) => account.currency !== baseCurrency)) return null;
  const { exponent } = displayCurrency(baseCurrency);
  const minor = accounts.reduce(
    (sum, account) => sum + unitsToMinorUnitsAt(account.balance, exponent),
    0n,
  );
  // Division of two exact doubles is correctly rounded: the double nearest the decimal.
  return Number(minor) / Number(minorUnitsPerUnit(exponent));
}
