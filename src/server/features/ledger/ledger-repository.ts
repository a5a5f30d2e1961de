import type { DbOrTx } from '../../db/connect.js';
import { centsFromDb } from '../../db/cents.js';
import type { TransactionRow } from '../../db/schema.js';
import type { Transaction, TransactionType } from '../../../shared/schemas/ledger.js';
import { centsToUnits } from '../../../shared/money.js';

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    description: row.description,
    amount: centsToUnits(centsFromDb(row.amount_cents)),
    accountId: row.account_id,
    transactionType: row.transaction_type,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function insertLedgerRow(
  db: DbOrTx,
  row: {
    userId: string;
    accountId: string | null;
    type: TransactionType;
    amountCents: bigint;
    description: string;
  },
): Promise<TransactionRow> {
  return db
    .insertInto('transactions')
    .values({
      user_id: row.userId,
      account_id: row.accountId,
      transaction_type: row.type,
      amount_cents: row.amountCents.toString(),
      description: row.description,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface LedgerQuery {
  userId: string;
  accountId?: string | undefined;
  type?: TransactionType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows strictly older (lower seq) than this one. */
  beforeSeq?: bigint | undefined;
  limit?: number | undefined;
}

/** Ledger rows newest first, served by the (user|account, [type,] seq) indexes. */
export function queryLedger(db: DbOrTx, q: LedgerQuery): Promise<TransactionRow[]> {
  return ledgerQuery(db, q).execute();
}

/** The query behind queryLedger, unexecuted (its plan is checked by the tests). */
export function ledgerQuery(db: DbOrTx, q: LedgerQuery) {
  let query = db.selectFrom('transactions').selectAll().where('user_id', '=', q.userId);
  if (q.accountId !== undefined) query = query.where('account_id', '=', q.accountId);
  if (q.type !== undefined) query = query.where('transaction_type', '=', q.type);
  if (q.from !== undefined) query = query.where('created_at', '>=', q.from);
  if (q.to !== undefined) query = query.where('created_at', '<', q.to);
  if (q.beforeSeq !== undefined) query = query.where('seq', '<', q.beforeSeq.toString());
  query = query.orderBy('seq', 'desc');
  if (q.limit !== undefined) query = query.limit(q.limit);
  return query;
}
