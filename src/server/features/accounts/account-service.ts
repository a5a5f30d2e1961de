import type { Db, DbOrTx } from '../../db/connect.js';
import { centsFromDb } from '../../db/cents.js';
import type { AccountRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { centsToUnits, unitsToCents } from '../../../shared/money.js';
import { ACCOUNTS_PER_BOOK_MAX } from '../../../shared/usage-limits.js';
import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  creditLimitBelowOwed,
  type Account,
  type AccountFields,
} from '../../../shared/schemas/account.js';
import { defaultAccountType } from '../../../shared/limits.js';
import {
  countLiveAccounts,
  findAccount,
  insertAccount,
  lockAccountCreation,
  listAccounts,
  softDeleteAccount,
  updateAccountFields,
  updateCreditLimit,
} from './account-repository.js';

/** An account as the API shows it: money in currency units, times in ISO 8601. */
export function toAccount(row: AccountRow): Account {
  const balanceCents = centsFromDb(row.balance_cents);
  const creditLimitCents = centsFromDb(row.credit_limit_cents);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    color: row.color,
    type: row.account_type,
    balance: centsToUnits(balanceCents),
    creditLimit: centsToUnits(creditLimitCents),
    available: centsToUnits(balanceCents + creditLimitCents),
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

/**
 * Creates an account, refusing one beyond ACCOUNTS_PER_BOOK_MAX live accounts of the book (422);
 * `then` runs in the same transaction, so a refusal there leaves no account behind.
 */
export async function createBookAccount(
  db: DbOrTx,
  owner: { bookId: string; userId: string },
  fields: AccountFields,
  then?: AfterCreate,
): Promise<Account> {
  const create = async (trx: DbOrTx) => {
    await lockAccountCreation(trx, owner.bookId);
    if ((await countLiveAccounts(trx, owner.bookId)) >= ACCOUNTS_PER_BOOK_MAX) {
      throw new AppError('UNPROCESSABLE', ACCOUNT_LIMIT_REACHED);
    }
    const row = await insertAccount(trx, {
      bookId: owner.bookId,
      createdBy: owner.userId,
      title: fields.title,
      description: fields.description ?? '',
      icon: fields.icon ?? DEFAULT_ACCOUNT_ICON,
      color: (fields.color ?? DEFAULT_ACCOUNT_COLOR).toLowerCase(),
      type: fields.type ?? defaultAccountType(fields.icon),
      creditLimitCents: unitsToCents(fields.creditLimit ?? 0),
    });
    return (then ? await then(trx, row) : null) ?? toAccount(row);
  };
  // With an Idempotency-Key this already runs in the key's transaction.
  return db.isTransaction ? create(db) : db.transaction().execute(create);
}

export async function updateBookAccount(
  db: DbOrTx,
  bookId: string,
  id: string,
  fields: AccountFields,
): Promise<Account> {
  const creditLimitCents =
    fields.creditLimit === undefined ? undefined : unitsToCents(fields.creditLimit);
  const row = await updateAccountFields(
    db,
    bookId,
    id,
    {
      title: fields.title,
      ...(fields.description !== undefined && { description: fields.description }),
      ...(fields.icon !== undefined && { icon: fields.icon }),
      ...(fields.color !== undefined && { color: fields.color.toLowerCase() }),
      ...(fields.type !== undefined && { account_type: fields.type }),
    },
    creditLimitCents,
  );
  if (row) return toAccount(row);
  throw await creditLimitRefusal(db, bookId, id);
}

/** Why a guarded change of the credit limit touched no row: no such account, or what it owes. */
async function creditLimitRefusal(db: DbOrTx, bookId: string, id: string): Promise<AppError> {
  const account = await findAccount(db, bookId, id);
  if (!account) return notFound();
  return new AppError('UNPROCESSABLE', creditLimitBelowOwed(-centsFromDb(account.balance_cents)));
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
  const row = await updateCreditLimit(db, bookId, id, unitsToCents(creditLimit));
  if (row) return toAccount(row);
  throw await creditLimitRefusal(db, bookId, id);
}
