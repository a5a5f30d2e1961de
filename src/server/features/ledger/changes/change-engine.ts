import type { DbOrTx } from '../../../db/connect.js';
import type { AccountRow } from '../../../db/schema.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { currencyBounds } from '../../../../shared/currency-money.js';
import { boundText } from '../../../../shared/currency-amounts.js';
import type { ChangeKind } from '../../../../shared/schemas/history.js';
import {
  existingCategoryIds,
  insertChange,
  insertEntry,
  insertHistory,
  lockAccounts,
  markUndone,
  replaceSplitLines,
  shiftBalance,
  transferIdsOf,
  updateEntry,
} from './change-repository.js';
import type { EntryRow } from '../entries/entry-repository.js';
import { balanceEffect, changedFields, unwritableState, type EntryState } from './entry-state.js';
import { refuseUnconfirmedReconciled } from './reconciled-lock.js';
import { accountCurrencies } from '../transfers/transfer-repository.js';
import {
  accountsOfTransfers,
  syncTransferRates,
  type TransferLegsChange,
} from '../transfers/transfer-rates.js';

/**
 * The one change engine (docs/ledger.md#history-and-undo): every edit, delete, undo, transfer
 * and bulk operation is planned as a before and after state per entry, and applied here in the
 * caller's transaction: every affected balance moves under the same guard as a deposit, then
 * the change, the entries, their split lines and their history rows are written. A refusal
 * throws before anything is written (or inside the transaction, which rolls back), so a refused
 * change changes nothing.
 */

export interface PlannedEntry {
  /** The entry's id; for a new one, a fresh UUID. */
  id: string;
  /** Its state now (null: it is being created), read under its row lock. */
  before: EntryState | null;
  after: EntryState;
  /** Set on the legs of a transfer when they are created. */
  transferId?: string | null;
}

export interface ChangePlan {
  bookId: string;
  actorId: string;
  kind: ChangeKind;
  /** For an undo: the change it undoes (marked undone by this one). */
  undoesId?: string | null;
  /**
   * The person confirmed changing reconciled entries (docs/ledger.md#reconciliation). An undo
   * needs none: it goes back to a state the person had, and undo is refused once anything later
   * touched the entry.
   */
  confirmReconciled?: boolean;
  entries: PlannedEntry[];
}

export interface AppliedChange {
  changeId: string;
  /** The entries as they are now, in the plan's order. */
  entries: EntryRow[];
  /** Every account whose balance moved, now. */
  accounts: AccountRow[];
}

/** The net balance change per account of a plan (accounts whose net is 0 left out). */
function balanceDeltas(entries: readonly PlannedEntry[]): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  const add = (effect: { accountId: string; cents: bigint } | null, sign: bigint) => {
    if (!effect) return;
    deltas.set(effect.accountId, (deltas.get(effect.accountId) ?? 0n) + sign * effect.cents);
  };
  for (const entry of entries) {
    add(balanceEffect(entry.before), -1n);
    add(balanceEffect(entry.after), 1n);
  }
  for (const [id, cents] of deltas) if (cents === 0n) deltas.delete(id);
  return deltas;
}

/** Accounts an entry newly lands on (created, restored or moved there): they must be live. */
function enteredAccounts(entries: readonly PlannedEntry[]): Set<string> {
  const entered = new Set<string>();
  for (const { before, after } of entries) {
    if (after.deleted || after.accountId === null) continue;
    if (before === null || before.deleted || before.accountId !== after.accountId) {
      entered.add(after.accountId);
    }
  }
  return entered;
}

/**
 * Every category the written states name, deleted ones included: a deleted row keeps its
 * category under the same foreign key, and an undo back to a deleted state from a restored
 * history can name one the book no longer has (a refusal, not a failed write).
 */
function categoriesOf(entries: readonly PlannedEntry[]): string[] {
  const ids = new Set<string>();
  for (const { after } of entries) {
    if (after.categoryId) ids.add(after.categoryId);
    for (const line of after.splits) if (line.categoryId) ids.add(line.categoryId);
  }
  return [...ids];
}

