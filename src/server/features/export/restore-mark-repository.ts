import { CALENDAR_MONTHS, type PeriodWeekendRule } from '../../../shared/budget-periods.js';
import { sql } from 'kysely';
import { RESTORE_STALE_SECONDS } from '../../../shared/limits.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import type { DbOrTx } from '../../db/connect.js';

// The book's row while a file is restored into it (docs/analytics.md#how-a-restore-runs): the
// claim's check that it is empty, its restore mark (the lock, the heartbeat, a cleanup taking it
// over, the marks gone stale) and the last step's count and finish, all under the mark.

/**
 * Whether a book holds anything a person made or did: an account (even a deleted one), an entry,
 * a change (history rows need one), a rule or an import batch (import batches need an account),
 * or a file was restored into it once. Its categories do not count: a new book has the defaults.
 */
export async function bookHasData(db: DbOrTx, bookId: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM accounts WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM transactions WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM entry_changes WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM budget_actions WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM rules WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM import_batches WHERE book_id = ${bookId}::uuid)
      OR EXISTS (SELECT 1 FROM books WHERE id = ${bookId}::uuid AND restored_at IS NOT NULL)
      AS used`.execute(db);
  return rows[0]?.used ?? false;
}

/** What the book's row says about restores: its mark (and whether it went stale). */
export interface RestoreMark {
  token: string | null;
  stale: boolean;
}

const staleAfter = sql`make_interval(secs => ${sql.lit(RESTORE_STALE_SECONDS)})`;

/**
 * Locks the book's row without waiting (PostgreSQL's lock_not_available, 55P03, when another
 * transaction holds it) and reads its restore mark.
 */
export async function lockBookNoWait(db: DbOrTx, bookId: string): Promise<RestoreMark> {
  const { rows } = await sql<{ token: string | null; stale: boolean }>`
    SELECT restore_token AS token,
      coalesce(restore_heartbeat_at < clock_timestamp() - ${staleAfter}, false) AS stale
    FROM books WHERE id = ${bookId}::uuid FOR UPDATE NOWAIT`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('lockBookNoWait: no such book');
  return row;
}

/** Marks the book as being restored by `token` (its heartbeat: now). */
export async function markRestoring(db: DbOrTx, bookId: string, token: string): Promise<void> {
  await db
    .updateTable('books')
    .set({ restore_token: token, restore_heartbeat_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', bookId)
    .execute();
}

/**
 * Refreshes the mark's heartbeat if `token` still holds it, locking the book's row for the rest
 * of the transaction: false when it does not (a cleanup took a stale mark over).
 */
export async function heartbeat(db: DbOrTx, bookId: string, token: string): Promise<boolean> {
  const row = await db
    .updateTable('books')
    .set({ restore_heartbeat_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', bookId)
    .where('restore_token', '=', token)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Hands the mark from one token to another (a cleanup taking over): false if `from` lost it. */
export async function takeOverMark(
  db: DbOrTx,
  bookId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const row = await db
    .updateTable('books')
    .set({ restore_token: to, restore_heartbeat_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', bookId)
    .where('restore_token', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Books whose mark went stale (or every marked book, `all`), with the token holding it. */
export async function markedBooks(
  db: DbOrTx,
  all: boolean,
): Promise<{ id: string; token: string }[]> {
  const { rows } = await sql<{ id: string; token: string }>`
    SELECT id, restore_token AS token FROM books
    WHERE restore_token IS NOT NULL
      AND (${all} OR restore_heartbeat_at < clock_timestamp() - ${staleAfter})`.execute(db);
  return rows;
}

/**
 * The restore's last step, while `token` holds the mark: the book's name, time zone, base
 * currency (USD when the file has none: it predates base currencies) and card envelopes (off when
 * it has none) and budget periods (calendar months when it has none) from the file, the mark cleared and the book recorded as restored into. False if
 * the mark was lost.
 */
export async function finishRestore(
  db: DbOrTx,
  bookId: string,
  token: string,
  book: {
    name: string;
    timeZone: string | null;
    baseCurrency?: string | undefined;
    cardEnvelopes?: boolean | undefined;
    budgetPeriod?: { startDay: number; weekend: PeriodWeekendRule } | undefined;
  },
): Promise<boolean> {
  const row = await db
    .updateTable('books')
    .set({
      name: book.name,
      time_zone: book.timeZone,
      base_currency: book.baseCurrency ?? DEFAULT_CURRENCY,
      card_envelopes: book.cardEnvelopes ?? false,
      budget_period_day: book.budgetPeriod?.startDay ?? CALENDAR_MONTHS.startDay,
      budget_period_weekend: book.budgetPeriod?.weekend ?? CALENDAR_MONTHS.weekend,
      restore_token: null,
      restore_heartbeat_at: null,
      restored_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', bookId)
    .where('restore_token', '=', token)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the mark `token` holds (a cleanup is done). */
export async function clearMark(db: DbOrTx, bookId: string, token: string): Promise<void> {
  await db
    .updateTable('books')
    .set({ restore_token: null, restore_heartbeat_at: null })
    .where('id', '=', bookId)
    .where('restore_token', '=', token)
    .execute();
}

/** How many rows of each kind a book holds (index-only counts, per book). */
export async function countBookRows(db: DbOrTx, bookId: string) {
  const { rows } = await sql<{
    accounts: string;
    groups: string;
    categories: string;
    entries: string;
    changes: string;
    budgetActions: string;
    others: string;
  }>`SELECT
      (SELECT count(*) FROM accounts WHERE book_id = ${bookId}::uuid) AS accounts,
      (SELECT count(*) FROM category_groups WHERE book_id = ${bookId}::uuid) AS groups,
      (SELECT count(*) FROM categories WHERE book_id = ${bookId}::uuid) AS categories,
      (SELECT count(*) FROM transactions WHERE book_id = ${bookId}::uuid) AS entries,
      (SELECT count(*) FROM entry_changes WHERE book_id = ${bookId}::uuid) AS changes,
      (SELECT count(*) FROM budget_actions WHERE book_id = ${bookId}::uuid) AS "budgetActions",
      (SELECT count(*) FROM rules WHERE book_id = ${bookId}::uuid)
        + (SELECT count(*) FROM import_batches WHERE book_id = ${bookId}::uuid) AS others`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('countBookRows: no row');
  return {
    accounts: Number(row.accounts),
    groups: Number(row.groups),
    categories: Number(row.categories),
    entries: Number(row.entries),
    changes: Number(row.changes),
    budgetActions: Number(row.budgetActions),
    others: Number(row.others),
  };
}
