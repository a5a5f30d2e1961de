import { AppError } from '../../../lib/app-error.js';
import type { PlannedEntry } from './change-engine.js';
import type { EntryState } from './entry-state.js';

/**
 * The lock on reconciled entries (docs/ledger.md#reconciliation): a change that would move a
 * reconciled balance (amount, date, account, type, deleting it) or take an entry out of its
 * reconciliation is refused with 409 RECONCILED_ENTRY unless the person confirmed it. A
 * confirmation, not a hard refusal: statements have mistakes too (docs/decisions/027-reconciled-entries-ask-before-changing.md).
 */

export const RECONCILED_MESSAGES = {
  one: 'This entry is reconciled against a statement: changing its amount, date or account, or deleting it, would change a balance you reconciled. Confirm to change it anyway',
  many: (count: number) =>
    `${count} of these entries are reconciled against a statement: changing their amount, date or account, or deleting them, would change a balance you reconciled. Confirm to change them anyway`,
} as const;

/** True when going from `before` to `after` touches what a reconciliation vouched for. */
export function movesReconciled(before: EntryState | null, after: EntryState): boolean {
  if (before === null || before.cleared !== 'reconciled') return false;
  return (
    after.cleared !== 'reconciled' ||
    before.accountId !== after.accountId ||
    before.amountCents !== after.amountCents ||
    before.occurredOn !== after.occurredOn ||
    before.type !== after.type ||
    before.deleted !== after.deleted
  );
}

/** Refuses (409, before anything is written) an unconfirmed change to reconciled entries. */
export function refuseUnconfirmedReconciled(
  entries: readonly PlannedEntry[],
  confirmed: boolean,
): void {
  if (confirmed) return;
  const count = entries.filter((entry) => movesReconciled(entry.before, entry.after)).length;
  if (count === 0) return;
  throw new AppError(
    'RECONCILED_ENTRY',
    count === 1 && entries.length === 1 ? RECONCILED_MESSAGES.one : RECONCILED_MESSAGES.many(count),
  );
}
