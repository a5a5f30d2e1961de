import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { CategoriesTable, CategoryGroupsTable } from '../../db/schema.js';
import type { CategoryKind } from '../../../shared/schemas/category.js';
import type { Selectable } from 'kysely';

// The category_groups and categories tables (docs/architecture.md#data-access,
// docs/ledger.md#categories), and the one statement sequence that moves a deleted category's
// entries and split lines elsewhere with their history.

export type CategoryGroupRow = Selectable<CategoryGroupsTable>;
export type CategoryRow = Selectable<CategoriesTable> & { kind: CategoryKind };

/** Every group of a book in its order (ties by creation). */
export function listGroups(db: DbOrTx, bookId: string): Promise<CategoryGroupRow[]> {
  return db
    .selectFrom('category_groups')
    .selectAll()
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const categoryColumns = [
  'categories.id',
  'categories.book_id',
  'categories.group_id',
  'categories.name',
  'categories.icon',
  'categories.color',
  'categories.position',
  'categories.archived_at',
  'categories.created_at',
  'categories.updated_at',
  'category_groups.kind',
] as const;

/** Categories with their group's kind, as every read of one answers them. */
const categoriesWithKind = (db: DbOrTx) =>
  db
    .selectFrom('categories')
    .innerJoin('category_groups', (join) =>
      join
        .onRef('category_groups.id', '=', 'categories.group_id')
        .onRef('category_groups.book_id', '=', 'categories.book_id'),
    )
    .select(categoryColumns);

/** Every category of a book (with its group's kind), in its order within its group. */
export function listCategories(db: DbOrTx, bookId: string): Promise<CategoryRow[]> {
  return categoriesWithKind(db)
    .where('categories.book_id', '=', bookId)
    .orderBy('categories.position')
    .orderBy('categories.created_at')
    .orderBy('categories.id')
    .execute();
}

export function findGroup(
  db: DbOrTx,
  bookId: string,
  id: string,
  lock = false,
): Promise<CategoryGroupRow | undefined> {
  let query = db
    .selectFrom('category_groups')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findCategory(
  db: DbOrTx,
  bookId: string,
  id: string,
  lock = false,
): Promise<CategoryRow | undefined> {
  let query = categoriesWithKind(db)
    .where('categories.book_id', '=', bookId)
    .where('categories.id', '=', id);
  if (lock) query = query.forUpdate('categories');
  return query.executeTakeFirst();
}

/**
 * Serialises the category writes of one book (creations against the cap, reorders, moves):
 * the book row's lock, held to the end of the transaction. Reads are not blocked.
 */
export async function lockBookCategories(db: DbOrTx, bookId: string): Promise<void> {
  await db.selectFrom('books').select('id').where('id', '=', bookId).forUpdate().execute();
}

export async function countCategories(db: DbOrTx, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countGroups(db: DbOrTx, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('category_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A group of the book with this name, ignoring case (the unique index's rule). */
export function findGroupByName(
  db: DbOrTx,
  bookId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('category_groups')
    .select('id')
    .where('book_id', '=', bookId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

/** A category of the group with this name, ignoring case (the unique index's rule). */
export function findCategoryByName(
  db: DbOrTx,
  bookId: string,
  groupId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', bookId)
    .where('group_id', '=', groupId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

/** The position after the last group of the book. */
const nextGroupPosition = (bookId: string) =>
  sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM category_groups WHERE book_id = ${bookId}::uuid)`;

/** The position after the last category of a group. */
const nextCategoryPosition = (bookId: string, groupId: string) =>
  sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM categories
    WHERE book_id = ${bookId}::uuid AND group_id = ${groupId}::uuid)`;

export function insertGroup(
  db: DbOrTx,
  g: { bookId: string; name: string; kind: CategoryKind },
): Promise<CategoryGroupRow> {
  return db
    .insertInto('category_groups')
    .values({
      book_id: g.bookId,
      name: g.name,
      kind: g.kind,
      position: nextGroupPosition(g.bookId),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateGroup(
  db: DbOrTx,
  bookId: string,
  id: string,
  fields: { name?: string | undefined; archived?: boolean | undefined },
): Promise<CategoryGroupRow | undefined> {
  return db
    .updateTable('category_groups')
    .set({
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.archived !== undefined && {
        // Archiving again keeps the first date.
        archived_at: fields.archived ? sql<Date>`coalesce(archived_at, clock_timestamp())` : null,
      }),
    })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function countGroupCategories(
  db: DbOrTx,
  bookId: string,
  groupId: string,
): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('book_id', '=', bookId)
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteGroup(db: DbOrTx, bookId: string, id: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('category_groups')
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Sets the positions of rows to their index in `ids` (all of them the book's). */
export async function setPositions(
  db: DbOrTx,
  table: 'category_groups' | 'categories',
  bookId: string,
  ids: readonly string[],
): Promise<void> {
  await sql`UPDATE ${sql.table(table)} AS t SET position = o.position - 1
    FROM unnest(${sql.val([...ids])}::uuid[]) WITH ORDINALITY AS o(id, position)
    WHERE t.book_id = ${bookId}::uuid AND t.id = o.id`.execute(db);
}

export async function insertCategory(
  db: DbOrTx,
  c: { bookId: string; groupId: string; name: string; icon: string; color: string },
): Promise<string> {
  const row = await db
    .insertInto('categories')
    .values({
      book_id: c.bookId,
      group_id: c.groupId,
      name: c.name,
      icon: c.icon,
      color: c.color,
      position: nextCategoryPosition(c.bookId, c.groupId),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(
  db: DbOrTx,
  bookId: string,
  id: string,
  fields: {
    name?: string | undefined;
    icon?: string | undefined;
    color?: string | undefined;
    groupId?: string | undefined;
    archived?: boolean | undefined;
  },
): Promise<boolean> {
  const rows = await db
    .updateTable('categories')
    .set({
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.icon !== undefined && { icon: fields.icon }),
      ...(fields.color !== undefined && { color: fields.color }),
      ...(fields.groupId !== undefined && {
        group_id: fields.groupId,
        position: nextCategoryPosition(bookId, fields.groupId),
      }),
      ...(fields.archived !== undefined && {
        archived_at: fields.archived ? sql<Date>`coalesce(archived_at, clock_timestamp())` : null,
      }),
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Removes the category row; its entries must have been moved first (ledger's recategorizeEntries). */
export async function deleteCategory(db: DbOrTx, bookId: string, id: string): Promise<void> {
  await db.deleteFrom('categories').where('book_id', '=', bookId).where('id', '=', id).execute();
}
