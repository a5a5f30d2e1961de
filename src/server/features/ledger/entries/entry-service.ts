import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../../db/connect.js';
import { inTransaction } from '../../../db/in-transaction.js';
import type { AccountRow } from '../../../db/schema.js';
import { AppError, notFound, validationError } from '../../../lib/app-error.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { assertAmountsIn } from '../../../lib/currency-amount.js';
import { unitsToMinorUnits } from '../../../../shared/currency-money.js';
import { currencyExponent } from '../../../../shared/currencies.js';
import type { Account } from '../../../../shared/schemas/account.js';
import type {
  BulkCategorizeInput,
  BulkDeleteInput,
  CreateEntryInput,
  UpdateEntryInput,
} from '../../../../shared/schemas/entry.js';
import { splitMismatchIn, type SplitLineInput } from '../../../../shared/schemas/entry-fields.js';
import type { HistoryItem } from '../../../../shared/schemas/history.js';
import type { Transaction } from '../../../../shared/schemas/ledger.js';
import { findAccount, findAccountCurrencies } from '../../accounts/index.js';
import { toAccount } from '../../accounts/index.js';
import { findBookBaseCurrency } from '../../books/index.js';
import { parseStoredSnapshot, toApiSnapshot } from '../changes/entry-snapshot.js';
import {
  bookToday,
  existingCategoryIds,
  findEntry,
  historyOfEntry,
} from '../changes/change-repository.js';
import { loadEntryCurrencies, toTransactions } from './transaction-view.js';
import { moveMoney, recordExpense } from './movement-service.js';
import { applyChange, type AppliedChange, type PlannedEntry } from '../changes/change-engine.js';
import { lockEditableEntries } from '../changes/entry-locks.js';
import { fillFromRules } from '../../rules/index.js';
import type { EntryState, SplitState } from '../changes/entry-state.js';
import type { Actor } from '../../../lib/actor.js';

/**
 * Any entry, one at a time or in bulk (docs/ledger.md#entries): each operation plans the
 * entries' states and hands them to the change engine, in one transaction.
 */

const SPLIT_HAS_NO_CATEGORY =
  'A split entry has no category of its own: give each line its category';
const ONLY_OUTGOING_SPLITS = 'Only expenses and withdrawals can be split';
const ACCOUNT_REQUIRED = 'accountId is required for a deposit or a withdrawal';

export const ENTRY_CURRENCY_MOVE =
  'An entry cannot move to an account in another currency: delete it and add it there';

/**
 * An input's amount and split lines in minor units of the entry's currency: each judged in it,
 * then the lines against the amount, as the input schema did before currencies (400s at the
 * fields, decision 035). `amount` left out (an edit of the lines alone) is checked later, against
 * the stored amount (checkSplits, 422).
 */
function inputAmounts(
  input: { amount?: number | undefined; splits?: readonly SplitLineInput[] | null | undefined },
  currency: string,
): void {
  const lines = input.splits ?? [];
  assertAmountsIn(
    [
      ...(input.amount === undefined ? [] : [{ units: input.amount, path: 'amount' }]),
      ...lines.map((line, i) => ({ units: line.amount, path: `splits.${i}.amount` })),
    ],
    currency,
  );
  if (input.amount === undefined || lines.length === 0) return;
  const mismatch = splitMismatchIn(
    unitsToMinorUnits(input.amount, currency),
    lines.map((line) => unitsToMinorUnits(line.amount, currency)),
    currency,
  );
  if (mismatch) throw validationError([{ path: 'splits', message: mismatch }]);
}

/** Split lines of an input in minor units of the entry's currency (judged by inputAmounts). */
function toSplitStates(lines: readonly SplitLineInput[], currency: string): SplitState[] {
  return lines.map((line) => ({
    categoryId: line.categoryId ?? null,
    amountCents: unitsToMinorUnits(line.amount, currency),
    note: line.note ?? '',
  }));
}

