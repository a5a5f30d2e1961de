import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../../db/connect.js';
import { centsFromDb } from '../../../db/cents.js';
import { AppError, notFound, validationError } from '../../../lib/app-error.js';
import { MESSAGES } from '../../../../shared/errors.js';
import { minorUnitsToUnits } from '../../../../shared/currency-money.js';
import type { Account } from '../../../../shared/schemas/account.js';
import {
  editedTransferAmounts,
  newTransferAmounts,
  transferRateText,
  type LegAmountsOutcome,
} from '../../../../shared/transfer-amounts.js';
import {
  DIFFERENT_ACCOUNTS,
  sameAccounts,
  type CreateTransferInput,
  type DeleteTransferInput,
  type Transfer,
  type UpdateTransferInput,
} from '../../../../shared/schemas/transfer.js';
import { findAccount } from '../../accounts/index.js';
import { toAccount } from '../../accounts/index.js';
import { bookToday, findTransferEntries } from '../changes/change-repository.js';
import type { EntryRow } from '../entries/entry-repository.js';
import { applyChange, type AppliedChange } from '../changes/change-engine.js';
import { inTransaction } from '../../../db/in-transaction.js';
import { lockEntryStates, type LockedEntry } from '../changes/entry-locks.js';
import type { EntryState } from '../changes/entry-state.js';
import type { Actor } from '../../../lib/actor.js';
import { accountCurrencies } from './transfer-repository.js';

/**
 * Transfers (docs/ledger.md#transfers): two legs sharing a transfer_id, a transfer_out on the
 * source and a transfer_in on the destination, always created, edited and deleted together by
 * one change. Between accounts of one currency they move one amount and net to zero; between
 * two currencies each leg holds its own amount in its account's minor units, and the change
 * engine keeps the rate they imply in the rate table (transfer-rates.ts).
 */

const transferNotFound = () => new AppError('NOT_FOUND', MESSAGES.transferNotFound);

/**
 * Both named accounts must be live accounts of the book (404) before they may be compared;
 * answers the currency of each named one.
 */
async function checkAccounts(
  trx: DbOrTx,
  bookId: string,
  ids: readonly (string | undefined)[],
): Promise<Map<string, string>> {
  const currencies = new Map<string, string>();
  for (const id of ids) {
    if (id === undefined) continue;
    const account = await findAccount(trx, bookId, id);
    if (!account) throw notFound();
    currencies.set(id, account.currency);
  }
  return currencies;
}

/** The amounts as read, or the 400 naming the amount refused at its field. */
function amountsOrRefuse(outcome: LegAmountsOutcome) {
  if (!outcome.ok) throw validationError([{ path: outcome.field, message: outcome.message }]);
  return outcome.value;
}

const currencyOf = (currencies: ReadonlyMap<string, string>, accountId: string | null) => {
  const currency = accountId === null ? undefined : currencies.get(accountId);
  if (currency === undefined) throw new Error(`a transfer leg on an unknown account`);
  return currency;
};

/** A transfer as the API shows it, from its two legs and their accounts' currencies. */
export function toTransfer(
  out: EntryRow,
  incoming: EntryRow,
  currencies: ReadonlyMap<string, string>,
): Transfer {
  const fromCurrency = currencyOf(currencies, out.account_id);
  const toCurrency = currencyOf(currencies, incoming.account_id);
  const sent = centsFromDb(out.amount_cents);
  const received = centsFromDb(incoming.amount_cents);
  const rate = transferRateText({ sent, received }, fromCurrency, toCurrency);
  return {
    id: out.transfer_id as string,
    fromAccountId: out.account_id as string,
    toAccountId: incoming.account_id as string,
    amount: minorUnitsToUnits(sent, fromCurrency),
    receivedAmount: minorUnitsToUnits(received, toCurrency),
    fromCurrency,
    toCurrency,
    rate: rate.ok ? rate.text : null,
    occurredOn: out.occurred_on,
    description: out.description,
    version: out.version,
    createdAt: out.created_at.toISOString(),
    updatedAt: out.updated_at.toISOString(),
  };
}

