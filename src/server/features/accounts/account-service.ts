import type { Db, DbOrTx } from '../../db/connect.js';
import { centsFromDb } from '../../db/cents.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { AccountRow } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { assertAmountsIn, minorUnitsIn } from '../../lib/currency-amount.js';
import { minorUnitsToUnits, unitsToMinorUnits } from '../../../shared/currency-money.js';
import { CREDIT_LIMIT_FIELD, OPENING_BALANCE_FIELD } from '../../../shared/currency-amounts.js';
import { findBookBaseCurrency } from '../books/index.js';
import { ACCOUNTS_PER_BOOK_MAX } from '../../../shared/usage-limits.js';
import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  creditLimitBelowOwed,
  openingCreditProblem,
  type Account,
  type AccountFields,
} from '../../../shared/schemas/account.js';
import { defaultAccountType, defaultOnBudget } from '../../../shared/limits.js';
import {
  accountHasEntries,
  countLiveAccounts,
  findAccount,
  insertAccount,
  lockAccount,
  lockAccountCreation,
  listAccounts,
  softDeleteAccount,
  updateAccountFields,
  updateCreditLimit,
} from './account-repository.js';

/**
 * An account as the API shows it: its currency, money in units of it (the *_cents columns hold
 * its minor units, docs/money.md#account-currency), times in ISO 8601.
 */
