import type { Db } from '../../../db/connect.js';
import type { EntryType } from '../../../db/schema.js';
import { notFound } from '../../../lib/app-error.js';
import { findAccount, findAllAccountCurrencies } from '../../accounts/index.js';
import { findBookBaseCurrency } from '../../books/index.js';
import { assertAmountsIn } from '../../../lib/currency-amount.js';
import type { AmountField } from '../../../../shared/currency-amounts.js';
import { amountFilter } from './amount-bounds.js';
import { findCategory } from '../../categories/index.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { isExactInJson } from '../../../../shared/money.js';
import { minorUnitsToUnits } from '../../../../shared/currency-money.js';
import { centsFromDb } from '../../../db/cents.js';
import type { AccountLedgerPage } from '../../../../shared/schemas/ledger-query.js';
import type { EntryRow } from '../entries/entry-repository.js';
import {
  EXPENSE_PAGE_DEFAULT,
  PAYEE_SUGGESTIONS_MAX,
  SUMMARY_ROWS_MAX,
} from '../../../../shared/limits.js';
import { TRANSACTIONS_PAGE_DEFAULT, type Transaction } from '../../../../shared/schemas/ledger.js';
import type {
  ExpensePageInput,
  PayeeSuggestion,
  SearchTransactionsInput,
  TransactionSort,
  TransactionSummary,
  TransactionSummaryInput,
} from '../../../../shared/schemas/ledger-query.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import {
  accountPageWithStartBalance,
  categoriesMatchingWords,
  entriesSplitInto,
  findPayees,
  findTags,
  searchEntries,
  summarizeEntries,
  type EntrySearch,
} from './search-repository.js';
import { toTransactions } from '../entries/transaction-view.js';

// The ledger's lists (docs/ledger.md#search-filters-sorts-and-cursors): GET /api/transactions
// with search, filters and sorts, the expenses lists, payee suggestions and tags.

/** Tags in one answer of GET /api/tags. */
export const TAG_LIST_MAX = 500;
/** Search words used from one query (more add nothing a person would miss). */
const SEARCH_WORDS_MAX = 10;

const ENTRY_TYPES_OF = {
  deposit: ['deposit'],
  withdraw: ['withdraw'],
  expense: ['expense'],
  transfer: ['transfer_in', 'transfer_out'],
} as const satisfies Record<string, readonly EntryType[]>;

export interface Page {
  items: Transaction[];
  nextCursor: string | null;
}

/** The distinct words of a query, in order: a word is anything between spaces. */
export function searchWords(q: string | undefined): string[] {
  if (q === undefined) return [];
  return [...new Set(q.split(/\s+/).filter((word) => word !== ''))].slice(0, SEARCH_WORDS_MAX);
}

/**
 * Another book's or a deleted account answers 404, the same as one that never existed; else its
 * currency.
 */
async function assertBookAccount(db: Db, bookId: string, accountId: string): Promise<string> {
  const account = await findAccount(db, bookId, accountId);
  if (!account) throw notFound();
  return account.currency;
}

/** The value of a settled promise already known not to have been rejected. */
function settled<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

async function assertBookCategory(db: Db, bookId: string, categoryId: string): Promise<void> {
  if (!(await findCategory(db, bookId, categoryId))) throw notFound(MESSAGES.categoryNotFound);
}