const LEG_TYPES = new Set<string>(['transfer_in', 'transfer_out']);

/** True when an existing entry changes only its cleared state. */
function onlyClearedChanges(entry: PlannedEntry): boolean {
  if (entry.before === null) return false;
  const fields = changedFields(entry.before, entry.after);
  return fields.length === 1 && fields[0] === 'cleared';
}

/** The transfers a plan touches, their legs paired, with their accounts' currencies. */
interface PlannedTransfers {
  transfers: TransferLegsChange[];
  currencies: Map<string, string>;
}

/**
 * Why a transfer would no longer be one after this plan, or null: every leg the plan touches
 * comes with the other leg of its transfer, and after it the two are both live or both deleted,
 * on two different accounts, and move the same amount when the accounts share a currency (two
 * currencies: each leg its own amount, docs/ledger.md#transfers). Also hands on the paired legs,
 * whose rates are rewritten once the plan is written (transfers/transfer-rates.ts).
 */
async function plannedTransfers(
  trx: DbOrTx,
  plan: ChangePlan,
): Promise<{ problem: string } | PlannedTransfers> {
  // A leg cleared or reconciled on its own account's statement changes nothing the other leg
  // shares (docs/ledger.md#reconciliation).
  const legs = plan.entries.filter(
    (entry) => LEG_TYPES.has(entry.after.type) && !onlyClearedChanges(entry),
  );
  if (legs.length === 0) return { transfers: [], currencies: new Map() };
  const existing = legs.filter((leg) => leg.before !== null).map((leg) => leg.id);
  const stored = await transferIdsOf(trx, plan.bookId, existing);
  const byTransfer = new Map<string, PlannedEntry[]>();
  for (const leg of legs) {
    const transferId = leg.before === null ? leg.transferId : stored.get(leg.id);
    if (!transferId) return { problem: 'a transfer leg belongs to a transfer' };
    byTransfer.set(transferId, [...(byTransfer.get(transferId) ?? []), leg]);
  }
  const transfers: TransferLegsChange[] = [];
  for (const pair of byTransfer.values()) {
    const out = pair.find((leg) => leg.after.type === 'transfer_out');
    const into = pair.find((leg) => leg.after.type === 'transfer_in');
    if (pair.length !== 2 || !out || !into) {
      return { problem: 'the two legs of a transfer change together' };
    }
    transfers.push({ out, into });
  }
  const currencies = await accountCurrencies(trx, plan.bookId, accountsOfTransfers(transfers));
  for (const { out, into } of transfers) {
    const { after: o } = out;
    const { after: i } = into;
    const oneCurrency =
      o.accountId !== null &&
      i.accountId !== null &&
      currencies.get(o.accountId) === currencies.get(i.accountId);
    if ((oneCurrency && o.amountCents !== i.amountCents) || o.deleted !== i.deleted) {
      return {
        problem:
          'the two legs of a transfer move the same amount in one currency and are deleted together',
      };
    }
    if (o.accountId === i.accountId) {
      return { problem: 'a transfer moves money between two different accounts' };
    }
  }
  return { transfers, currencies };
}

/**
 * Refuses (422, before anything is written) a plan whose after states the engine cannot write
 * exactly: an entry named twice, a type change, a state that breaks the ledger's rules or a
 * field's limits (unwritableState), a transfer that would stop being one. Every operation's
 * plan keeps these by construction; an undo restores a stored snapshot, which is checked here
 * again whatever wrote it (a restored file, an older server).
 */
async function refuseUnwritable(trx: DbOrTx, plan: ChangePlan): Promise<PlannedTransfers> {
  const ids = new Set(plan.entries.map((entry) => entry.id));
  let problem: string | null =
    ids.size === plan.entries.length ? null : 'an entry appears twice in one change';
  for (const entry of plan.entries) {
    problem ??= unwritableState(entry.before, entry.after);
  }
  const planned = problem === null ? await plannedTransfers(trx, plan) : { problem };
  if ('problem' in planned) {
    throw new AppError('UNPROCESSABLE', `${MESSAGES.entryStateInvalid} (${planned.problem})`);
  }
  refuseUnconfirmedReconciled(
    plan.entries,
    plan.kind === 'undo' || plan.confirmReconciled === true,
  );
  return planned;
}

