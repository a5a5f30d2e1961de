import type { Account } from '../../../shared/schemas/account.js';

export const ACCOUNT_SORTS = [
  { value: 'latest', label: 'Latest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'balance-desc', label: 'Balance: High to Low' },
  { value: 'balance-asc', label: 'Balance: Low to High' },
] as const;

export type AccountSort = (typeof ACCOUNT_SORTS)[number]['value'];
export const DEFAULT_ACCOUNT_SORT: AccountSort = 'latest';

export function isAccountSort(value: unknown): value is AccountSort {
  return ACCOUNT_SORTS.some((sort) => sort.value === value);
}

/** What the list shows: the search typed and the order chosen. */
export interface AccountListView {
  search: string;
  sort: AccountSort;
}

/** The list's view as kept in the URL: `?q=...&sort=...`, each left out at its default. */
export interface AccountListSearch {
  q?: string;
  sort?: AccountSort;
}

export function parseAccountListSearch(search: Record<string, unknown>): AccountListSearch {
  const q = typeof search.q === 'string' && search.q ? search.q : undefined;
  const sort =
    isAccountSort(search.sort) && search.sort !== DEFAULT_ACCOUNT_SORT ? search.sort : undefined;
  return { ...(q !== undefined && { q }), ...(sort && { sort }) };
}

export function viewOfSearch(search: AccountListSearch): AccountListView {
  return { search: search.q ?? '', sort: search.sort ?? DEFAULT_ACCOUNT_SORT };
}

export function searchOfView(view: AccountListView): AccountListSearch {
  return parseAccountListSearch({ q: view.search, sort: view.sort });
}

/** Balances that are not numbers count as 0 when sorting (docs/product.md#screens). */
const balanceOf = (account: Account) => (Number.isFinite(account.balance) ? account.balance : 0);
const timeOf = (account: Account) => new Date(account.createdAt).getTime() || 0;

const COMPARATORS: Record<AccountSort, (a: Account, b: Account) => number> = {
  latest: (a, b) => timeOf(b) - timeOf(a),
  oldest: (a, b) => timeOf(a) - timeOf(b),
  'balance-desc': (a, b) => balanceOf(b) - balanceOf(a),
  'balance-asc': (a, b) => balanceOf(a) - balanceOf(b),
};

/** Case-insensitive substring search on title or description, then the chosen order. */
export function viewAccounts(accounts: Account[], search: string, sort: AccountSort): Account[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? accounts.filter(
        (account) =>
          account.title.toLowerCase().includes(needle) ||
          account.description.toLowerCase().includes(needle),
      )
    : accounts;
  return [...matching].sort(COMPARATORS[sort]);
}
