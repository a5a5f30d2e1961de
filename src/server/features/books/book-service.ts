import type { DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import type {
  Book,
  BookRole,
  BookSummary,
  CreateBookInput,
  UpdateBookInput,
} from '../../../shared/schemas/book.js';
import { inTransaction } from '../../db/in-transaction.js';
import { hasUnbookedEntries } from '../ledger/index.js';
import {
  deleteBookRow,
  findBookBaseCurrency,
  findMemberBook,
  insertBook,
  listMemberBooks,
  lockBook,
  updateBookFields,
  type BookRow,
} from './book-repository.js';

/** Expenses without an account are in the base currency: changing it would change their money. */
export const BASE_CURRENCY_FIXED =
  'The base currency cannot change once the book has expenses without an account';

// The caller's book (docs/ledger.md#books): its name and the time zone its dates follow.

function toBook(row: BookRow, role: BookRole, userId: string): Book {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    baseCurrency: row.base_currency,
    role,
    personal: row.personal_owner_id === userId,
    applyRulesToManualEntries: row.apply_rules_to_manual_entries,
    createdAt: row.created_at.toISOString(),
  };
}

/** The signed-in context always names a book the user is a member of; anything else is ours. */
async function memberBook(db: DbOrTx, bookId: string, userId: string) {
  const row = await findMemberBook(db, bookId, userId);
  if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
  return row;
}

export async function getBook(db: DbOrTx, bookId: string, userId: string): Promise<Book> {
  const row = await memberBook(db, bookId, userId);
  return toBook(row, row.role, userId);
}

export async function updateBook(
  db: DbOrTx,
  who: { bookId: string; userId: string },
  input: UpdateBookInput,
): Promise<Book> {
  const { role } = await memberBook(db, who.bookId, who.userId);
  return inTransaction(db, async (trx) => {
    if (input.baseCurrency !== undefined) {
      // Locked first, so no expense without an account is added between the check and the change.
      const book = await lockBook(trx, who.bookId);
      if (
        book &&
        book.base_currency !== input.baseCurrency &&
        (await hasUnbookedEntries(trx, who.bookId))
      ) {
        throw new AppError('CONFLICT', BASE_CURRENCY_FIXED);
      }
    }
    const row = await updateBookFields(trx, who.bookId, input);
    if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
    return toBook(row, role, who.userId);
  });
}

export const PERSONAL_BOOK_KEPT =
  'Your personal book cannot be deleted: it is where your calls go when they name no book.';

/** Every book the caller is in (docs/sharing.md#choosing-a-book). */
export function listBooks(db: DbOrTx, userId: string): Promise<BookSummary[]> {
  return listMemberBooks(db, userId);
}

/**
 * A new book with the caller as its owner; its time zone and base currency as given, else as
 * the caller's personal book has them.
 */
export async function createBook(
  db: DbOrTx,
  caller: { userId: string; personalBookId: string },
  input: CreateBookInput,
): Promise<Book> {
  return inTransaction(db, async (trx) => {
    const personal = await findMemberBook(trx, caller.personalBookId, caller.userId);
    const bookId = await insertBook(trx, {
      name: input.name,
      timeZone: input.timeZone ?? personal?.time_zone ?? null,
      baseCurrency: input.baseCurrency ?? (await findBookBaseCurrency(trx, caller.personalBookId)),
      ownerId: caller.userId,
    });
    return getBook(trx, bookId, caller.userId);
  });
}

/** An owner deletes a shared book and everything in it; a personal book stays. */
export async function deleteBook(db: DbOrTx, who: { bookId: string; userId: string }) {
  await inTransaction(db, async (trx) => {
    const member = await findMemberBook(trx, who.bookId, who.userId);
    if (!member) throw new AppError('NOT_FOUND', MESSAGES.bookNotFound);
    if (member.role !== 'owner') throw new AppError('FORBIDDEN', MESSAGES.ownerOnly);
    const book = await lockBook(trx, who.bookId);
    if (!book) throw new AppError('NOT_FOUND', MESSAGES.bookNotFound);
    if (book.personal_owner_id !== null) throw new AppError('CONFLICT', PERSONAL_BOOK_KEPT);
    await deleteBookRow(trx, who.bookId);
  });
}
