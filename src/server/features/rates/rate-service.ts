import type { DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { TRANSACTIONS_PAGE_DEFAULT } from '../../../shared/schemas/ledger.js';
import type {
  AddRateInput,
  ImportRatesInput,
  ListRatesInput,
  Rate,
  RateImportResult,
} from '../../../shared/schemas/rate.js';
import { readEcbRateFile } from './ecb-file.js';
import { decodeRateCursor, encodeRateCursor } from './rate-cursor.js';
import {
  deleteRate,
  findRate,
  listRates,
  upsertEcbRates,
  upsertManualRate,
  type RateRow,
} from './rate-repository.js';

// The rates of a book (docs/rates.md): rows become the API's Rate here.

export const RATE_MESSAGES = {
  notFound: 'Rate not found',
  notManual:
    'Only a rate entered by hand can be deleted; an imported rate is replaced by importing a newer file',
} as const;

/** Rates written per statement of an import: a full history is about 200,000. */
const IMPORT_CHUNK = 10_000;

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

/**
 * An ECB reference-rate file, read whole before anything is written (a malformed file changes
 * nothing), then written in chunks inside the caller's transaction: all of it or none.
 */
export async function importEcbRates(
  db: DbOrTx,
  bookId: string,
  input: ImportRatesInput,
): Promise<RateImportResult> {
  const file = readEcbRateFile(Buffer.from(input.content, 'base64'));
  let added = 0;
  let replaced = 0;
  for (let start = 0; start < file.rates.length; start += IMPORT_CHUNK) {
    const end = start + IMPORT_CHUNK;
    const written = await upsertEcbRates(db, bookId, {
      currencies: file.currencies.slice(start, end),
      days: file.days.slice(start, end),
      rates: file.rates.slice(start, end),
    });
    added += written.added;
    replaced += written.replaced;
  }
  return {
    fileName: input.fileName,
    format: file.format,
    days: file.dayCount,
    firstDay: file.firstDay,
    lastDay: file.lastDay,
    added,
    replaced,
    unchanged: file.rates.length - added - replaced,
    skippedNotAvailable: file.skippedNotAvailable,
  };
}

/** The answer's words: "Imported 250 days: 7,500 rates added, 0 replaced". */
export function importMessage(result: RateImportResult): string {
  const days = `${result.days} day${result.days === 1 ? '' : 's'}`;
  return `Imported ${days} of ECB rates: ${result.added} added, ${result.replaced} replaced, ${result.unchanged} unchanged`;
}