export function toAccount(row: AccountRow): Account {
  const balance = centsFromDb(row.balance_cents);
  const creditLimit = centsFromDb(row.credit_limit_cents);
  const currency = row.currency;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    color: row.color,
    type: row.account_type,
    onBudget: row.on_budget,
    currency,
    balance: minorUnitsToUnits(balance, currency),
    creditLimit: minorUnitsToUnits(creditLimit, currency),
    available: minorUnitsToUnits(balance + creditLimit, currency),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listBookAccounts(db: Db, bookId: string): Promise<Account[]> {
  return (await listAccounts(db, bookId)).map(toAccount);
}

export async function getBookAccount(db: Db, bookId: string, id: string): Promise<Account> {
  const row = await findAccount(db, bookId, id);
  if (!row) throw notFound();
  return toAccount(row);
}

export const ACCOUNT_LIMIT_REACHED = `You can have at most ${ACCOUNTS_PER_BOOK_MAX} accounts. Delete one to add another.`;

/**
 * What is done with a new account in its creation's transaction (the opening balance's entry,
 * docs/ledger.md#opening-balance): the account as it then is, or null when nothing was done.
 */
export type AfterCreate = (trx: DbOrTx, account: AccountRow) => Promise<Account | null>;

/** What an account is created with: its fields, and its currency (left out: the book's base). */
export type NewAccountFields = AccountFields & { currency?: string | undefined };

/**
 * Refuses (400, every problem at its field, decision 035) a credit limit or opening balance the
 * account's currency cannot hold, then an opening balance below 0 the limit does not cover.
 */
function assertOpeningAmounts(
  fields: NewAccountFields & { openingBalance?: number | undefined },
  currency: string,
): void {
  assertAmountsIn(
    [
      ...(fields.creditLimit === undefined
        ? []
        : [{ units: fields.creditLimit, field: CREDIT_LIMIT_FIELD, path: 'creditLimit' }]),
      ...(fields.openingBalance === undefined
        ? []
        : [{ units: fields.openingBalance, field: OPENING_BALANCE_FIELD, path: 'openingBalance' }]),
    ],
    currency,
  );
  const problem = openingCreditProblem(fields, currency);
  if (problem) throw validationError([{ path: 'openingBalance', message: problem }]);
}

/**
 * Creates an account, refusing one beyond ACCOUNTS_PER_BOOK_MAX live accounts of the book (422);
 * `then` runs in the same transaction, so a refusal there leaves no account behind.
 */
export async function createBookAccount(
  db: DbOrTx,
  owner: { bookId: string; userId: string },
  fields: NewAccountFields & { openingBalance?: number | undefined },
  then?: AfterCreate,
): Promise<Account> {
  const create = async (trx: DbOrTx) => {
    const currency = fields.currency ?? (await findBookBaseCurrency(trx, owner.bookId));
    // Judged in the account's currency before anything is written (decision 035).
    assertOpeningAmounts(fields, currency);
    const creditLimitCents = unitsToMinorUnits(fields.creditLimit ?? 0, currency);
    await lockAccountCreation(trx, owner.bookId);
    if ((await countLiveAccounts(trx, owner.bookId)) >= ACCOUNTS_PER_BOOK_MAX) {
      throw new AppError('UNPROCESSABLE', ACCOUNT_LIMIT_REACHED);
    }
    const type = fields.type ?? defaultAccountType(fields.icon);
    const row = await insertAccount(trx, {
      bookId: owner.bookId,
      createdBy: owner.userId,
      title: fields.title,
      description: fields.description ?? '',
      icon: fields.icon ?? DEFAULT_ACCOUNT_ICON,
      color: (fields.color ?? DEFAULT_ACCOUNT_COLOR).toLowerCase(),
      type,
      onBudget: fields.onBudget ?? defaultOnBudget(type),
      currency,
      creditLimitCents,
    });
    return (then ? await then(trx, row) : null) ?? toAccount(row);
  };
  // With an Idempotency-Key this already runs in the key's transaction.
  return db.isTransaction ? create(db) : db.transaction().execute(create);
}

export const CURRENCY_FIXED = "An account's currency cannot change once it has transactions";

/**
 * PUT /api/account/{id}: the fields given replace the stored ones. A new currency is taken only
 * while the account has never had an entry (409 after; the same currency is no change), and the
 * credit limit is judged in the currency the account will have.
 */
export async function updateBookAccount(
  db: DbOrTx,
  bookId: string,
  id: string,
  fields: NewAccountFields,
): Promise<Account> {
  const update = async (trx: DbOrTx) => {
    // Locked, so no movement adds a first entry between the check and the change.
    const account = await lockAccount(trx, bookId, id);
    if (!account) throw notFound();
    const currency = fields.currency ?? account.currency;
    if (currency !== account.currency && (await accountHasEntries(trx, bookId, id))) {
      throw new AppError('CONFLICT', CURRENCY_FIXED);
    }
    // A limit left out keeps its figure in units when the currency changes (500 USD, 500 JPY):
    // its minor units alone would be another figure in the new currency.
    const limitUnits =
      fields.creditLimit ??
      (currency === account.currency
        ? undefined
        : minorUnitsToUnits(centsFromDb(account.credit_limit_cents), account.currency));
    const creditLimitCents =
      limitUnits === undefined
        ? undefined
        : minorUnitsIn(limitUnits, currency, 'creditLimit', CREDIT_LIMIT_FIELD);
    const row = await updateAccountFields(
      trx,
      bookId,
      id,
      {
        title: fields.title,
        ...(fields.description !== undefined && { description: fields.description }),
        ...(fields.icon !== undefined && { icon: fields.icon }),
        ...(fields.color !== undefined && { color: fields.color.toLowerCase() }),
        ...(fields.type !== undefined && { account_type: fields.type }),
        ...(fields.onBudget !== undefined && { on_budget: fields.onBudget }),
        ...(currency !== account.currency && { currency }),
      },
      creditLimitCents,
    );
    if (row) return toAccount(row);
    throw await creditLimitRefusal(trx, bookId, id);
  };
  return inTransaction(db, update);
}

/** Why a guarded change of the credit limit touched no row: no such account, or what it owes. */
async function creditLimitRefusal(db: DbOrTx, bookId: string, id: string): Promise<AppError> {
  const account = await findAccount(db, bookId, id);
  if (!account) return notFound();
  return new AppError(
    'UNPROCESSABLE',
    creditLimitBelowOwed(-centsFromDb(account.balance_cents), account.currency),
  );
}

/** Hides the account everywhere; its ledger rows stay, so history still adds up. */
export async function deleteBookAccount(db: DbOrTx, bookId: string, id: string): Promise<void> {
  if (!(await softDeleteAccount(db, bookId, id))) throw notFound();
}

/**
 * Sets how far below zero the balance may go (docs/ledger.md#credit). Lowering it below what the
 * account owes now is refused with that figure (422), changing nothing.
 */
export async function setAccountCreditLimit(
  db: DbOrTx,
  bookId: string,
  id: string,
  creditLimit: number,
): Promise<Account> {
  return inTransaction(db, async (trx) => {
    // Locked, so its currency cannot change between judging the limit in it and storing it.
    const account = await lockAccount(trx, bookId, id);
    if (!account) throw notFound();
    const limit = minorUnitsIn(creditLimit, account.currency, 'creditLimit', CREDIT_LIMIT_FIELD);
    const row = await updateCreditLimit(trx, bookId, id, limit);
    if (row) return toAccount(row);
    throw await creditLimitRefusal(trx, bookId, id);
  });
}
