import { AppError } from '../../../lib/app-error.js';
import { isCalendarDate } from '../../../../shared/dates.js';
import {
  TRANSACTION_SORTS,
  type TransactionSort,
} from '../../../../shared/schemas/ledger-query.js';
import type { EntryRow } from '../entries/entry-repository.js';
import type { KeysetPosition } from './search-repository.js';

// Keyset cursors of the ledger lists (docs/ledger.md#search-filters-sorts-and-cursors): the sort
// and the last row's (key, seq), so the next page starts strictly after it in that order. Opaque
// to callers; a cursor of another sort is refused rather than read in the wrong order.

const MAX_BIGINT = 9_223_372_036_854_775_807n;

export const INVALID_CURSOR = 'Invalid cursor';
export const cursorOfOtherSort = (cursorSort: TransactionSort, sort: TransactionSort) =>
  `This cursor belongs to the ${cursorSort} order, not ${sort}; start again without a cursor`;

const isDateSort = (sort: TransactionSort) => sort === 'date_desc' || sort === 'date_asc';

/** The key of a row in a sort: its date or its amount in cents. */
function keyOf(sort: TransactionSort, row: Pick<EntryRow, 'occurred_on' | 'amount_cents'>) {
  return isDateSort(sort) ? row.occurred_on : String(row.amount_cents);
}

export function encodeCursor(
  sort: TransactionSort,
  row: Pick<EntryRow, 'occurred_on' | 'amount_cents' | 'seq'>,
): string {
  return Buffer.from(`${sort}:${keyOf(sort, row)}:${row.seq}`, 'utf8').toString('base64url');
}

const isBigint = (text: string) => /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_BIGINT;

/** The position a cursor names in `sort`; a 400 for anything we could not have written. */
export function decodeCursor(cursor: string, sort: TransactionSort): KeysetPosition {
  const [cursorSort, key, seq, ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split(':');
  const known = TRANSACTION_SORTS.find((s) => s === cursorSort);
  if (!known || key === undefined || seq === undefined || rest.length > 0 || !isBigint(seq)) {
    throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
  }
  const keyValid = isDateSort(known)
    ? /^\d{4}-\d{2}-\d{2}$/.test(key) && isCalendarDate(key)
    : isBigint(key);
  if (!keyValid) throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
  if (known !== sort) throw new AppError('VALIDATION_ERROR', cursorOfOtherSort(known, sort));
  return { key, seq };
}
