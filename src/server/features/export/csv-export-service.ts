import type { Database } from '../../db/connect.js';
import { centsFromDb } from '../../db/cents.js';
import { notFound } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import { findAccount } from '../accounts/index.js';
import { findCategory } from '../categories/index.js';
import {
  bookBaseCurrency,
  exportBatches,
  type ExportFilters,
  type ExportRow,
} from './csv-export-repository.js';
import { BASE_CURRENCY_COLUMNS, BaseCurrencyCells, csvMinorUnits } from './csv-base-currency.js';
import { CSV_HEADER, csvLine, csvText } from './csv-format.js';

/** How the Type column names an entry: both legs of a transfer say which way the money went. */
const TYPE_NAMES: Record<string, string> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  expense: 'expense',
  transfer_in: 'transfer in',
  transfer_out: 'transfer out',
};

/** Money into an account is positive, out of it (or spent without one) negative. */
function signedCents(row: ExportRow): bigint {
  const cents = centsFromDb(row.amount_cents);
  return row.transaction_type === 'deposit' || row.transaction_type === 'transfer_in'
    ? cents
    : -cents;
}

/** The currency of an entry: its account's, or the book's base for an expense without one. */
const currencyOf = (row: ExportRow, base: string) => row.account_currency ?? base;

/**
 * One line: the columns the export always had, in their order, the amount in its own currency's
 * decimals (two for USD, as before), then the base-currency columns (csv-base-currency.ts).
 */
export function csvRow(row: ExportRow, base: string, converter: BaseCurrencyCells): string {
  const currency = currencyOf(row, base);
  const minor = signedCents(row);
  return csvLine([
    row.occurred_on,
    TYPE_NAMES[row.transaction_type] ?? row.transaction_type,
    csvMinorUnits(minor, currency),
    csvText(row.account_title ?? ''),
    csvText(row.split_categories ?? row.category_name ?? ''),
    csvText(row.payee),
    csvText(row.description),
    csvText(row.tags.join(', ')),
    ...converter.cells({ currency, day: row.occurred_on, minor }),
  ]);
}

/**
 * Checks what can be refused before the first byte is sent, as GET /api/transactions refuses it
 * (search/search-service.ts): an account filter naming no live account of the book answers 404
 * "Account not found", then a category filter naming no category of the book 404 "Category not
 * found" (another book's, a deleted or a missing one alike). Then yields the CSV a batch of rows
 * at a time.
 */
export async function prepareCsvExport(
  database: Database,
  bookId: string,
  filters: ExportFilters,
): Promise<AsyncGenerator<string>> {
  if (filters.accountId && !(await findAccount(database.db, bookId, filters.accountId))) {
    throw notFound();
  }
  const categoryId = filters.categoryId === 'none' ? undefined : filters.categoryId;
  if (categoryId && !(await findCategory(database.db, bookId, categoryId))) {
    throw notFound(MESSAGES.categoryNotFound);
  }
  const base = await bookBaseCurrency(database, bookId);
  const converter = new BaseCurrencyCells(database.db, bookId, base);
  return (async function* () {
    yield csvLine([...CSV_HEADER, ...BASE_CURRENCY_COLUMNS]);
    for await (const batch of exportBatches(database, bookId, filters)) {
      await converter.prepare(
        batch.map((row) => ({
          currency: currencyOf(row, base),
          day: row.occurred_on,
          minor: 0n,
        })),
      );
      yield batch.map((row) => csvRow(row, base, converter)).join('');
    }
  })();
}