/** The two legs among some rows; null unless both are there and (unless said) live. */
function legsOf(
  rows: readonly EntryRow[],
  deletedToo = false,
): { out: EntryRow; incoming: EntryRow } | null {
  const out = rows.find((row) => row.transaction_type === 'transfer_out');
  const incoming = rows.find((row) => row.transaction_type === 'transfer_in');
  if (!out || !incoming) return null;
  if (!deletedToo && (out.deleted_at !== null || incoming.deleted_at !== null)) return null;
  return { out, incoming };
}

export interface TransferMutation {
  transfer: Transfer;
  accounts: Account[];
  changeId: string;
}

/** Both legs as the API shows them, their accounts' currencies read (deleted accounts too). */
async function readTransfer(db: DbOrTx, bookId: string, out: EntryRow, incoming: EntryRow) {
  const ids = [out.account_id, incoming.account_id].filter((id): id is string => id !== null);
  return toTransfer(out, incoming, await accountCurrencies(db, bookId, ids));
}

async function answer(
  trx: DbOrTx,
  bookId: string,
  applied: AppliedChange,
): Promise<TransferMutation> {
  const legs = legsOf(applied.entries, true);
  if (!legs) throw new Error('a transfer change without both legs');
  return {
    transfer: await readTransfer(trx, bookId, legs.out, legs.incoming),
    accounts: applied.accounts.map(toAccount),
    changeId: applied.changeId,
  };
}

/** A leg's state: transfers carry no category, payee, tags or split lines. */
function legState(
  type: 'transfer_out' | 'transfer_in',
  accountId: string,
  amountCents: bigint,
  occurredOn: string,
  description: string,
): EntryState {
  return {
    accountId,
    type,
    amountCents,
    occurredOn,
    description,
    payee: '',
    categoryId: null,
    tags: [],
    splits: [],
    deleted: false,
    cleared: 'uncleared',
  };
}

/** POST /api/transfers: the source refused on insufficient funds, the destination on its cap. */
export function createTransfer(
  db: DbOrTx,
  actor: Actor,
  input: CreateTransferInput,
): Promise<TransferMutation> {
  return inTransaction(db, async (trx) => {
    const currencies = await checkAccounts(trx, actor.bookId, [
      input.fromAccountId,
      input.toAccountId,
    ]);
    if (sameAccounts(input)) throw new AppError('VALIDATION_ERROR', DIFFERENT_ACCOUNTS);
    const { sent, received } = amountsOrRefuse(
      newTransferAmounts(
        input,
        currencyOf(currencies, input.fromAccountId),
        currencyOf(currencies, input.toAccountId),
      ),
    );
    const transferId = randomUUID();
    const occurredOn = input.occurredOn ?? (await bookToday(trx, actor.bookId));
    const description = input.description || 'Transfer';
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'transfer',
      entries: [
        {
          id: randomUUID(),
          before: null,
          transferId,
          after: legState('transfer_out', input.fromAccountId, sent, occurredOn, description),
        },
        {
          id: randomUUID(),
          before: null,
          transferId,
          after: legState('transfer_in', input.toAccountId, received, occurredOn, description),
        },
      ],
    });
    return answer(trx, actor.bookId, applied);
  });
}

/** Both live legs of a transfer under their row locks, or 404. */
async function lockTransfer(
  trx: DbOrTx,
  bookId: string,
  transferId: string,
  expectedVersion: number | undefined,
): Promise<{ out: LockedEntry; incoming: LockedEntry }> {
  const ids = (await findTransferEntries(trx, bookId, transferId)).map((row) => row.id);
  const locked = [...(await lockEntryStates(trx, bookId, ids)).values()];
  const legs = legsOf(locked.map((entry) => entry.row));
  if (!legs) throw transferNotFound();
  if (expectedVersion !== undefined && legs.out.version !== expectedVersion) {
    throw new AppError('CONFLICT', MESSAGES.versionConflict);
  }
  const find = (row: EntryRow) => locked.find((entry) => entry.row.id === row.id) as LockedEntry;
  return { out: find(legs.out), incoming: find(legs.incoming) };
}

