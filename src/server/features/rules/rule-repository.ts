import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import type { RuleRow, RulesTable } from '../../db/schema.js';

// The rules table (docs/import.md#rules); one owner, like every table
// (docs/architecture.md#data-access).

export type RuleValues = Pick<
  RulesTable,
  | 'name'
  | 'match_field'
  | 'match_operator'
  | 'match_value'
  | 'account_id'
  | 'set_category_id'
  | 'set_payee'
  | 'set_tags'
  | 'set_description'
> & {
  enabled: boolean;
  amount_min_cents: string | null;
  amount_max_cents: string | null;
};

export function listRules(db: DbOrTx, bookId: string): Promise<RuleRow[]> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function countRules(db: DbOrTx, bookId: string): Promise<number> {
  const row = await db
    .selectFrom('rules')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One rule of the book, locked until the transaction ends. */
export function findRule(db: DbOrTx, bookId: string, id: string): Promise<RuleRow | undefined> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Serialises rule changes of one book (creation takes the next position). */
export async function lockBookRules(db: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT id FROM books WHERE id = ${bookId}::uuid FOR UPDATE`.execute(db);
}

export function insertRule(db: DbOrTx, bookId: string, values: RuleValues): Promise<RuleRow> {
  return db
    .insertInto('rules')
    .values({
      ...values,
      book_id: bookId,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM rules WHERE book_id = ${bookId}::uuid)`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(
  db: DbOrTx,
  bookId: string,
  id: string,
  values: RuleValues,
): Promise<RuleRow | undefined> {
  return db
    .updateTable('rules')
    .set({ ...values, updated_at: sql<Date>`clock_timestamp()` })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRule(db: DbOrTx, bookId: string, id: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('rules')
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function setRulePositions(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<void> {
  await sql`UPDATE rules SET position = ordered.position - 1, updated_at = clock_timestamp()
    FROM unnest(${sql.val([...ids])}::uuid[]) WITH ORDINALITY AS ordered(id, position)
    WHERE rules.book_id = ${bookId}::uuid AND rules.id = ordered.id`.execute(db);
}

/** True when the category is one of the book's. */
export async function categoryIsBooks(
  db: DbOrTx,
  bookId: string,
  categoryId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', bookId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest live entries of a book (newest first), what a rule test runs on. */
export function latestEntries(db: DbOrTx, bookId: string, limit: number) {
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'account_id',
      'transaction_type',
      'amount_cents',
      'description',
      'payee',
      'occurred_on',
      'category_id',
      'tags',
      'transfer_id',
      'version',
    ])
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}
