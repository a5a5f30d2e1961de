import type { Db, DbOrTx } from '../../../db/connect.js';
import { centsFromDb } from '../../../db/cents.js';
import type { ReconciliationRow } from '../../../db/schema.js';
import { inTransaction } from '../../../db/in-transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { Actor } from '../../../lib/actor.js';
import { minorUnitsToUnits } from '../../../../shared/currency-money.js';
import {
  STATEMENT_BALANCE_FIELD,
  boundText,
  signedAmountText,
} from '../../../../shared/currency-amounts.js';
import { minorUnitsIn } from '../../../lib/currency-amount.js';
import type { Transaction } from '../../../../shared/schemas/ledger.js';
import type {
  FinishReconciliationInput,
  Reconciliation,
  ReconciliationSummary,
  ReconciliationSummaryInput,
  SetClearedInput,
} from '../../../../shared/schemas/reconciliation.js';
import { findAccount } from '../../accounts/index.js';
import { applyChange, type PlannedEntry } from '../changes/change-engine.js';
import { lockEditableEntries, lockEntryStates, type LockedEntry } from '../changes/entry-locks.js';
import { signedCents } from '../changes/entry-state.js';
import { toTransactions } from '../entries/transaction-view.js';
import {
  clearedEntryIds,
  clearedTotals,
  insertReconciliation,
  latestReconciliation,
} from './reconciliation-repository.js';

// Reconciliation (docs/ledger.md#reconciliation): marking entries cleared, the summary of an
// account against a statement, and finishing it, each through the change engine.

export const RECONCILE_MESSAGES = {
  difference: (
    difference: bigint,
    cleared: bigint,
    statement: bigint,
    on: string,
    currency = 'USD',
  ) => {
    const text = (minorUnits: bigint) => signedAmountText(minorUnits, currency);
    return (
      `The difference is ${text(difference)}: the cleared balance on ${on} is ` +
      `${text(cleared)} and the statement says ${text(statement)}. Nothing was ` +
      `reconciled; clear or correct entries until the difference is ${boundText(0n, currency)}`
    );
  },
  deleted: 'This account was deleted; it cannot be reconciled',
} as const;

/** A reconciliation as the API shows it, in its account's currency. */
function toReconciliation(row: ReconciliationRow, currency: string): Reconciliation {
  return {
    id: row.id,
    accountId: row.account_id,
    statementOn: row.statement_on,
    statementBalance: minorUnitsToUnits(centsFromDb(row.statement_balance_cents), currency),
    currency,
    createdAt: row.created_at.toISOString(),
  };
}

/** A live account of the book, or 404; its currency. */
async function liveAccount(db: DbOrTx, bookId: string, accountId: string): Promise<string> {
  const account = await findAccount(db, bookId, accountId);
  if (!account) throw notFound();
  return account.currency;
}

/** A statement balance in minor units of the account's currency (400 when it cannot be one). */
const statementMinorUnits = (units: number, currency: string) =>
  minorUnitsIn(units, currency, 'statementBalance', STATEMENT_BALANCE_FIELD);

/**
 * PATCH /api/transactions/{id}/cleared: marks a live entry cleared or not, as one undoable change
 * of kind 'clear'. Marking a reconciled entry uncleared takes it out of its reconciliation and
 * needs confirmReconciled (409 RECONCILED_ENTRY otherwise). Asking for the state it already has
 * (or cleared for a reconciled entry) records nothing: changeId null.
 */
export async function setEntryCleared(
  db: DbOrTx,
  actor: Actor,
  input: SetClearedInput,
): Promise<{ transaction: Transaction; changeId: string | null }> {
  return inTransaction(db, async (trx) => {
    const locked = await lockEntryStates(trx, actor.bookId, [input.id]);
    const entry = locked.get(input.id);
    if (!entry || entry.state.deleted) {
      // The same refusals as any edit aimed at one entry.
      await lockEditableEntries(trx, actor.bookId, [input.id]);
    }
    const { row, state } = entry as LockedEntry;
    const wanted = input.cleared
      ? state.cleared === 'uncleared'
        ? 'cleared'
        : state.cleared
      : 'uncleared';
    if (wanted === state.cleared) {
      const [transaction] = await toTransactions(trx, actor.bookId, [row]);
      return { transaction: transaction as Transaction, changeId: null };
    }
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'clear',
      confirmReconciled: input.confirmReconciled === true,
      entries: [{ id: row.id, before: state, after: { ...state, cleared: wanted } }],
    });
    const [transaction] = await toTransactions(trx, actor.bookId, applied.entries);
    return { transaction: transaction as Transaction, changeId: applied.changeId };
  });
}

