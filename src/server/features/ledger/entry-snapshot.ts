import { sql, type RawBuilder } from 'kysely';
import { centsToUnits } from '../../../shared/money.js';
import type { EntrySnapshot, EntryType } from '../../../shared/schemas/history.js';

/**
 * The state of an entry a history row keeps as `before` and `after` (docs/ledger.md#history):
 * JSON text of its editable fields, amounts as decimal cents strings so nothing passes through
 * a float. Written by SQL (entrySnapshotSql) in the statement that changes the entry, read back
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
}

/** The fields a creation sets: all of them. */
export const CREATED_FIELDS = [
  'accountId',
  'type',
  'amount',
  'occurredOn',
  'description',
  'payee',
  'categoryId',
  'tags',
  'splits',
] as const;

/**
 * The snapshot of the transactions row `entry` (a table or CTE name) as SQL, for an entry
 * without split lines. jsonb, so the text has one canonical form whichever way it was written.
 */
export function entrySnapshotSql(entry: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${entry}.${name}`);
  return sql<string>`jsonb_build_object(
    'accountId', ${column('account_id')},
    'type', ${column('transaction_type')},
    'amountCents', ${column('amount_cents')}::text,
    'occurredOn', ${column('occurred_on')}::text,
    'description', ${column('description')},
    'payee', ${column('payee')},
    'categoryId', ${column('category_id')},
    'tags', to_jsonb(${column('tags')}),
    'splits', '[]'::jsonb,
    'deleted', ${column('deleted_at')} IS NOT NULL
  )::text`;
}

/** A stored snapshot as the API shows it (amounts in currency units). */
export function toApiSnapshot(text: string | null): EntrySnapshot | null {
  if (text === null) return null;
  const stored = JSON.parse(text) as StoredSnapshot;
  return {
    accountId: stored.accountId,
    type: stored.type,
    amount: centsToUnits(BigInt(stored.amountCents)),
    occurredOn: stored.occurredOn,
    description: stored.description,
    payee: stored.payee,
    categoryId: stored.categoryId,
    tags: stored.tags,
    splits: stored.splits.map((line) => ({
      categoryId: line.categoryId,
      amount: centsToUnits(BigInt(line.amountCents)),
      note: line.note,
    })),
    deleted: stored.deleted,
  };
}
