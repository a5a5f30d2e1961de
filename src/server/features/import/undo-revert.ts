import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { MESSAGES } from '../../../shared/errors.js';
import type { ImportBatch } from '../../../shared/schemas/import.js';
import type { Account } from '../../../shared/schemas/account.js';
import { findAccount, toAccount } from '../accounts/index.js';
import { undoChange } from '../ledger/index.js';
import { clearReverted, lockBatch, reimportedCount, revertedTotals } from './import-repository.js';
import { IMPORT_MESSAGES, toBatch } from './import-service.js';

/**
 * POST /api/imports/{id}/undo-revert (docs/import.md#revert): the revert's change undone by the
 * ledger's own undo (every entry back exactly as it was, balances under the same guards) and the
 * batch's "reverted" mark cleared, in one transaction, so the mark and the entries never
 * disagree (docs/decisions/024-an-import-revert-is-undone-by-the-import.md). Refused, changing
 * nothing, when the batch is not reverted, when its rows were imported again since, when one of
 * its entries changed since, or when a balance would not allow it.
 */
export function undoRevertImport(
  db: DbOrTx,
  actor: Actor,
  batchId: string,
): Promise<{ batch: ImportBatch; account: Account; changeId: string }> {
  return inTransaction(db, async (trx) => {
    // The batch first, as a revert takes it: a revert and its undo queue here.
    const batch = await lockBatch(trx, actor.bookId, batchId);
    if (!batch || batch.change_id === null) {
      throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
    }
    const revertId = batch.revert_change_id;
    if (revertId === null) throw new AppError('CONFLICT', IMPORT_MESSAGES.notReverted);
    if (!(await findAccount(trx, actor.bookId, batch.account_id))) {
      throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.accountGoneForUndo);
    }
    const twins = await reimportedCount(trx, actor.bookId, batchId, revertId);
    if (twins > 0) throw new AppError('CONFLICT', IMPORT_MESSAGES.importedAgain(twins));
    for (const { title, currency, balance, limit, total } of await revertedTotals(
      trx,
      actor.bookId,
      revertId,
    )) {
      const after = BigInt(balance) + BigInt(total);
      if (after < -BigInt(limit)) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          IMPORT_MESSAGES.undoRevertBelowFloor(title, after, -BigInt(limit), currency),
        );
      }
    }
    let undone: Awaited<ReturnType<typeof undoChange>>;
    try {
      undone = await undoChange(trx, actor, revertId, { ownedUndo: true });
    } catch (error) {
      // The ledger's words are about one entry; here the person acts on a whole import.
      if (error instanceof AppError && error.message === MESSAGES.undoOutdated) {
        throw new AppError('CONFLICT', IMPORT_MESSAGES.changedSinceRevert);
      }
      throw error;
    }
    const live = await clearReverted(trx, batchId);
    const home = await findAccount(trx, actor.bookId, batch.account_id);
    if (!home) throw new Error('the account of the batch went away inside its transaction');
    return {
      batch: toBatch(live, home.currency),
      account: toAccount(home),
      changeId: undone.changeId,
    };
  });
}