/** The split rules the input schema cannot check alone (it does not know the stored entry). */
function checkSplits(state: EntryState, currency: string): void {
  if (state.splits.length === 0) return;
  if (state.type !== 'expense' && state.type !== 'withdraw') {
    throw new AppError('UNPROCESSABLE', ONLY_OUTGOING_SPLITS);
  }
  if (state.categoryId !== null) throw new AppError('UNPROCESSABLE', SPLIT_HAS_NO_CATEGORY);
  const mismatch = splitMismatchIn(
    state.amountCents,
    state.splits.map((line) => line.amountCents),
    currency,
  );
  if (mismatch) throw new AppError('UNPROCESSABLE', mismatch);
}

/**
 * The currency of an entry on `accountId` (docs/money.md#account-currency): the account's, or the
 * book's base currency without one. Deleted accounts count: their entries keep their currency.
 */
async function entryCurrency(
  db: DbOrTx,
  bookId: string,
  accountId: string | null,
): Promise<string> {
  if (accountId === null) return findBookBaseCurrency(db, bookId);
  const currency = (await findAccountCurrencies(db, bookId, [accountId])).get(accountId);
  if (currency === undefined) throw notFound();
  return currency;
}

/** An applied change as the API answers it: the entries with their links, the accounts moved. */
async function answer(trx: DbOrTx, bookId: string, applied: AppliedChange) {
  return {
    transactions: await toTransactions(trx, bookId, applied.entries),
    accounts: applied.accounts.map(toAccount),
    changeId: applied.changeId,
  };
}

export interface EntryMutation {
  transaction: Transaction;
  accounts: Account[];
  changeId: string;
}

/** A creation also names the rule that filled in what the person left empty (or null). */
export interface EntryCreation extends EntryMutation {
  ruleId: string | null;
}

const DEFAULT_DESCRIPTION: Record<CreateEntryInput['type'], (account: AccountRow) => string> = {
  deposit: (account) => `Deposit to account ${account.title}`,
  withdraw: (account) => `Withdrawal from account ${account.title}`,
  expense: () => '',
};

/**
 * POST /api/transactions. Without split lines it is exactly a deposit, withdrawal or expense
 * (the one-statement movement of money.md); with them, a creation through the change engine.
 */
export async function createEntry(
  db: DbOrTx,
  actor: Actor,
  input: CreateEntryInput,
): Promise<EntryCreation> {
  const extras = input;
  if (input.splits === undefined) {
    const moved =
      input.type === 'expense'
        ? await recordExpense(db, {
            ...actor,
            accountId: input.accountId,
            amount: input.amount,
            description: input.description,
            extras,
          })
        : await moveMoney(db, {
            ...actor,
            accountId: input.accountId as string,
            type: input.type,
            amount: input.amount,
            description: input.description,
            extras,
          });
    return {
      transaction: moved.transaction,
      accounts: moved.account ? [moved.account] : [],
      changeId: moved.changeId,
      ruleId: moved.ruleId,
    };
  }
  const splits = input.splits;
  return inTransaction(db, async (trx) => {
    const accountId = input.accountId ?? null;
    const account = accountId === null ? null : await findAccount(trx, actor.bookId, accountId);
    if (accountId !== null && !account) throw notFound();
    const currency = account?.currency ?? (await findBookBaseCurrency(trx, actor.bookId));
    inputAmounts(input, currency);
    const amountCents = unitsToMinorUnits(input.amount, currency);
    // Split lines carry the categories, so a rule fills only the text fields here.
    const fill = await fillFromRules(trx, actor, {
      accountId,
      amountCents: input.type === 'deposit' ? amountCents : -amountCents,
      exponent: currencyExponent(currency),
      description: input.description ?? '',
      payee: input.payee ?? '',
      categoryId: null,
      tags: input.tags ?? [],
      takesCategory: false,
    });
    const description = fill?.description ?? input.description;
    const after: EntryState = {
      accountId,
      type: input.type,
      amountCents,
      occurredOn: input.occurredOn ?? (await bookToday(trx, actor.bookId)),
      description: description || (account ? DEFAULT_DESCRIPTION[input.type](account) : ''),
      payee: fill?.payee ?? input.payee ?? '',
      categoryId: null,
      tags: fill?.tags ?? input.tags ?? [],
      splits: toSplitStates(splits, currency),
      deleted: false,
      cleared: 'uncleared',
    };
    checkSplits(after, currency);
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'create',
      entries: [{ id: randomUUID(), before: null, after }],
    });
    const { transactions, accounts, changeId } = await answer(trx, actor.bookId, applied);
    return {
      transaction: transactions[0] as Transaction,
      accounts,
      changeId,
      ruleId: fill?.ruleId ?? null,
    };
  });
}

