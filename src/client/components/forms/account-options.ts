import type { Account } from '../../../shared/schemas/account.js';
import { formatMoney } from '../../lib/format.js';
import type { SelectOption } from '../ui/select.js';

/** The accounts a money form offers, each with its balance in its currency ("Savings ($1,200.00)"). */
export function accountOptions(accounts: readonly Account[], none?: SelectOption): SelectOption[] {
  return [
    ...(none ? [none] : []),
    ...accounts.map((account) => ({
      value: account.id,
      label: `${account.title} (${formatMoney(account.balance, account.currency)})`,
    })),
  ];
}
