import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import type { ReconciliationRow } from '../../../db/schema.js';

// The statements of reconciliation (docs/ledger.md#reconciliation): the cleared balance of an
// account as of a statement's date, the entries a reconciliation marks, and its record.

/** Signed cents of an entry row: deposits and incoming transfer legs add, the rest subtract. */
const signedAmount = sql<string>`CASE WHEN transaction_type IN ('deposit', 'transfer_in')
  THEN amount_cents ELSE -amount_cents END`;

/** An account's live cleared and reconciled entries on or before the statement's date. */
function clearedRange(db: DbOrTx, bookId: string, accountId: string, statementOn: string) {
  return db
    .selectFrom('transactions')
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('occurred_on', '<=', statementOn)
    .where('cleared_state', '<>', 'uncleared');
}

/**
 * The signed sum of an account's live cleared and reconciled entries on or before the date, and
 * how many of them are cleared but not yet reconciled. Read through the account's
 * (account_id, occurred_on) index; the cleared state is checked on the rows it finds.
 */
export async function clearedTotals(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  statementOn: string,
): Promise<{ clearedCents: bigint; clearedCount: number }> {
  const row = await clearedRange(db, bookId, accountId, statementOn)
    .select([
      sql<string>`coalesce(sum(${signedAmount}), 0)::text`.as('cleared_cents'),
      sql<number>`count(*) FILTER (WHERE cleared_state = 'cleared')::int`.as('cleared_count'),
    ])
    .executeTakeFirstOrThrow();
  return { clearedCents: BigInt(row.cleared_cents), clearedCount: row.cleared_count };
}

/** The ids of the live cleared and reconciled entries of an account on or before the date. */
export async function clearedEntryIds(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  statementOn: string,
): Promise<string[]> {
  const rows = await clearedRange(db, bookId, accountId, statementOn).select('id').execute();
  return rows.map((row) => row.id);
}

/** The latest reconciliation of an account (by statement date, then when it was made). */
export function latestReconciliation(
  db: DbOrTx,
  bookId: string,
  accountId: string,
): Promise<ReconciliationRow | undefined> {
  return db
    .selectFrom('reconciliations')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .orderBy('statement_on', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertReconciliation(
  trx: DbOrTx,
  record: {
    bookId: string;
    accountId: string;
    statementOn: string;
    statementBalanceCents: bigint;
    changeId: string;
    actorId: string;
  },
): Promise<ReconciliationRow> {
  return trx
    .insertInto('reconciliations')
    .values({
      book_id: record.bookId,
      account_id: record.accountId,
      statement_on: record.statementOn,
      statement_balance_cents: record.statementBalanceCents.toString(),
      change_id: record.changeId,
      reconciled_by: record.actorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the record of a reconciliation whose change is being undone. */
export async function deleteReconciliationOfChange(
  trx: DbOrTx,
  bookId: string,
  changeId: string,
): Promise<void> {
  await trx
    .deleteFrom('reconciliations')
    .where('book_id', '=', bookId)
    .where('change_id', '=', changeId)
    .execute();
}
