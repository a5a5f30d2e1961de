import { isCalendarDate } from '../../../shared/dates.js';
import { SEARCH_QUERY_MAX, TAG_MAX } from '../../../shared/limits.js';
import { hasAtMostTwoDecimals } from '../../../shared/money.js';
import type {
  SearchTransactionsInput,
  TransactionSort,
} from '../../../shared/schemas/ledger-query.js';

/**
 * The Transactions page's view as it lives in the URL (bookmarkable): search words, filters,
 * sort, and the entry open in the side panel. Parsing is forgiving (a hand-edited or stale URL
 * drops what it cannot use instead of failing the page); it runs in the route definition, in
 * the entry chunk, so it uses no zod (docs/client.md#chunks-and-the-first-load-budget).
 */
export interface TransactionSearch {
  q?: string;
  account?: string;
  /** A category id, or 'none' for uncategorised. */
  category?: string;
  tag?: string;
  type?: 'deposit' | 'withdraw' | 'expense' | 'transfer';
  /** Amount bounds in currency units. */
  min?: number;
  max?: number;
  /** occurredOn bounds, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  sort?: TransactionSort;
  /** The entry shown in the side panel. */
  entry?: string;
}

const TYPES = new Set(['deposit', 'withdraw', 'expense', 'transfer']);
const SORTS = new Set(['date_desc', 'date_asc', 'amount_desc', 'amount_asc']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Largest amount bound the server accepts (MAX_OPERATION_CENTS in units). */
const MAX_BOUND = 1_000_000_000;

/** The router hands over JSON-parsed values: "2024" may arrive as a number. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

function id(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

function amount(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > MAX_BOUND) return undefined;
  return hasAtMostTwoDecimals(n) ? n : undefined;
}

function date(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDate(value) ? value : undefined;
}

function member<T extends string>(set: Set<string>, value: unknown): T | undefined {
  return typeof value === 'string' && set.has(value) ? (value as T) : undefined;
}

/** Drops undefined fields, so the URL carries only what is set. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** `validateSearch` of /transactions: whatever the URL holds, a view the page can show. */
export function parseTransactionSearch(raw: Record<string, unknown>): TransactionSearch {
  const search: TransactionSearch = {
    q: text(raw.q, SEARCH_QUERY_MAX),
    account: id(raw.account),
    category: raw.category === 'none' ? 'none' : id(raw.category),
    tag: text(raw.tag, TAG_MAX)?.toLowerCase(),
    type: member(TYPES, raw.type),
    min: amount(raw.min),
    max: amount(raw.max),
    from: date(raw.from),
    to: date(raw.to),
    sort: member<TransactionSort>(SORTS, raw.sort),
    entry: id(raw.entry),
  };
  // Bounds the wrong way round would be refused by the server: the later one is dropped.
  if (search.min !== undefined && search.max !== undefined && search.min > search.max) {
    search.max = undefined;
  }
  if (search.from && search.to && search.from > search.to) search.to = undefined;
  if (search.sort === 'date_desc') search.sort = undefined;
  return compact(search);
}

/** The list query for a view: the same filters under the API's names (the entry is not one). */
export function searchInput(search: TransactionSearch): SearchTransactionsInput {
  return compact({
    q: search.q,
    accountId: search.account,
    categoryId: search.category,
    tag: search.tag,
    type: search.type,
    minAmount: search.min,
    maxAmount: search.max,
    dateFrom: search.from,
    dateTo: search.to,
    sort: search.sort,
  });
}

/**
 * The query string of GET /api/transactions/export.csv for a view: the list's own parameters
 * (filters, search and sort), so the file holds exactly the rows the page shows, every page.
 */
export function exportQuery(search: TransactionSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchInput(search))) {
    params.set(key, String(value));
  }
  return params.toString();
}

/** Whether the view narrows the list at all (the empty state says "no match" rather than "none"). */
export function isFiltered(search: TransactionSearch): boolean {
  const { entry: _entry, sort: _sort, ...filters } = search;
  return Object.values(filters).some((value) => value !== undefined);
}
