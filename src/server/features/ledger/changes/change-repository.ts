import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import type { AccountRow } from '../../../db/schema.js';
import type { ChangeKind } from '../../../../shared/schemas/history.js';
import type { EntryState } from './entry-state.js';
import { toStoredSnapshot } from './entry-state.js';
import { ENTRY_COLUMNS, type EntryRow } from '../entries/entry-repository.js';

// The statements of the change engine (src/server/features/ledger/changes/change-engine.ts): locking
// entries and accounts in a fixed order, the guarded balance shift, and writing entries, split
// lines, changes and history rows. Every function runs inside the change's transaction.

/** Today in the book's time zone (UTC while it has none), as 'YYYY-MM-DD'. */
export async function bookToday(db: DbOrTx, bookId: string): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT ((clock_timestamp() AT TIME ZONE coalesce(
      (SELECT time_zone FROM books WHERE id = ${bookId}::uuid), 'UTC'))::date)::text AS today`.execute(
    db,
  );
  const today = rows[0]?.today;
  if (today === undefined) throw new Error('bookToday: no row');
  return today;
}

/** An entry of the book, live or deleted, without locking it. */
export function findEntry(db: DbOrTx, bookId: string, id: string): Promise<EntryRow | undefined> {
  return db
    .selectFrom('transactions')
    .select(ENTRY_COLUMNS)
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Both legs of a transfer of the book (deleted or not); none when there is no such transfer. */
export function findTransferEntries(
  db: DbOrTx,
  bookId: string,
  transferId: string,
): Promise<EntryRow[]> {
  return db
    .selectFrom('transactions')
    .select(ENTRY_COLUMNS)
    .where('book_id', '=', bookId)
    .where('transfer_id', '=', transferId)
    .execute();
}

/** The transfer of each of these entries of the book (null for an entry that is no leg). */
export async function transferIdsOf(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'transfer_id'])
    .where('book_id', '=', bookId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.transfer_id]));
}

/**
 * Locks entries of the book for the rest of the transaction, in id order (every change locks
 * entries before accounts, each set sorted by id, so two changes never wait on each other in a
 * cycle: docs/decisions/013-one-change-engine.md).
 */
export function lockEntries(
  trx: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<EntryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('transactions')
    .select(ENTRY_COLUMNS)
    .where('book_id', '=', bookId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** Locks accounts of the book (live or deleted), in id order, after the entries. */
export function lockAccounts(
  trx: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<AccountRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('accounts')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * Shifts a live account's balance by a signed amount in SQL, only if it stays within
 * [-credit limit, maxCents]. Returns the account after, or undefined (nothing changed).
 */
export function shiftBalance(
  trx: DbOrTx,
  bookId: string,
  accountId: string,
  deltaCents: bigint,
  maxCents: bigint,
): Promise<AccountRow | undefined> {
  const delta = deltaCents.toString();
  return trx
    .updateTable('accounts')
    .set({
      balance_cents: sql<string>`balance_cents + ${delta}::bigint`,
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', accountId)
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .where(
      sql<boolean>`balance_cents + ${delta}::bigint BETWEEN -credit_limit_cents AND ${maxCents.toString()}::bigint`,
    )
    .returningAll()
    .executeTakeFirst();
}

/** The ids among `ids` that are categories of the book. */
export async function existingCategoryIds(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', bookId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertChange(
  trx: DbOrTx,
  change: { bookId: string; actorId: string; kind: ChangeKind; undoesId: string | null },
): Promise<string> {
  const row = await trx
    .insertInto('entry_changes')
    .values({
      book_id: change.bookId,
      actor_id: change.actorId,
      kind: change.kind,
      undoes_id: change.undoesId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function insertEntry(
  trx: DbOrTx,
  entry: {
    id: string;
    bookId: string;
    actorId: string;
    transferId: string | null;
    state: EntryState;
  },
): Promise<EntryRow> {
  const { state } = entry;
  return trx
    .insertInto('transactions')
    .values({
      id: entry.id,
      book_id: entry.bookId,
      created_by: entry.actorId,
      account_id: state.accountId,
      transaction_type: state.type,
      amount_cents: state.amountCents.toString(),
      description: state.description,
      occurred_on: state.occurredOn,
      category_id: state.categoryId,
      payee: state.payee,
      tags: state.tags,
      transfer_id: entry.transferId,
      cleared_state: state.cleared,
    })
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Writes an entry's new state over its row and bumps its version. */
export function updateEntry(
  trx: DbOrTx,
  bookId: string,
  id: string,
  before: EntryState,
  after: EntryState,
): Promise<EntryRow> {
  const deletedAt =
    after.deleted && !before.deleted
      ? sql<Date>`clock_timestamp()`
      : after.deleted
        ? sql<Date>`deleted_at`
        : null;
  return trx
    .updateTable('transactions')
    .set({
      account_id: after.accountId,
      amount_cents: after.amountCents.toString(),
      description: after.description,
      occurred_on: after.occurredOn,
      category_id: after.categoryId,
      payee: after.payee,
      tags: after.tags,
      deleted_at: deletedAt,
      cleared_state: after.cleared,
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returning(ENTRY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Replaces an entry's split lines with these (none: not split). */
export async function replaceSplitLines(
  trx: DbOrTx,
  bookId: string,
  entryId: string,
  lines: EntryState['splits'],
  hadLines: boolean,
): Promise<void> {
  if (hadLines) {
    await trx
      .deleteFrom('entry_splits')
      .where('book_id', '=', bookId)
      .where('entry_id', '=', entryId)
      .execute();
  }
  if (lines.length === 0) return;
  await trx
    .insertInto('entry_splits')
    .values(
      lines.map((line, position) => ({
        book_id: bookId,
        entry_id: entryId,
        position,
        category_id: line.categoryId,
        amount_cents: line.amountCents.toString(),
        note: line.note,
      })),
    )
    .execute();
}

/** History rows of one change; snapshots pass through jsonb so their text is canonical. */
export async function insertHistory(
  trx: DbOrTx,
  bookId: string,
  changeId: string,
  rows: readonly {
    entryId: string;
    fields: string[];
    before: EntryState | null;
    after: EntryState;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const snapshot = (state: EntryState | null) =>
    state === null
      ? sql<string | null>`NULL`
      : // Sent as text (postgres.js would JSON-encode a jsonb parameter a second time), then
        // through jsonb for the canonical form entrySnapshotSql also writes.
        sql<string>`${JSON.stringify(toStoredSnapshot(state))}::text::jsonb::text`;
  await trx
    .insertInto('entry_history')
    .values(
      rows.map((row) => ({
        book_id: bookId,
        change_id: changeId,
        entry_id: row.entryId,
        fields: sql<string[]>`${sql.val(row.fields)}::text[]`,
        before: snapshot(row.before),
        after: snapshot(row.after),
      })),
    )
    .execute();
}

/** A change of the book, locked so that two undos of it take turns. */
export function lockChange(trx: DbOrTx, bookId: string, changeId: string) {
  return trx
    .selectFrom('entry_changes')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('id', '=', changeId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The kind of a change of the book (an undo's target always exists: it is never removed). */
export async function findChangeKind(
  trx: DbOrTx,
  bookId: string,
  changeId: string,
): Promise<string> {
  const row = await trx
    .selectFrom('entry_changes')
    .select('kind')
    .where('book_id', '=', bookId)
    .where('id', '=', changeId)
    .executeTakeFirstOrThrow();
  return row.kind;
}

export async function markUndone(
  trx: DbOrTx,
  bookId: string,
  changeId: string,
  undoneById: string,
): Promise<void> {
  await trx
    .updateTable('entry_changes')
    .set({ undone_by_id: undoneById })
    .where('book_id', '=', bookId)
    .where('id', '=', changeId)
    .execute();
}

/** The history rows a change wrote: which entries it touched and their states. */
export function historyOfChange(trx: DbOrTx, bookId: string, changeId: string) {
  return trx
    .selectFrom('entry_history')
    .select(['entry_id', 'before', 'after'])
    .where('book_id', '=', bookId)
    .where('change_id', '=', changeId)
    .orderBy('id')
    .execute();
}

/** For each entry, the change that wrote its latest history row. */
export async function latestChangeOf(
  trx: DbOrTx,
  bookId: string,
  entryIds: readonly string[],
): Promise<Map<string, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('entry_history')
    .select(['entry_id', 'change_id'])
    .distinctOn('entry_id')
    .where('book_id', '=', bookId)
    .where('entry_id', 'in', [...entryIds])
    .orderBy('entry_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.entry_id, row.change_id]));
}

/** An entry's history, oldest first, with who made each change. */
export function historyOfEntry(db: DbOrTx, bookId: string, entryId: string) {
  return db
    .selectFrom('entry_history as h')
    .innerJoin('entry_changes as c', (join) =>
      join.onRef('c.id', '=', 'h.change_id').onRef('c.book_id', '=', 'h.book_id'),
    )
    .leftJoin('users as u', 'u.id', 'c.actor_id')
    .select([
      'h.change_id',
      'h.fields',
      'h.before',
      'h.after',
      'c.kind',
      'c.actor_id',
      'c.created_at',
      'c.undone_by_id',
      'u.email',
    ])
    .where('h.book_id', '=', bookId)
    .where('h.entry_id', '=', entryId)
    .orderBy('h.id')
    .execute();
}