/** One page of a search: a row more than asked says whether another page follows. */
async function pageOf(db: Db, search: EntrySearch): Promise<Page> {
  const limit = search.limit ?? TRANSACTIONS_PAGE_DEFAULT;
  const rows = await searchEntries(db, { ...search, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toTransactions(db, search.bookId, page),
    nextCursor: rows.length > limit && last ? encodeCursor(search.sort, last) : null,
  };
}

/** The filters of a view, with the ids checked and the words' categories found. */
type ViewFilters = Omit<EntrySearch, 'sort' | 'after' | 'limit'>;

/**
 * The currencies a view's amounts are in: one account's, or the book's base and every account's
 * (docs/money.md#account-currency). Read only when a view has amount bounds or is summed.
 */
interface CurrencyScope {
  /** The account's currency, or the base currency across the book. */
  currency: string;
  /** null: one account; else every account of the book and its currency. */
  accounts: ReadonlyMap<string, string> | null;
}

async function currencyScope(
  db: Db,
  bookId: string,
  accountCurrency: string | null,
): Promise<CurrencyScope> {
  if (accountCurrency !== null) return { currency: accountCurrency, accounts: null };
  const [currency, accounts] = await Promise.all([
    findBookBaseCurrency(db, bookId),
    findAllAccountCurrencies(db, bookId),
  ]);
  return { currency, accounts };
}

const MIN_AMOUNT_FIELD: AmountField = { label: 'minAmount', floor: 'zero', ceiling: 'operation' };
const MAX_AMOUNT_FIELD: AmountField = { label: 'maxAmount', floor: 'zero', ceiling: 'operation' };

/**
 * minAmount and maxAmount, judged in the view's currency (400 at the field, decision 035), as
 * minor units of each entry's currency.
 */
function amountBoundsOf(
  input: { minAmount?: number | undefined; maxAmount?: number | undefined },
  scope: CurrencyScope,
) {
  assertAmountsIn(
    [
      ...(input.minAmount === undefined
        ? []
        : [{ units: input.minAmount, field: MIN_AMOUNT_FIELD, path: 'minAmount' }]),
      ...(input.maxAmount === undefined
        ? []
        : [{ units: input.maxAmount, field: MAX_AMOUNT_FIELD, path: 'maxAmount' }]),
    ],
    scope.currency,
  );
  return amountFilter(
    { min: input.minAmount, max: input.maxAmount },
    scope.currency,
    scope.accounts,
  );
}

/**
 * Reads what a view's filters need before its rows: an unknown account or category answers 404
 * (the account said first, whichever answered first), and each word's matching categories.
 */
async function resolveFilters(
  db: Db,
  bookId: string,
  input: TransactionSummaryInput,
  options: { scoped?: boolean } = {},
): Promise<ViewFilters & { scope: CurrencyScope | null }> {
  const words = searchWords(input.q);
  const categoryId = input.categoryId === 'none' ? undefined : input.categoryId;
  // Independent reads, side by side (each is one indexed lookup).
  const [account, category, matched, splitEntryIds] = await Promise.allSettled([
    input.accountId === undefined ? null : assertBookAccount(db, bookId, input.accountId),
    categoryId === undefined ? null : assertBookCategory(db, bookId, categoryId),
    categoriesMatchingWords(db, bookId, words),
    categoryId === undefined ? [] : entriesSplitInto(db, bookId, categoryId),
  ]);
  for (const outcome of [account, category, matched, splitEntryIds]) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  const bounded = input.minAmount !== undefined || input.maxAmount !== undefined;
  const scope =
    bounded || options.scoped ? await currencyScope(db, bookId, settled(account)) : null;
  return {
    scope,
    bookId,
    accountId: input.accountId,
    types: input.type === undefined ? undefined : ENTRY_TYPES_OF[input.type],
    createdFrom: input.from === undefined ? undefined : new Date(input.from),
    createdTo: input.to === undefined ? undefined : new Date(input.to),
    words: settled(matched),
    category:
      input.categoryId === undefined
        ? undefined
        : input.categoryId === 'none'
          ? { kind: 'none' }
          : { kind: 'one', id: input.categoryId, splitEntryIds: settled(splitEntryIds) },
    tag: input.tag,
    amounts: scope === null ? undefined : amountBoundsOf(input, scope),
    dateFrom: input.dateFrom,
    dateTo: input.dateTo,
    transfers: input.transfers,
  };
}

/** GET /api/transactions: the book's live entries matching every filter, one page. */
export async function searchTransactions(
  db: Db,
  bookId: string,
  input: SearchTransactionsInput,
): Promise<Page> {
  const sort: TransactionSort = input.sort ?? 'date_desc';
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, sort);
  const { scope: _scope, ...filters } = await resolveFilters(db, bookId, input);
  return pageOf(db, {
    ...filters,
    sort,
    after,
    limit: input.limit ?? TRANSACTIONS_PAGE_DEFAULT,
  });
}

/**
 * GET /api/transactions/summary: how many entries a view holds and the money in and out among
 * them, for the whole view, not a page. One statement reading at most SUMMARY_ROWS_MAX entries
 * (decision 028): a larger view answers its lower bound and no figures, never a partial sum.
 */