/** The largest balance of an account, in minor units of its currency. */
const maxBalance = (account: AccountRow) => currencyBounds(account.currency).maxBalance;

function balanceRefusal(account: AccountRow, deltaCents: bigint): AppError {
  if (deltaCents < 0n) return new AppError('INSUFFICIENT_FUNDS', MESSAGES.insufficientFunds);
  return new AppError(
    'BALANCE_LIMIT_EXCEEDED',
    `This would take the balance of ${account.title} above the limit of ${boundText(maxBalance(account), account.currency)}`,
  );
}

/**
 * Applies a plan inside `trx` (which the caller opened, having locked the entries it read).
 * Order of the refusals: a state the engine cannot write (422, refuseUnwritable), an account the
 * change lands on (404), an account of the entry that was deleted (422), a category (404), then
 * the balances (422).
 */
export async function applyChange(trx: DbOrTx, plan: ChangePlan): Promise<AppliedChange> {
  const planned = await refuseUnwritable(trx, plan);
  const deltas = balanceDeltas(plan.entries);
  const entered = enteredAccounts(plan.entries);
  const accountIds = [...new Set([...deltas.keys(), ...entered])].sort();
  const accounts = new Map(
    (await lockAccounts(trx, plan.bookId, accountIds)).map((row) => [row.id, row]),
  );

  for (const id of entered) {
    const account = accounts.get(id);
    if (account && account.deleted_at === null) continue;
    // An undo names no account: the one it would bring an entry back to was deleted since.
    throw plan.kind === 'undo'
      ? new AppError('UNPROCESSABLE', MESSAGES.entryAccountDeleted)
      : notFound();
  }
  for (const id of deltas.keys()) {
    const account = accounts.get(id);
    if (!account || account.deleted_at !== null) {
      throw new AppError('UNPROCESSABLE', MESSAGES.entryAccountDeleted);
    }
  }
  const categories = categoriesOf(plan.entries);
  const known = await existingCategoryIds(trx, plan.bookId, categories);
  if (categories.some((id) => !known.has(id))) {
    throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound);
  }

  // Sorted by id: the same order as the row locks above.
  const moved: AccountRow[] = [];
  for (const id of [...deltas.keys()].sort()) {
    const delta = deltas.get(id) ?? 0n;
    const account = accounts.get(id) as AccountRow;
    const after = await shiftBalance(trx, plan.bookId, id, delta, maxBalance(account));
    if (!after) throw balanceRefusal(account, delta);
    moved.push(after);
  }

  const changeId = await insertChange(trx, {
    bookId: plan.bookId,
    actorId: plan.actorId,
    kind: plan.kind,
    undoesId: plan.undoesId ?? null,
  });
  const rows: EntryRow[] = [];
  for (const entry of plan.entries) {
    const row =
      entry.before === null
        ? await insertEntry(trx, {
            id: entry.id,
            bookId: plan.bookId,
            actorId: plan.actorId,
            transferId: entry.transferId ?? null,
            state: entry.after,
          })
        : await updateEntry(trx, plan.bookId, entry.id, entry.before, entry.after);
    const before = entry.before;
    if (changedFields(before, entry.after).includes('splits')) {
      await replaceSplitLines(
        trx,
        plan.bookId,
        entry.id,
        entry.after.splits,
        (before?.splits.length ?? 0) > 0,
      );
    }
    rows.push(row);
  }
  await insertHistory(
    trx,
    plan.bookId,
    changeId,
    plan.entries.map((entry) => ({
      entryId: entry.id,
      fields: changedFields(entry.before, entry.after),
      before: entry.before,
      after: entry.after,
    })),
  );
  if (plan.undoesId) await markUndone(trx, plan.bookId, plan.undoesId, changeId);
  // Last, after every row lock of the change (docs/ledger.md#concurrency).
  await syncTransferRates(trx, plan.bookId, planned.transfers, planned.currencies);
  return { changeId, entries: rows, accounts: moved };
}
