import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../src/server/db/connect.js';
import type { EntryType } from '../../src/server/db/schema.js';

/**
 * Entries written straight in SQL, for tests of readers of the ledger (analytics, export):
 * transfers, split entries and deleted entries, whose routes (issue 13, the ledger-core branch)
 * are not on this branch yet. Each write keeps the ledger invariant (balance = signed sum of
 * live entries) by moving the account's balance in the same statement. Switch to the routes
 * once they land.
 */

export interface SqlEntry {
  bookId: string;
  accountId: string | null;
  type: EntryType;
  cents: bigint;
  occurredOn: string;
  categoryId?: string | null;
  payee?: string;
  description?: string;
  tags?: string[];
  transferId?: string | null;
  deleted?: boolean;
}

const sign = (type: EntryType) => (type === 'deposit' || type === 'transfer_in' ? 1n : -1n);

export async function insertEntry(db: DbOrTx, entry: SqlEntry): Promise<string> {
  const id = randomUUID();
  const delta = entry.deleted || entry.accountId === null ? 0n : sign(entry.type) * entry.cents;
  await sql`
    WITH moved AS (
      UPDATE accounts SET balance_cents = balance_cents + ${delta.toString()}::bigint
      WHERE book_id = ${entry.bookId}::uuid AND id = ${entry.accountId}::uuid
    )
    INSERT INTO transactions (id, book_id, account_id, transaction_type, amount_cents,
      description, occurred_on, category_id, payee, tags, transfer_id, deleted_at)
    VALUES (${id}::uuid, ${entry.bookId}::uuid, ${entry.accountId}::uuid, ${entry.type},
      ${entry.cents.toString()}::bigint, ${entry.description ?? ''}, ${entry.occurredOn}::date,
      ${entry.categoryId ?? null}::uuid, ${entry.payee ?? ''},
      ${sql.val(entry.tags ?? [])}::text[], ${entry.transferId ?? null}::uuid,
      ${entry.deleted ? new Date().toISOString() : null}::timestamptz)`.execute(db);
  return id;
}

/** Both legs of a transfer between two accounts of a book. */
export async function insertTransfer(
  db: DbOrTx,
  t: { bookId: string; from: string; to: string; cents: bigint; occurredOn: string },
): Promise<string> {
  const transferId = randomUUID();
  const base = { bookId: t.bookId, cents: t.cents, occurredOn: t.occurredOn, transferId };
  await insertEntry(db, { ...base, accountId: t.from, type: 'transfer_out' });
  await insertEntry(db, { ...base, accountId: t.to, type: 'transfer_in' });
  return transferId;
}

/** An expense split over categories (the lines add up to the entry's amount). */
export async function insertSplitExpense(
  db: DbOrTx,
  e: Omit<SqlEntry, 'type' | 'cents' | 'categoryId'> & {
    lines: { categoryId: string | null; cents: bigint; note?: string }[];
  },
): Promise<string> {
  const cents = e.lines.reduce((sum, line) => sum + line.cents, 0n);
  const id = await insertEntry(db, { ...e, type: 'expense', cents, categoryId: null });
  for (const [position, line] of e.lines.entries()) {
    await db
      .insertInto('entry_splits')
      .values({
        book_id: e.bookId,
        entry_id: id,
        position,
        category_id: line.categoryId,
        amount_cents: line.cents.toString(),
        note: line.note ?? '',
      })
      .execute();
  }
  return id;
}

/** The book's categories by name (the default set the book was given). */
export async function categoriesByName(
  db: DbOrTx,
  bookId: string,
): Promise<Map<string, { id: string; color: string }>> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name', 'color'])
    .where('book_id', '=', bookId)
    .execute();
  return new Map(rows.map((row) => [row.name, { id: row.id, color: row.color }]));
}