export async function summarizeTransactions(
  db: Db,
  bookId: string,
  input: TransactionSummaryInput,
): Promise<TransactionSummary> {
  const { scope, ...filters } = await resolveFilters(db, bookId, input, { scoped: true });
  const row = await summarizeEntries(db, filters, SUMMARY_ROWS_MAX);
  const count = Number(row.count);
  if (count > SUMMARY_ROWS_MAX) {
    return { count: SUMMARY_ROWS_MAX, complete: false, moneyIn: null, moneyOut: null, net: null };
  }
  const inCents = BigInt(row.in_cents);
  const outCents = BigInt(row.out_cents);
  const currency = scope ? singleCurrency(scope) : null;
  // 25,000 of the largest deposits pass what a JSON number holds to the cent: no figure rather
  // than one a cent off (docs/money.md#sums-past-the-exact-range). Neither is there one for a
  // view over accounts in different currencies: their minor units do not add up.
  if (currency === null || ![inCents, outCents, inCents - outCents].every(isExactInJson)) {
    return { count, complete: true, moneyIn: null, moneyOut: null, net: null };
  }
  return {
    count,
    complete: true,
    moneyIn: minorUnitsToUnits(inCents, currency),
    moneyOut: minorUnitsToUnits(outCents, currency),
    net: minorUnitsToUnits(inCents - outCents, currency),
  };
}

/** The one currency of every entry a view may hold, or null when they may be in several. */
function singleCurrency(scope: CurrencyScope): string | null {
  if (scope.accounts === null) return scope.currency;
  for (const code of scope.accounts.values()) if (code !== scope.currency) return null;
  return scope.currency;
}

/**
 * GET /api/expenses and /api/expenses/by-account/{accountId}: newest day first, one page at a
 * time (EXPENSE_PAGE_DEFAULT rows unless `limit` says otherwise): never the whole list, which
 * grows without bound (issue 10, finding 6; docs/ledger.md#search-filters-sorts-and-cursors).
 */
export async function listExpensesPage(
  db: Db,
  bookId: string,
  input: ExpensePageInput & { accountId?: string | undefined },
): Promise<Page> {
  const sort: TransactionSort = 'date_desc';
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, sort);
  if (input.accountId !== undefined) await assertBookAccount(db, bookId, input.accountId);
  return pageOf(db, {
    bookId,
    sort,
    after,
    accountId: input.accountId,
    types: ['expense'],
    limit: input.limit ?? EXPENSE_PAGE_DEFAULT,
  });
}

/** An entry's effect on its account's balance, in cents. */
const signedCents = (row: Pick<EntryRow, 'transaction_type' | 'amount_cents'>): bigint => {
  const cents = centsFromDb(row.amount_cents);
  return row.transaction_type === 'deposit' || row.transaction_type === 'transfer_in'
    ? cents
    : -cents;
};

/**
 * GET /api/account/{id}/transactions: one account's live entries, newest first, each with the
 * balance after it (docs/ledger.md#running-balance). The page is read by keyset; the balance
 * after its first row comes with it in the same statement, and each next row's is the one
 * before less that row's effect, in cents.
 */
export async function accountLedgerPage(
  db: Db,
  bookId: string,
  input: { id: string; limit?: number | undefined; cursor?: string | undefined },
): Promise<AccountLedgerPage> {
  const sort: TransactionSort = 'date_desc';
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, sort);
  const currency = await assertBookAccount(db, bookId, input.id);
  const limit = input.limit ?? TRANSACTIONS_PAGE_DEFAULT;
  const rows = await accountPageWithStartBalance(db, {
    bookId,
    accountId: input.id,
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const transactions = await toTransactions(db, bookId, page);
  let balance = page[0] ? centsFromDb(page[0].balance_start_cents) : 0n;
  const items = transactions.map((transaction, i) => {
    const balanceAfter = minorUnitsToUnits(balance, currency);
    balance -= signedCents(page[i] as EntryRow);
    return { ...transaction, balanceAfter };
  });
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(sort, last) : null,
  };
}

export async function suggestPayees(
  db: Db,
  bookId: string,
  q: string | undefined,
): Promise<PayeeSuggestion[]> {
  const rows = await findPayees(db, bookId, q, PAYEE_SUGGESTIONS_MAX);
  return rows.map((row) => ({
    payee: row.payee,
    uses: row.uses,
    lastCategoryId: row.last_category_id,
  }));
}

export function listTags(db: Db, bookId: string): Promise<{ tag: string; uses: number }[]> {
  return findTags(db, bookId, TAG_LIST_MAX);
}