/**
 * The state an edit asks for: every field left out keeps its value. Amounts are in `currency`,
 * the entry's, which an edit never changes (a move to another account keeps to its currency).
 */
function editedState(before: EntryState, input: UpdateEntryInput, currency: string): EntryState {
  inputAmounts(input, currency);
  const after: EntryState = {
    ...before,
    ...(input.amount !== undefined && { amountCents: unitsToMinorUnits(input.amount, currency) }),
    ...(input.occurredOn !== undefined && { occurredOn: input.occurredOn }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.payee !== undefined && { payee: input.payee }),
    ...(input.tags !== undefined && { tags: input.tags }),
    ...(input.accountId !== undefined && { accountId: input.accountId }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.splits !== undefined && { splits: toSplitStates(input.splits ?? [], currency) }),
  };
  if (after.accountId === null && after.type !== 'expense') {
    throw new AppError('VALIDATION_ERROR', ACCOUNT_REQUIRED);
  }
  // New lines on a categorised entry take its place; naming a category on a split one does not.
  if (after.splits.length > 0 && after.categoryId !== null) {
    if (input.categoryId) throw new AppError('UNPROCESSABLE', SPLIT_HAS_NO_CATEGORY);
    after.categoryId = null;
  }
  checkSplits(after, currency);
  return after;
}

/**
 * The entry's currency, refusing a move to an account (or to none) in another one: its amounts
 * are minor units of its currency and would silently mean other money there.
 */
async function editCurrency(
  db: DbOrTx,
  bookId: string,
  before: EntryState,
  input: UpdateEntryInput,
): Promise<string> {
  const currency = await entryCurrency(db, bookId, before.accountId);
  if (input.accountId === undefined || input.accountId === before.accountId) return currency;
  const target =
    input.accountId === null
      ? await findBookBaseCurrency(db, bookId)
      : (await findAccountCurrencies(db, bookId, [input.accountId])).get(input.accountId);
  // A move to an account the book does not have stays the change engine's 404, as before.
  if (target !== undefined && target !== currency) {
    throw new AppError('UNPROCESSABLE', ENTRY_CURRENCY_MOVE);
  }
  return currency;
}

/** PATCH /api/transactions/{id}. */
export async function updateEntry(
  db: DbOrTx,
  actor: Actor,
  input: UpdateEntryInput,
): Promise<EntryMutation> {
  return inTransaction(db, async (trx) => {
    const [entry] = await lockEditableEntries(trx, actor.bookId, [input.id], input.expectedVersion);
    const before = (entry as NonNullable<typeof entry>).state;
    const currency = await editCurrency(trx, actor.bookId, before, input);
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'update',
      confirmReconciled: input.confirmReconciled === true,
      entries: [{ id: input.id, before, after: editedState(before, input, currency) }],
    });
    const { transactions, accounts, changeId } = await answer(trx, actor.bookId, applied);
    return { transaction: transactions[0] as Transaction, accounts, changeId };
  });
}

export interface ChangeSummary {
  changeId: string;
  count: number;
  accounts: Account[];
}

/** Soft-deletes entries as one change (undo restores them). */
async function deleteEntries(
  db: DbOrTx,
  actor: Actor,
  ids: readonly string[],
  kind: 'delete' | 'bulk',
  options: { expectedVersion?: number | undefined; confirmReconciled: boolean },
): Promise<ChangeSummary> {
  return inTransaction(db, async (trx) => {
    const entries = await lockEditableEntries(trx, actor.bookId, ids, options.expectedVersion);
    const applied = await applyChange(trx, {
      ...actor,
      kind,
      confirmReconciled: options.confirmReconciled,
      entries: entries.map(({ row, state }) => ({
        id: row.id,
        before: state,
        after: { ...state, deleted: true },
      })),
    });
    return {
      changeId: applied.changeId,
      count: applied.entries.length,
      accounts: applied.accounts.map(toAccount),
    };
  });
}

