import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { BooksTable } from '../../db/schema.js';
import type { BookRole } from '../../../shared/schemas/book.js';
import { PALETTE } from '../../../shared/colour-palette.js';

// The books and memberships tables (docs/architecture.md#data-access, docs/ledger.md#books).

/** The name a personal book gets; its owner may rename it. */
export const PERSONAL_BOOK_NAME = 'Personal';

/**
 * Gives a new user their personal book: the book, the owner membership and the default
 * categories (seedDefaultCategories). Call it in the
 * transaction that creates the user, so no user ever exists without a book.
 */
export async function createPersonalBook(db: DbOrTx, userId: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH book AS (
      INSERT INTO books (name, personal_owner_id) VALUES (${PERSONAL_BOOK_NAME}, ${userId})
      RETURNING id
    ), membership AS (
      INSERT INTO memberships (book_id, user_id, role) SELECT id, ${userId}, 'owner' FROM book
    )
    SELECT id FROM book`.execute(db);
  const bookId = rows[0]?.id;
  if (!bookId) throw new Error('The personal book was not created');
  // A separate statement: the categories reference the book, which must exist by then.
  await seedDefaultCategories(db, bookId);
  return bookId;
}

/**
 * The default categories of a book (migrations/…_default_category_palette.sql), coloured from
 * the shared palette in order (docs/analytics.md#colours).
 */
export async function seedDefaultCategories(db: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT seed_default_categories(${bookId}::uuid, ${paletteArray()})`.execute(db);
}

const paletteArray = () => sql`ARRAY[${sql.join(PALETTE.map((colour) => sql`${colour}`))}]::text[]`;

export type BookRow = Selectable<BooksTable>;

/** A book the user is a member of, with their role; undefined when they are not. */
export function findMemberBook(
  db: DbOrTx,
  bookId: string,
  userId: string,
): Promise<(BookRow & { role: BookRole }) | undefined> {
  return db
    .selectFrom('books')
    .innerJoin('memberships', 'memberships.book_id', 'books.id')
    .selectAll('books')
    .select('memberships.role')
    .where('books.id', '=', bookId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

/** Renames a book, sets its time zone, base currency or rules setting; undefined when there is no such book. */
export function updateBookFields(
  db: DbOrTx,
  bookId: string,
  fields: {
    name?: string | undefined;
    timeZone?: string | undefined;
    baseCurrency?: string | undefined;
    applyRulesToManualEntries?: boolean | undefined;
  },
): Promise<BookRow | undefined> {
  return db
    .updateTable('books')
    .set({
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.timeZone !== undefined && { time_zone: fields.timeZone }),
      ...(fields.baseCurrency !== undefined && { base_currency: fields.baseCurrency }),
      ...(fields.applyRulesToManualEntries !== undefined && {
        apply_rules_to_manual_entries: fields.applyRulesToManualEntries,
      }),
    })
    .where('id', '=', bookId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A book's base currency (docs/money.md#base-currency): what a new account is kept in unless it
 * names its own, and the currency of an expense without an account.
 */
export async function findBookBaseCurrency(db: DbOrTx, bookId: string): Promise<string> {
  const row = await db
    .selectFrom('books')
    .select('base_currency')
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
  return row.base_currency;
}

/**
 * Locks a book's row until the transaction ends, excluding every transaction that adds an entry
 * meanwhile (an entry's foreign key to its book takes a key-share lock on this row): what a
 * change of the base currency checks next is then all there is (docs/money.md#account-currency).
 */
export async function lockBook(db: DbOrTx, bookId: string): Promise<BookRow | undefined> {
  return db.selectFrom('books').selectAll().where('id', '=', bookId).forUpdate().executeTakeFirst();
}

/** The books a user is a member of, with their role and how many members each has. */
export function listMemberBooks(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; name: string; role: BookRole; personal: boolean; members: number }[]> {
  return db
    .selectFrom('memberships as mine')
    .innerJoin('books', 'books.id', 'mine.book_id')
    .select([
      'books.id',
      'books.name',
      'mine.role',
      sql<boolean>`books.personal_owner_id IS NOT DISTINCT FROM ${userId}::uuid`.as('personal'),
      sql<number>`(SELECT count(*)::int FROM memberships m WHERE m.book_id = books.id)`.as(
        'members',
      ),
    ])
    .where('mine.user_id', '=', userId)
    .orderBy(sql`books.personal_owner_id IS NOT DISTINCT FROM ${userId}::uuid`, 'desc')
    .orderBy('books.name')
    .orderBy('books.id')
    .execute();
}

/** A new shared book, the user its owner, with the default categories; its id. */
export async function insertBook(
  db: DbOrTx,
  book: { name: string; timeZone: string | null; baseCurrency: string; ownerId: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH book AS (
      INSERT INTO books (name, time_zone, base_currency)
      VALUES (${book.name}, ${book.timeZone}, ${book.baseCurrency})
      RETURNING id
    ), membership AS (
      INSERT INTO memberships (book_id, user_id, role) SELECT id, ${book.ownerId}, 'owner' FROM book
    )
    SELECT id FROM book`.execute(db);
  const bookId = rows[0]?.id;
  if (!bookId) throw new Error('The book was not created');
  await seedDefaultCategories(db, bookId);
  return bookId;
}

/** Removes a book and everything in it (every table's rows go with it by foreign key). */
export async function deleteBookRow(db: DbOrTx, bookId: string): Promise<void> {
  await db.deleteFrom('books').where('id', '=', bookId).execute();
}
