import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { centsFromDb } from '../../db/cents.js';
import { queryTemplate } from '../../db/query-template.js';
import type { AccountRow } from '../../db/schema.js';
import type { Account } from '../../../shared/schemas/account.js';
import { centsToUnits } from '../../../shared/money.js';

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    icon: row.icon,
    color: row.color,
    balance: centsToUnits(centsFromDb(row.balance_cents)),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Live (not deleted) accounts of one user. Every query of an account goes through this. */
function ownedLive(db: DbOrTx, userId: string) {
  return db.selectFrom('accounts').where('user_id', '=', userId).where('deleted_at', 'is', null);
}

/** The account list, newest first: behind every dashboard load, so compiled once. */
export const listAccounts: (db: DbOrTx, userId: string) => Promise<AccountRow[]> = queryTemplate(
  (db, userId: string) =>
    ownedLive(db, userId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  1,
);

export function findAccount(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AccountRow | undefined> {
  return ownedLive(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAccount(
  db: DbOrTx,
  values: {
    userId: string;
    title: string;
    description: string;
    icon: AccountRow['icon'];
    color: string;
  },
): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({
      user_id: values.userId,
      title: values.title,
      description: values.description,
      icon: values.icon,
      color: values.color,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAccountFields(
  db: DbOrTx,
  userId: string,
  id: string,
  fields: Partial<Pick<AccountRow, 'title' | 'description' | 'icon' | 'color'>>,
): Promise<AccountRow | undefined> {
  return db
    .updateTable('accounts')
    .set({ ...fields, updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteAccount(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ deleted_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
