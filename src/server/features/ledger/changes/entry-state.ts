import { entryStateProblem, storedSnapshotSchema } from '../../../../shared/schemas/book-export.js';
import type { EntryType } from '../../../../shared/schemas/history.js';
import type { ClearedState } from '../../../../shared/schemas/reconciliation.js';
import { readStoredSnapshot, type StoredSnapshot } from './entry-snapshot.js';

/**
 * An entry's editable state as the change engine works on it (docs/ledger.md#history-and-undo):
 * the same fields as a history snapshot, with cents as bigint. Every change is planned as a
 * `before` and an `after` state per entry; balances, rows and history all follow from the pair.
 */
export interface EntryState {
  accountId: string | null;
  type: EntryType;
  amountCents: bigint;
  occurredOn: string;
  description: string;
  payee: string;
  categoryId: string | null;
  tags: string[];
  splits: SplitState[];
  deleted: boolean;
  /** Against the statements (docs/ledger.md#reconciliation); a snapshot leaves out 'uncleared'. */
  cleared: ClearedState;
}

export interface SplitState {
  categoryId: string | null;
  amountCents: bigint;
  note: string;
}

/** The field names a history row lists, in the order a snapshot shows them. */
const DIFFABLE: readonly (keyof EntryState)[] = [
  'accountId',
  'type',
  'amountCents',
  'occurredOn',
  'description',
  'payee',
  'categoryId',
  'tags',
  'splits',
  'deleted',
  'cleared',
];

/** What the API calls each state field in a history row's `fields`. */
const FIELD_NAMES: Record<keyof EntryState, string> = {
  accountId: 'accountId',
  type: 'type',
  amountCents: 'amount',
  occurredOn: 'occurredOn',
  description: 'description',
  payee: 'payee',
  categoryId: 'categoryId',
  tags: 'tags',
  splits: 'splits',
  deleted: 'deleted',
  cleared: 'cleared',
};

/** Deposits and incoming transfer legs add to a balance; everything else subtracts. */
export function signedCents(state: EntryState): bigint {
  return state.type === 'deposit' || state.type === 'transfer_in'
    ? state.amountCents
    : -state.amountCents;
}

/** What an entry in this state contributes to its account's balance (0 if it moves none). */
export function balanceEffect(
  state: EntryState | null,
): { accountId: string; cents: bigint } | null {
  if (!state || state.deleted || state.accountId === null) return null;
  return { accountId: state.accountId, cents: signedCents(state) };
}

const splitText = (splits: readonly SplitState[]) =>
  JSON.stringify(splits.map((s) => [s.categoryId, s.amountCents.toString(), s.note]));

function sameField(a: EntryState, b: EntryState, field: keyof EntryState): boolean {
  if (field === 'tags') return a.tags.join('\u0000') === b.tags.join('\u0000');
  if (field === 'splits') return splitText(a.splits) === splitText(b.splits);
  return a[field] === b[field];
}

/** The API names of the fields that differ between two states (all of them for a creation). */
export function changedFields(before: EntryState | null, after: EntryState): string[] {
  return DIFFABLE.filter((field) => before === null || !sameField(before, after, field))
    .filter((field) => before !== null || (field !== 'deleted' && field !== 'cleared'))
    .map((field) => FIELD_NAMES[field]);
}

/** The stored JSON of a state (cast to jsonb by the statement that writes it: one canonical text). */
export function toStoredSnapshot(state: EntryState): StoredSnapshot {
  return {
    accountId: state.accountId,
    type: state.type,
    amountCents: state.amountCents.toString(),
    occurredOn: state.occurredOn,
    description: state.description,
    payee: state.payee,
    categoryId: state.categoryId,
    tags: state.tags,
    splits: state.splits.map((line) => ({
      categoryId: line.categoryId,
      amountCents: line.amountCents.toString(),
      note: line.note,
    })),
    deleted: state.deleted,
    // Left out while uncleared, so every snapshot written before reconciliation keeps its text.
    ...(state.cleared !== 'uncleared' && { cleared: state.cleared }),
  };
}

/**
 * A stored snapshot back as a state (undo restores these), or why the text is not a state the
 * ledger allows (readStoredSnapshot).
 */
export function fromStoredSnapshot(text: string): { state: EntryState } | { problem: string } {
  const read = readStoredSnapshot(text);
  if ('problem' in read) return read;
  const stored = read.snapshot;
  return {
    state: {
      accountId: stored.accountId,
      type: stored.type,
      amountCents: BigInt(stored.amountCents),
      occurredOn: stored.occurredOn,
      description: stored.description,
      payee: stored.payee,
      categoryId: stored.categoryId,
      tags: stored.tags,
      splits: stored.splits.map((line) => ({
        categoryId: line.categoryId,
        amountCents: BigInt(line.amountCents),
        note: line.note,
      })),
      deleted: stored.deleted,
      cleared: stored.cleared ?? 'uncleared',
    },
  };
}

/**
 * Why the change engine cannot write `after` over `before` exactly, or null when it can: an
 * entry never changes its type (a transfer leg stays a leg, and the balance moves by the sign
 * of the type it has), and its new state keeps the ledger's rules (entryStateProblem: amount,
 * account, split lines, transfer legs) and every field's limits as the API checks them
 * (storedSnapshotSchema: dates, texts, tags, ids).
 */
export function unwritableState(before: EntryState | null, after: EntryState): string | null {
  if (before !== null && before.type !== after.type) return 'an entry cannot change its type';
  const problem = entryStateProblem(after);
  if (problem) return problem;
  const checked = storedSnapshotSchema.safeParse(toStoredSnapshot(after));
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'invalid state');
}