/** DELETE /api/transactions/{id}. */
export function deleteEntry(
  db: DbOrTx,
  actor: Actor,
  input: {
    id: string;
    expectedVersion?: number | undefined;
    confirmReconciled?: 'true' | undefined;
  },
): Promise<ChangeSummary> {
  return deleteEntries(db, actor, [input.id], 'delete', {
    expectedVersion: input.expectedVersion,
    confirmReconciled: input.confirmReconciled === 'true',
  });
}

/** POST /api/transactions/bulk-delete: all of them or none. */
export function bulkDeleteEntries(
  db: DbOrTx,
  actor: Actor,
  input: BulkDeleteInput,
): Promise<ChangeSummary> {
  return deleteEntries(db, actor, input.ids, 'bulk', {
    confirmReconciled: input.confirmReconciled === true,
  });
}

/**
 * POST /api/transactions/bulk-categorize: one change touching every entry whose category
 * differs; split entries and transfer legs are refused (their categories live elsewhere).
 */
export async function bulkCategorizeEntries(
  db: DbOrTx,
  actor: Actor,
  input: BulkCategorizeInput,
): Promise<ChangeSummary> {
  return inTransaction(db, async (trx) => {
    const entries = await lockEditableEntries(trx, actor.bookId, input.ids);
    if (entries.some(({ state }) => state.splits.length > 0)) {
      throw new AppError('UNPROCESSABLE', SPLIT_HAS_NO_CATEGORY);
    }
    const planned: PlannedEntry[] = entries
      .filter(({ state }) => state.categoryId !== input.categoryId)
      .map(({ row, state }) => ({
        id: row.id,
        before: state,
        after: { ...state, categoryId: input.categoryId },
      }));
    // Checked here too: when no entry changes, the engine sees no category to check.
    if (input.categoryId !== null) {
      const known = await existingCategoryIds(trx, actor.bookId, [input.categoryId]);
      if (!known.has(input.categoryId)) throw new AppError('NOT_FOUND', MESSAGES.categoryNotFound);
    }
    const applied = await applyChange(trx, { ...actor, kind: 'bulk', entries: planned });
    return { changeId: applied.changeId, count: planned.length, accounts: [] };
  });
}

/** GET /api/transactions/{id}: a live entry and its whole history, oldest first. */
export async function getEntry(
  db: Db,
  bookId: string,
  id: string,
): Promise<{ transaction: Transaction; history: HistoryItem[] }> {
  const row = await findEntry(db, bookId, id);
  if (!row || row.deleted_at !== null) {
    throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  }
  const [[transaction], history] = await Promise.all([
    toTransactions(db, bookId, [row]),
    historyOfEntry(db, bookId, id),
  ]);
  // Each state in the currency of the account it names (an edit may have moved the entry).
  const named = history
    .flatMap((item) => [item.before, item.after])
    .flatMap((text) => {
      const state = text === null ? null : parseStoredSnapshot(text);
      return state ? [{ account_id: state.accountId }] : [];
    });
  const currencyOf = await loadEntryCurrencies(db, bookId, named);
  const stateCurrency = (accountId: string | null) => currencyOf({ account_id: accountId });
  return {
    transaction: transaction as Transaction,
    history: history.map((item) => ({
      changeId: item.change_id,
      kind: item.kind,
      actor: item.actor_id && item.email ? { id: item.actor_id, email: item.email } : null,
      at: item.created_at.toISOString(),
      fields: item.fields,
      before: toApiSnapshot(item.before, stateCurrency),
      after: toApiSnapshot(item.after, stateCurrency),
      undoneBy: item.undone_by_id,
    })),
  };
}
