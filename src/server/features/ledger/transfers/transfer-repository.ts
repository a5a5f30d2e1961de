import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import { findAccountCurrencies } from '../../accounts/index.js';

// What transfers between currencies read besides their legs (docs/ledger.md#transfers): the
// currencies of their accounts (through the accounts feature), and the latest transfer of a pair
// on a day, whose rate the rate table keeps (docs/decisions/032-a-transfers-rate-is-the-days-latest.md).

/** The currency of each of these accounts of the book, deleted ones included. */
export async function accountCurrencies(
  db: DbOrTx,
  bookId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  return unique.length === 0 ? new Map() : findAccountCurrencies(db, bookId, unique);
}

/** A pair of currencies on a day: the key of one transfer rate. */
export interface TransferRateKey {
  from: string;
  to: string;
  day: string;
}

/**
 * Serialises the writers of one pair and day's transfer rate until the transaction ends, so the
 * one that writes last has seen every transfer committed before it (READ COMMITTED: the next
 * statement's snapshot is taken after the wait). Taken after every row lock of the change, in
 * key order, so it adds no cycle (docs/ledger.md#concurrency).
 */
export async function lockTransferRate(
  trx: DbOrTx,
  bookId: string,
  key: TransferRateKey,
): Promise<void> {
  const name = `transfer-rate:${bookId}:${key.from}:${key.to}:${key.day}`;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/**
 * The two amounts (minor units) of the latest live transfer of the day from an account in
 * `from` to one in `to`: the one created last (its outgoing leg's seq). One day of the book
 * through transactions_book_date_idx.
 */
export async function latestTransferAmounts(
  db: DbOrTx,
  bookId: string,
  key: TransferRateKey,
): Promise<{ sent: bigint; received: bigint } | null> {
  const { rows } = await sql<{ sent: string; received: string }>`
    SELECT o.amount_cents::text AS sent, i.amount_cents::text AS received
    FROM transactions o
    JOIN accounts fa ON fa.id = o.account_id
    JOIN transactions i
      ON i.book_id = o.book_id AND i.transfer_id = o.transfer_id
      AND i.transaction_type = 'transfer_in'
    JOIN accounts ta ON ta.id = i.account_id
    WHERE o.book_id = ${bookId}::uuid AND o.occurred_on = ${key.day}::date
      AND o.transaction_type = 'transfer_out' AND o.deleted_at IS NULL
      AND fa.currency = ${key.from} AND ta.currency = ${key.to}
    ORDER BY o.seq DESC
    LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { sent: BigInt(row.sent), received: BigInt(row.received) } : null;
}
