import type { Db, DbOrTx } from '../../db/connect.js';
import { notFound } from '../../trpc/app-error.js';
import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  type Account,
  type AccountFields,
} from '../../../shared/schemas/account.js';
import {
  findAccount,
  insertAccount,
  listAccounts,
  softDeleteAccount,
  toAccount,
  updateAccountFields,
} from './account-repository.js';

export async function listUserAccounts(db: Db, userId: string): Promise<Account[]> {
  return (await listAccounts(db, userId)).map(toAccount);
}

export async function getUserAccount(db: Db, userId: string, id: string): Promise<Account> {
  const row = await findAccount(db, userId, id);
  if (!row) throw notFound();
  return toAccount(row);
}

export async function createUserAccount(
  db: DbOrTx,
  userId: string,
  fields: AccountFields,
): Promise<Account> {
  const row = await insertAccount(db, {
    userId,
    title: fields.title,
    description: fields.description ?? '',
    icon: fields.icon ?? DEFAULT_ACCOUNT_ICON,
    color: (fields.color ?? DEFAULT_ACCOUNT_COLOR).toLowerCase(),
  });
  return toAccount(row);
}

export async function updateUserAccount(
  db: Db,
  userId: string,
  id: string,
  fields: AccountFields,
): Promise<Account> {
  const row = await updateAccountFields(db, userId, id, {
    title: fields.title,
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.icon !== undefined && { icon: fields.icon }),
    ...(fields.color !== undefined && { color: fields.color.toLowerCase() }),
  });
  if (!row) throw notFound();
  return toAccount(row);
}

/** Hides the account everywhere; its ledger rows stay, so history still adds up. */
export async function deleteUserAccount(db: Db, userId: string, id: string): Promise<void> {
  if (!(await softDeleteAccount(db, userId, id))) throw notFound();
}
