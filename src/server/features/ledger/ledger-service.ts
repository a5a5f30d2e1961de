import type { Db } from '../../db/connect.js';
import { AppError, notFound } from '../../trpc/app-error.js';
import { findAccount } from '../accounts/account-repository.js';
import { queryLedger, toTransaction } from './ledger-repository.js';
import {
  TRANSACTIONS_PAGE_DEFAULT,
  type ListTransactionsInput,
  type Transaction,
} from '../../../shared/schemas/ledger.js';

const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** Cursors are opaque to callers: base64url of the last row's ledger sequence number. */
export function encodeCursor(seq: string | number): string {
  return Buffer.from(`s:${seq}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): bigint {
  const match = /^s:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const seq = match?.[1] === undefined ? null : BigInt(match[1]);
  // Anything beyond PostgreSQL's bigint could never have come from us.
  if (seq === null || seq > MAX_BIGINT) throw new AppError('VALIDATION_ERROR', 'Invalid cursor');
  return seq;
}

/** Another user's or a deleted account answers 404, the same as one that never existed. */
async function assertOwnedAccount(db: Db, userId: string, accountId: string): Promise<void> {
  if (!(await findAccount(db, userId, accountId))) throw notFound();
}

export async function listExpenses(db: Db, userId: string): Promise<Transaction[]> {
  return (await queryLedger(db, { userId, type: 'expense' })).map(toTransaction);
}

export async function listAccountExpenses(
  db: Db,
  userId: string,
  accountId: string,
): Promise<Transaction[]> {
  await assertOwnedAccount(db, userId, accountId);
  return (await queryLedger(db, { userId, accountId, type: 'expense' })).map(toTransaction);
}

export async function listTransactionsPage(
  db: Db,
  userId: string,
  input: ListTransactionsInput,
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const limit = input.limit ?? TRANSACTIONS_PAGE_DEFAULT;
  const beforeSeq = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  if (input.accountId) await assertOwnedAccount(db, userId, input.accountId);
  const rows = await queryLedger(db, {
    userId,
    accountId: input.accountId,
    type: input.type,
    from: input.from === undefined ? undefined : new Date(input.from),
    to: input.to === undefined ? undefined : new Date(input.to),
    beforeSeq,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(last.seq) : null;
  return { items: page.map(toTransaction), nextCursor };
}
