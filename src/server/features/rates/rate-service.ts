import type { DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { TRANSACTIONS_PAGE_DEFAULT } from '../../../shared/schemas/ledger.js';
import type {
  AddRateInput,
  ListRatesInput,
  Rate,
  RateImportResult,
} from '../../../shared/schemas/rate.js';
import { decodeRateCursor, encodeRateCursor } from './rate-cursor.js';
import {
  deleteRate,
  findRate,
  listRates,
  upsertManualRate,
  type RateRow,
} from './rate-repository.js';

// The rates of a book (docs/rates.md): rows become the API's Rate here.

export const RATE_MESSAGES = {
  notFound: 'Rate not found',
  notManual:
    'Only a rate entered by hand can be deleted; an imported rate is replaced by importing a newer file',
} as const;

export function toRate(row: RateRow): Rate {
  return {
    id: row.id,
    base: row.base_currency,
    quote: row.quote_currency,
    day: row.day,
    rate: row.rate,
    source: row.source,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listBookRates(
  db: DbOrTx,
  bookId: string,
  input: ListRatesInput,
): Promise<{ items: Rate[]; nextCursor: string | null }> {
  const limit = input.limit ?? TRANSACTIONS_PAGE_DEFAULT;
  const after = input.cursor === undefined ? undefined : decodeRateCursor(input.cursor);
  const rows = await listRates(db, bookId, { ...input, after }, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toRate),
    nextCursor: rows.length > limit && last ? encodeRateCursor(last) : null,
  };
}

/** A rate entered by hand; the book's manual rate of the same pair and day is replaced. */
export async function addRate(
  db: DbOrTx,
  bookId: string,
  input: AddRateInput,
): Promise<{ rate: Rate; replaced: boolean }> {
  const row = await upsertManualRate(db, bookId, input);
  return { rate: toRate(row), replaced: !row.inserted };
}

/** Deletes a rate entered by hand; imported ones are refused (a newer file replaces them). */
export async function removeRate(db: DbOrTx, bookId: string, id: string): Promise<void> {
  const row = await findRate(db, bookId, id);
  if (!row) throw new AppError('NOT_FOUND', RATE_MESSAGES.notFound);
  if (row.source !== 'manual') throw new AppError('UNPROCESSABLE', RATE_MESSAGES.notManual);
  await deleteRate(db, bookId, id);
}

/** The answer's words: "Imported 250 days: 7,500 rates added, 0 replaced". */
export function importMessage(result: RateImportResult): string {
  const days = `${result.days} day${result.days === 1 ? '' : 's'}`;
  return `Imported ${days} of ECB rates: ${result.added} added, ${result.replaced} replaced, ${result.unchanged} unchanged`;
}
