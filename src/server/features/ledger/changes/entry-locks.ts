import type { DbOrTx } from '../../../db/connect.js';
import { centsFromDb } from '../../../db/cents.js';
import { AppError } from '../../../lib/app-error.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { lockEntries } from './change-repository.js';
import { findSplitLines, type EntryRow } from '../entries/entry-repository.js';
import type { EntryState } from './entry-state.js';

/** An entry read under its row lock, with its state. */
export interface LockedEntry {
  row: EntryRow;
  state: EntryState;
}

/** The state of an entry row with its split lines (in their order). */
export function stateOf(
  row: EntryRow,
  lines: readonly { category_id: string | null; amount_cents: string | number; note: string }[],
): EntryState {
  return {
    accountId: row.account_id,
    type: row.transaction_type,
    amountCents: centsFromDb(row.amount_cents),
    occurredOn: row.occurred_on,
    description: row.description,
    payee: row.payee,
    categoryId: row.category_id,
    tags: row.tags,
    splits: lines.map((line) => ({
      categoryId: line.category_id,
      amountCents: centsFromDb(line.amount_cents),
      note: line.note,
    })),
    deleted: row.deleted_at !== null,
    cleared: row.cleared_state,
  };
}

/** Locks entries (in id order) and reads their states; missing ones are left out. */
export async function lockEntryStates(
  trx: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Map<string, LockedEntry>> {
  const rows = await lockEntries(trx, bookId, [...new Set(ids)].sort());
  const lines = rows.length
    ? await findSplitLines(
        trx,
        bookId,
        rows.map((row) => row.id),
      )
    : [];
  const byEntry = new Map<string, typeof lines>();
  for (const line of lines)
    byEntry.set(line.entry_id, [...(byEntry.get(line.entry_id) ?? []), line]);
  return new Map(
    rows.map((row) => [row.id, { row, state: stateOf(row, byEntry.get(row.id) ?? []) }]),
  );
}

const transactionNotFound = () => new AppError('NOT_FOUND', MESSAGES.transactionNotFound);

/**
 * Locks live entries that are not transfer legs, for an edit or delete aimed at them: a missing,
 * deleted or other book's one is 404, a transfer leg 422 TRANSFER_ENTRY, a version other than
 * the expected one 409.
 */
export async function lockEditableEntries(
  trx: DbOrTx,
  bookId: string,
  ids: readonly string[],
  expectedVersion?: number,
): Promise<LockedEntry[]> {
  const locked = await lockEntryStates(trx, bookId, ids);
  const entries = ids.map((id) => locked.get(id));
  for (const entry of entries) {
    if (!entry || entry.state.deleted) throw transactionNotFound();
  }
  const live = entries as LockedEntry[];
  if (live.some((entry) => entry.row.transfer_id !== null)) {
    throw new AppError('TRANSFER_ENTRY', MESSAGES.transferEntry);
  }
  if (expectedVersion !== undefined && live.some((e) => e.row.version !== expectedVersion)) {
    throw new AppError('CONFLICT', MESSAGES.versionConflict);
  }
  return live;
}