/** GET /api/transfers/{id}. */
export async function getTransfer(db: DbOrTx, bookId: string, id: string): Promise<Transfer> {
  const legs = legsOf(await findTransferEntries(db, bookId, id));
  if (!legs) throw transferNotFound();
  return readTransfer(db, bookId, legs.out, legs.incoming);
}

/** PATCH /api/transfers/{id}: both legs change together, accounts included. */
export function updateTransfer(
  db: DbOrTx,
  actor: Actor,
  input: UpdateTransferInput,
): Promise<TransferMutation> {
  return inTransaction(db, async (trx) => {
    const { out, incoming } = await lockTransfer(
      trx,
      actor.bookId,
      input.id,
      input.expectedVersion,
    );
    const fromAccountId = input.fromAccountId ?? out.state.accountId;
    const toAccountId = input.toAccountId ?? incoming.state.accountId;
    // An account the edit names must be live and the book's (404) before anything is compared.
    const named = await checkAccounts(trx, actor.bookId, [input.fromAccountId, input.toAccountId]);
    const stored = await accountCurrencies(
      trx,
      actor.bookId,
      [out.state.accountId, incoming.state.accountId].filter((id): id is string => id !== null),
    );
    const currencies = new Map([...stored, ...named]);
    if (fromAccountId === toAccountId) {
      throw new AppError('VALIDATION_ERROR', DIFFERENT_ACCOUNTS);
    }
    const { sent, received } = amountsOrRefuse(
      editedTransferAmounts(
        input,
        {
          from: currencyOf(currencies, out.state.accountId),
          to: currencyOf(currencies, incoming.state.accountId),
          sent: out.state.amountCents,
          received: incoming.state.amountCents,
        },
        { from: currencyOf(currencies, fromAccountId), to: currencyOf(currencies, toAccountId) },
      ),
    );
    const shared = {
      ...(input.occurredOn !== undefined && { occurredOn: input.occurredOn }),
      ...(input.description !== undefined && { description: input.description || 'Transfer' }),
    };
    const outAfter: EntryState = {
      ...out.state,
      ...shared,
      amountCents: sent,
      ...(input.fromAccountId !== undefined && { accountId: input.fromAccountId }),
    };
    const inAfter: EntryState = {
      ...incoming.state,
      ...shared,
      amountCents: received,
      ...(input.toAccountId !== undefined && { accountId: input.toAccountId }),
    };
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'update',
      confirmReconciled: input.confirmReconciled === true,
      entries: [
        { id: out.row.id, before: out.state, after: outAfter },
        { id: incoming.row.id, before: incoming.state, after: inAfter },
      ],
    });
    return answer(trx, actor.bookId, applied);
  });
}

/**
 * DELETE /api/transfers/{id}: both legs leave their balances (undo brings both back); answers
 * with the transfer as it was.
 */
export function deleteTransfer(
  db: DbOrTx,
  actor: Actor,
  input: DeleteTransferInput,
): Promise<TransferMutation> {
  return inTransaction(db, async (trx) => {
    const { out, incoming } = await lockTransfer(
      trx,
      actor.bookId,
      input.id,
      input.expectedVersion,
    );
    const applied = await applyChange(trx, {
      ...actor,
      kind: 'delete',
      confirmReconciled: input.confirmReconciled === 'true',
      entries: [out, incoming].map(({ row, state }) => ({
        id: row.id,
        before: state,
        after: { ...state, deleted: true },
      })),
    });
    return answer(trx, actor.bookId, applied);
  });
}
