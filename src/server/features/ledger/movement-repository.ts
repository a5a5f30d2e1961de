import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { queryTemplate } from '../../db/query-template.js';
import type { AccountRow, TransactionRow } from '../../db/schema.js';
import type { TransactionType } from '../../../shared/schemas/ledger.js';

export interface MovementStatement {
  userId: string;
  accountId: string;
  type: TransactionType;
  /** Signed change of the balance; the ledger row records its magnitude. */
  deltaCents: bigint;
  amountCents: bigint;
  maxCents: bigint;
  /** The ledger row's description, or null to use `defaultPrefix` + the account's title. */
  description: string | null;
  defaultPrefix: string;
}

/**
 * Moves a balance and writes its ledger row in ONE statement: the guarded UPDATE and the INSERT
 * of its row are data-modifying CTEs, so they commit together or not at all, with one round trip
 * and the account's row lock held only for that statement. The guard keeps the balance within
 * [0, maxCents]; the row lock serialises concurrent movements on one account. Returns undefined
 * (having changed nothing) when the account is missing, not the user's, deleted, or refused.
 */
const moveAndRecord = queryTemplate(
  (
    db,
    accountId: string,
    userId: string,
    deltaCents: string,
    maxCents: string,
    type: TransactionType,
    amountCents: string,
    description: string | null,
    defaultPrefix: string,
  ) =>
    db
      .with('moved', (qb) =>
        qb
          .updateTable('accounts')
          .set({
            balance_cents: sql<string>`balance_cents + ${deltaCents}::bigint`,
            updated_at: sql<Date>`clock_timestamp()`,
          })
          .where('id', '=', accountId)
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .where(
            sql<boolean>`balance_cents + ${deltaCents}::bigint BETWEEN 0 AND ${maxCents}::bigint`,
          )
          .returningAll(),
      )
      .with('entry', (qb) =>
        qb
          .insertInto('transactions')
          .columns(['user_id', 'account_id', 'transaction_type', 'amount_cents', 'description'])
          .expression((eb) =>
            eb
              .selectFrom('moved')
              .select([
                'moved.user_id',
                'moved.id',
                sql<TransactionType>`${type}::text`.as('transaction_type'),
                sql<string>`${amountCents}::bigint`.as('amount_cents'),
                sql<string>`coalesce(${description}::text, ${defaultPrefix}::text || moved.title)`.as(
                  'description',
                ),
              ]),
          )
          .returningAll(),
      )
      .selectFrom(['moved', 'entry'])
      .selectAll('moved')
      .select([
        'entry.seq as entry_seq',
        'entry.id as entry_id',
        'entry.transaction_type as entry_type',
        'entry.amount_cents as entry_amount_cents',
        'entry.description as entry_description',
        'entry.created_at as entry_created_at',
        'entry.updated_at as entry_updated_at',
      ]),
  8,
);

export async function applyMovement(
  db: DbOrTx,
  m: MovementStatement,
): Promise<{ account: AccountRow; entry: TransactionRow } | undefined> {
  // Cents travel as text and are cast in SQL, so neither driver meets a JS bigint.
  const [row] = await moveAndRecord(
    db,
    m.accountId,
    m.userId,
    m.deltaCents.toString(),
    m.maxCents.toString(),
    m.type,
    m.amountCents.toString(),
    m.description,
    m.defaultPrefix,
  );
  if (!row) return undefined;
  const {
    entry_seq,
    entry_id,
    entry_type,
    entry_amount_cents,
    entry_description,
    entry_created_at,
    entry_updated_at,
    ...account
  } = row;
  return {
    account,
    entry: {
      seq: entry_seq,
      id: entry_id,
      user_id: account.user_id,
      account_id: account.id,
      transaction_type: entry_type,
      amount_cents: entry_amount_cents,
      description: entry_description,
      created_at: entry_created_at,
      updated_at: entry_updated_at,
    },
  };
}
