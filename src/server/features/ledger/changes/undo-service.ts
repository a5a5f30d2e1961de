import type { DbOrTx } from '../../../db/connect.js';
import { AppError } from '../../../lib/app-error.js';
import { MESSAGES } from '../../../../shared/errors.js';
import type { Account } from '../../../../shared/schemas/account.js';
import { toAccount } from '../../accounts/index.js';
import {
  findChangeKind,
  historyOfChange,
  latestChangeOf,
  lockChange,
} from './change-repository.js';
import { applyChange } from './change-engine.js';
import { inTransaction } from '../../../db/in-transaction.js';
import { lockEntryStates } from './entry-locks.js';
import { fromStoredSnapshot } from './entry-state.js';
import type { Actor } from '../../../lib/actor.js';
import { deleteReconciliationOfChange } from '../reconciliation/reconciliation-repository.js';

const UNREADABLE = 'the saved state of an entry of this change is not one the ledger allows';

/**
 * Changes whose undo belongs to the feature that made them, because it keeps a mark of its own
 * beside the entries (docs/decisions/024-an-import-revert-is-undone-by-the-import.md): an
 * import's revert is undone by POST /api/imports/{id}/undo-revert, which clears the batch's
 * "reverted" mark in the same transaction. Undone here, the mark would say one thing and the
 * entries another; the undo of such an undo (which would revert the import behind its back) is
 * refused the same way.
 */
export const UNDONE_BY_THEIR_FEATURE = { 'import-revert': MESSAGES.importRevertUndoneElsewhere };

/**
 * POST /api/changes/{id}/undo (docs/ledger.md#history-and-undo): every entry the change touched
 * goes back to its state before it, as a new change of kind 'undo', under the same balance
 * guards. Refused when it is already undone, when any of its entries changed since (the undo
 * would overwrite that later change), when a balance would not allow it, or (422) when the state
 * it would go back to is not one the ledger allows (a stored snapshot that does not read back,
 * or that the change engine cannot write exactly). Retrying with the same Idempotency-Key
 * replays the first answer.
 */
export function undoChange(
  db: DbOrTx,
  actor: Actor,
  changeId: string,
  /** Set by the feature that owns the change's kind (UNDONE_BY_THEIR_FEATURE), undoing its own. */
  options: { ownedUndo?: boolean } = {},
): Promise<{ changeId: string; undoesId: string; accounts: Account[] }> {
  return inTransaction(db, async (trx) => {
    // The change first, then its entries, then their accounts: two undos of one change queue
    // here, and the second sees the first's mark.
    const change = await lockChange(trx, actor.bookId, changeId);
    if (!change) throw new AppError('NOT_FOUND', MESSAGES.changeNotFound);
    if (change.undone_by_id !== null) throw new AppError('CONFLICT', MESSAGES.alreadyUndone);
    if (!options.ownedUndo) await refuseWhenOwnedElsewhere(trx, actor.bookId, change);

    const history = await historyOfChange(trx, actor.bookId, changeId);
    const entryIds = history.map((row) => row.entry_id);
    const locked = await lockEntryStates(trx, actor.bookId, entryIds);
    const latest = await latestChangeOf(trx, actor.bookId, entryIds);
    if (entryIds.some((id) => latest.get(id) !== changeId)) {
      throw new AppError('CONFLICT', MESSAGES.undoOutdated);
    }

    const applied = await applyChange(trx, {
      ...actor,
      kind: 'undo',
      undoesId: changeId,
      entries: history.map((row) => {
        const current = locked.get(row.entry_id);
        if (!current) throw new Error('an entry of the history is gone');
        // A creation is undone by deleting what it created.
        if (row.before === null) {
          return {
            id: row.entry_id,
            before: current.state,
            after: { ...current.state, deleted: true },
          };
        }
        // The state to go back to, as stored: read with the same checks as a restored file's
        // snapshots; the engine checks it once more against the entry as it is now.
        const restored = fromStoredSnapshot(row.before);
        if ('problem' in restored) {
          throw new AppError(
            'UNPROCESSABLE',
            `${MESSAGES.entryStateInvalid} (${UNREADABLE}: ${restored.problem})`,
          );
        }
        return { id: row.entry_id, before: current.state, after: restored.state };
      }),
    });
    // An undone reconciliation is no longer one (its entries are back to cleared).
    if (change.kind === 'reconcile')
      await deleteReconciliationOfChange(trx, actor.bookId, changeId);
    return {
      changeId: applied.changeId,
      undoesId: changeId,
      accounts: applied.accounts.map(toAccount),
    };
  });
}

async function refuseWhenOwnedElsewhere(
  trx: DbOrTx,
  bookId: string,
  change: { kind: string; undoes_id: string | null },
): Promise<void> {
  const kinds: string[] = [change.kind];
  if (change.undoes_id !== null) kinds.push(await findChangeKind(trx, bookId, change.undoes_id));
  for (const kind of kinds) {
    if (Object.hasOwn(UNDONE_BY_THEIR_FEATURE, kind)) {
      throw new AppError(
        'CONFLICT',
        UNDONE_BY_THEIR_FEATURE[kind as keyof typeof UNDONE_BY_THEIR_FEATURE],
      );
    }
  }
}
