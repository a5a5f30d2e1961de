import { minorUnitsToUnits } from '../../../../shared/currency-money.js';
import {
  HISTORY_FIELDS,
  storedSnapshotSchema,
  type HistoryField,
} from '../../../../shared/schemas/book-export.js';
import type { EntrySnapshot, EntryType } from '../../../../shared/schemas/history.js';

/**
 * The state of an entry a history row keeps as `before` and `after` (docs/ledger.md#history):
 * JSON text of its editable fields, amounts as decimal cents strings so nothing passes through
 * a float. Written by SQL (entrySnapshotSql, entry-snapshot-repository.ts) in the statement that changes the entry, read back
 * here.
 */
export interface StoredSnapshot {
  accountId: string | null;
  type: EntryType;
  amountCents: string;
  occurredOn: string;
  description: string;
  payee: string;
  categoryId: string | null;
  tags: string[];
  splits: { categoryId: string | null; amountCents: string; note: string }[];
  deleted: boolean;
  /** Absent while the entry is uncleared (docs/ledger.md#reconciliation). */
  cleared?: 'cleared' | 'reconciled' | undefined;
}

/** The fields a creation sets: every field a history row may name but `deleted` and `cleared`. */
export const CREATED_FIELDS: readonly Exclude<HistoryField, 'deleted' | 'cleared'>[] =
  HISTORY_FIELDS.filter(
    (field): field is Exclude<HistoryField, 'deleted' | 'cleared'> =>
      field !== 'deleted' && field !== 'cleared',
  );

/**
 * A stored snapshot read back, checked with the schema the restore checks a file's snapshots with
 * (storedSnapshotSchema: every field as the API takes it, and the ledger's rules), or why it is
 * not one (not JSON, or not a state the ledger allows). Nothing the server writes is refused
 * here: this keeps a snapshot that came from elsewhere from reaching an undo or a page.
 */
export function readStoredSnapshot(
  text: string,
): { snapshot: StoredSnapshot } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON' };
  }
  const result = storedSnapshotSchema.safeParse(json);
  if (result.success) return { snapshot: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { problem: `${where}${issue?.message ?? 'invalid'}` };
}

/** A stored snapshot read back (readStoredSnapshot), or null when it is not one. */
export function parseStoredSnapshot(text: string): StoredSnapshot | null {
  const read = readStoredSnapshot(text);
  return 'snapshot' in read ? read.snapshot : null;
}

/**
 * A stored snapshot as the API shows it: amounts in units of the currency of the account it names
 * (`currencyOf`: its account's, the base currency without one). One the ledger cannot read
 * (parseStoredSnapshot) shows as null rather than failing the whole page.
 */
export function toApiSnapshot(
  text: string | null,
  currencyOf: (accountId: string | null) => string,
): EntrySnapshot | null {
  if (text === null) return null;
  const stored = parseStoredSnapshot(text);
  if (stored === null) return null;
  const currency = currencyOf(stored.accountId);
  return {
    accountId: stored.accountId,
    type: stored.type,
    amount: minorUnitsToUnits(BigInt(stored.amountCents), currency),
    currency,
    occurredOn: stored.occurredOn,
    description: stored.description,
    payee: stored.payee,
    categoryId: stored.categoryId,
    tags: stored.tags,
    splits: stored.splits.map((line) => ({
      categoryId: line.categoryId,
      amount: minorUnitsToUnits(BigInt(line.amountCents), currency),
      note: line.note,
    })),
    deleted: stored.deleted,
    ...(stored.cleared !== undefined && { cleared: stored.cleared }),
  };
}
