import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { queryTemplate } from '../../db/query-template.js';
import type { AccountRow } from '../../db/schema.js';

// The accounts table (docs/architecture.md#data-access). Balances change only through the
// ledger's movement statement (entries/entry-repository.ts), never here.

/** Live (not deleted) accounts of one book. Every query of an account goes through this. */
function ownedLive(db: DbOrTx, bookId: string) {
  return db.selectFrom('accounts').where('book_id', '=', bookId).where('deleted_at', 'is', null);
}

/** The account list, newest first: behind every dashboard load, so compiled once. */
export const listAccounts: (db: DbOrTx, bookId: string) => Promise<AccountRow[]> = queryTemplate(
  (db, bookId: string) =>
    ownedLive(db, bookId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  1,
);

export function findAccount(
  db: DbOrTx,
  bookId: string,
  id: string,
): Promise<AccountRow | undefined> {
  return ownedLive(db, bookId).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A live account of the book, locked until the transaction ends (an import writes to it). */
export function lockAccount(
  db: DbOrTx,
  bookId: string,
  id: string,
): Promise<AccountRow | undefined> {
  return ownedLive(db, bookId).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertAccount(
  db: DbOrTx,
  values: {
    bookId: string;
    createdBy: string;
    title: string;
    description: string;
    icon: AccountRow['icon'];
    color: string;
    type: AccountRow['account_type'];
    onBudget: boolean;
    currency: string;
    creditLimitCents: bigint;
  },
): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({
      book_id: values.bookId,
      created_by: values.createdBy,
      title: values.title,
      description: values.description,
      icon: values.icon,
      color: values.color,
      account_type: values.type,
      on_budget: values.onBudget,
      currency: values.currency,
      credit_limit_cents: values.creditLimitCents.toString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Changes a live account's fields. With a credit limit, only if the balance stays at or above
 * minus it (as updateCreditLimit): undefined when nothing changed.
 */
export function updateAccountFields(
  db: DbOrTx,
  bookId: string,
  id: string,
  fields: Partial<
    Pick<
      AccountRow,
      'title' | 'description' | 'icon' | 'color' | 'account_type' | 'on_budget' | 'currency'
    >
  >,
  creditLimitCents?: bigint,
): Promise<AccountRow | undefined> {
  const limit = creditLimitCents?.toString();
  let query = db
    .updateTable('accounts')
    .set({
      ...fields,
      ...(limit !== undefined && { credit_limit_cents: limit }),
      updated_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', id)
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null);
  if (limit !== undefined) query = query.where(sql<boolean>`balance_cents >= -${limit}::bigint`);
  return query.returningAll().executeTakeFirst();
}

export async function softDeleteAccount(db: DbOrTx, bookId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ deleted_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Holds, until the transaction ends, the right to add accounts to one book: two creations
 * racing past the cap (ACCOUNTS_PER_BOOK_MAX) would each count one too few.
 */
export async function lockAccountCreation(trx: DbOrTx, bookId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`accounts:${bookId}`}, 0))`.execute(
    trx,
  );
}

export async function countLiveAccounts(db: DbOrTx, bookId: string): Promise<number> {
  const row = await ownedLive(db, bookId)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether an account has ever had an entry, live or deleted (its currency is then fixed,
 * docs/money.md#account-currency). Read after locking the account (lockAccount), so no movement
 * can add one before the caller's change commits.
 */
export async function accountHasEntries(
  db: DbOrTx,
  bookId: string,
  accountId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets a live account's credit limit, only if its balance stays at or above minus the new limit
 * (a limit is never lowered below what is owed). Returns undefined when nothing changed.
 */
export function updateCreditLimit(
  db: DbOrTx,
  bookId: string,
  id: string,
  creditLimitCents: bigint,
): Promise<AccountRow | undefined> {
  const limit = creditLimitCents.toString();
  return db
    .updateTable('accounts')
    .set({ credit_limit_cents: limit, updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`balance_cents >= -${limit}::bigint`)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The currencies of some accounts of a book, deleted ones included (their entries still show):
 * what each of their entries' amounts is in (docs/money.md#account-currency).
 */
export async function findAccountCurrencies(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'currency'])
    .where('book_id', '=', bookId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.currency]));
}

/**
 * The currency of every account of a book, deleted ones included: what a search across the book
 * compares each entry's amount in (docs/money.md#account-currency).
 */
export async function findAllAccountCurrencies(
  db: DbOrTx,
  bookId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'currency'])
    .where('book_id', '=', bookId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.currency]));
}