/** GET /api/account/{id}/reconciliation: the cleared balance against a statement's. */
export async function reconciliationSummary(
  db: Db,
  bookId: string,
  input: ReconciliationSummaryInput,
): Promise<ReconciliationSummary> {
  const currency = await liveAccount(db, bookId, input.id);
  const statementCents = statementMinorUnits(input.statementBalance, currency);
  const [totals, last] = await Promise.all([
    clearedTotals(db, bookId, input.id, input.statementOn),
    latestReconciliation(db, bookId, input.id),
  ]);
  return {
    accountId: input.id,
    currency,
    statementOn: input.statementOn,
    statementBalance: input.statementBalance,
    clearedBalance: minorUnitsToUnits(totals.clearedCents, currency),
    difference: minorUnitsToUnits(statementCents - totals.clearedCents, currency),
    clearedCount: totals.clearedCount,
    lastReconciliation: last ? toReconciliation(last, currency) : null,
  };
}

/**
 * Locks the account's cleared and reconciled entries on or before the date and reads them under
 * their locks. A change between the first read and the locks (an entry cleared, moved into the
 * range) is caught by reading the ids once more: the locks are taken until the two agree, so the
 * total below is of rows nobody can change until this transaction ends.
 */
async function lockClearedRange(
  trx: DbOrTx,
  bookId: string,
  accountId: string,
  statementOn: string,
): Promise<LockedEntry[]> {
  const locked = new Map<string, LockedEntry>();
  let ids = await clearedEntryIds(trx, bookId, accountId, statementOn);
  for (;;) {
    const missing = ids.filter((id) => !locked.has(id));
    for (const [id, entry] of await lockEntryStates(trx, bookId, missing)) locked.set(id, entry);
    ids = await clearedEntryIds(trx, bookId, accountId, statementOn);
    if (ids.every((id) => locked.has(id))) break;
  }
  // Read under the lock: what still counts now.
  return [...locked.values()].filter(
    ({ state }) =>
      !state.deleted &&
      state.accountId === accountId &&
      state.occurredOn <= statementOn &&
      state.cleared !== 'uncleared',
  );
}

/**
 * POST /api/account/{id}/reconcile: refused (409, naming the difference) unless the cleared
 * balance on the statement's date equals the statement's balance exactly; then every cleared
 * entry of the range becomes reconciled in one change of kind 'reconcile' (undo takes them back
 * to cleared and removes the record), and the reconciliation is recorded.
 */
export async function finishReconciliation(
  db: DbOrTx,
  actor: Actor,
  input: FinishReconciliationInput,
): Promise<{ reconciliation: Reconciliation; count: number; changeId: string }> {
  return inTransaction(db, async (trx) => {
    const currency = await liveAccount(trx, actor.bookId, input.id);
    const statementCents = statementMinorUnits(input.statementBalance, currency);
    const entries = await lockClearedRange(trx, actor.bookId, input.id, input.statementOn);
    const clearedCents = entries.reduce((sum, { state }) => sum + signedCents(state), 0n);
    const difference = statementCents - clearedCents;
    if (difference !== 0n) {
      throw new AppError(
        'CONFLICT',
        RECONCILE_MESSAGES.difference(
          difference,
          clearedCents,
          statementCents,
          input.statementOn,
          currency,
        ),
      );
    }
    const planned: PlannedEntry[] = entries
      .filter(({ state }) => state.cleared === 'cleared')
      .sort((a, b) => (a.row.id < b.row.id ? -1 : 1))
      .map(({ row, state }) => ({
        id: row.id,
        before: state,
        after: { ...state, cleared: 'reconciled' },
      }));
    const applied = await applyChange(trx, { ...actor, kind: 'reconcile', entries: planned });
    const record = await insertReconciliation(trx, {
      bookId: actor.bookId,
      accountId: input.id,
      statementOn: input.statementOn,
      statementBalanceCents: statementCents,
      changeId: applied.changeId,
      actorId: actor.actorId,
    });
    return {
      reconciliation: toReconciliation(record, currency),
      count: planned.length,
      changeId: applied.changeId,
    };
  });
}
