import { sql } from 'kysely';
import type { DbOrTx } from '../../src/server/db/connect.js';
import { transferRateText } from '../../src/shared/transfer-amounts.js';
import { stateOf } from '../../src/server/features/ledger/changes/entry-locks.js';
import {
  signedCents,
  toStoredSnapshot,
} from '../../src/server/features/ledger/changes/entry-state.js';

/**
 * The ledger's invariants (docs/ledger.md), read straight from the tables of one book (or all
 * books): the list of every one broken, empty when all hold.
 *
 * - every account's balance is the signed sum of its live entries, within [-credit limit, cap];
 * - the two legs of every transfer pair up (one each way, both live or both deleted, on two
 *   different accounts) and net to zero when their accounts share a currency (same amount);
 * - the rates of source 'transfer' are exactly those the latest live transfer of each pair of
 *   currencies and day implies (docs/rates.md#transfer-rates);
 * - the split lines of every entry add up to its amount;
 * - every entry's history replays to its current state (first before null, each before the
 *   previous after, the last after the entry now).
 */
export async function ledgerViolations(db: DbOrTx, bookId?: string): Promise<string[]> {
  const problems: string[] = [];
  let accountsQuery = db.selectFrom('accounts').selectAll();
  let entriesQuery = db.selectFrom('transactions').selectAll();
  let splitsQuery = db.selectFrom('entry_splits').selectAll();
  let historyQuery = db.selectFrom('entry_history').selectAll();
  if (bookId) {
    accountsQuery = accountsQuery.where('book_id', '=', bookId);
    entriesQuery = entriesQuery.where('book_id', '=', bookId);
    splitsQuery = splitsQuery.where('book_id', '=', bookId);
    historyQuery = historyQuery.where('book_id', '=', bookId);
  }
  let ratesQuery = db
    .selectFrom('exchange_rates')
    .select([
      'book_id',
      'base_currency',
      'quote_currency',
      'day',
      sql<string>`rate::text`.as('rate'),
    ])
    .where('source', '=', 'transfer');
  if (bookId) ratesQuery = ratesQuery.where('book_id', '=', bookId);
  const [accounts, entries, splits, history, transferRates] = await Promise.all([
    accountsQuery.execute(),
    entriesQuery.orderBy('seq').execute(),
    splitsQuery.orderBy('entry_id').orderBy('position').execute(),
    historyQuery.orderBy('id').execute(),
    ratesQuery.execute(),
  ]);
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));

  const linesOf = new Map<string, typeof splits>();
  for (const line of splits)
    linesOf.set(line.entry_id, [...(linesOf.get(line.entry_id) ?? []), line]);
  const historyOf = new Map<string, typeof history>();
  for (const row of history)
    historyOf.set(row.entry_id, [...(historyOf.get(row.entry_id) ?? []), row]);

  const sums = new Map<string, bigint>();
  const transfers = new Map<string, typeof entries>();
  for (const entry of entries) {
    const state = stateOf(entry, linesOf.get(entry.id) ?? []);
    if (!state.deleted && state.accountId) {
      sums.set(state.accountId, (sums.get(state.accountId) ?? 0n) + signedCents(state));
    }
    if (entry.transfer_id) {
      transfers.set(entry.transfer_id, [...(transfers.get(entry.transfer_id) ?? []), entry]);
    }
    if (state.splits.length > 0) {
      const total = state.splits.reduce((sum, line) => sum + line.amountCents, 0n);
      if (total !== state.amountCents) {
        problems.push(
          `entry ${entry.id}: split lines add up to ${total}, not ${state.amountCents}`,
        );
      }
    }
    const rows = historyOf.get(entry.id) ?? [];
    if (rows.length === 0) {
      problems.push(`entry ${entry.id}: no history`);
      continue;
    }
    if (rows[0]?.before !== null) problems.push(`entry ${entry.id}: history starts with a before`);
    for (let i = 1; i < rows.length; i++) {
      const previous = JSON.parse(rows[i - 1]?.after ?? 'null') as unknown;
      const before = JSON.parse(rows[i]?.before ?? 'null') as unknown;
      if (JSON.stringify(sortKeys(previous)) !== JSON.stringify(sortKeys(before))) {
        problems.push(`entry ${entry.id}: history row ${i} does not start where ${i - 1} ended`);
      }
    }
    const last = JSON.parse(rows.at(-1)?.after ?? 'null') as unknown;
    const now = JSON.parse(JSON.stringify(toStoredSnapshot(state))) as unknown;
    if (JSON.stringify(sortKeys(last)) !== JSON.stringify(sortKeys(now))) {
      problems.push(
        `entry ${entry.id}: history ends at ${JSON.stringify(last)}, entry is ${JSON.stringify(now)}`,
      );
    }
  }

  for (const account of accounts) {
    const balance = BigInt(account.balance_cents);
    const expected = sums.get(account.id) ?? 0n;
    if (balance !== expected) {
      problems.push(`account ${account.id}: balance ${balance}, live entries sum to ${expected}`);
    }
    if (balance < -BigInt(account.credit_limit_cents)) {
      problems.push(`account ${account.id}: balance ${balance} below its floor`);
    }
  }

  const latestOf = new Map<string, { seq: bigint; rate: string | null }>();
  for (const [id, legs] of transfers) {
    const out = legs.filter((leg) => leg.transaction_type === 'transfer_out');
    const incoming = legs.filter((leg) => leg.transaction_type === 'transfer_in');
    const [a, b] = [out[0], incoming[0]];
    if (legs.length !== 2 || !a || !b) {
      problems.push(`transfer ${id}: ${legs.length} legs`);
      continue;
    }
    const from = currencyOf.get(a.account_id ?? '') ?? '';
    const to = currencyOf.get(b.account_id ?? '') ?? '';
    if (from === to && BigInt(a.amount_cents) !== BigInt(b.amount_cents)) {
      problems.push(`transfer ${id}: legs of ${a.amount_cents} and ${b.amount_cents}`);
    }
    if (from !== to && a.deleted_at === null) {
      const key = `${a.book_id} ${from}->${to} ${a.occurred_on}`;
      const seq = BigInt(a.seq);
      const latest = latestOf.get(key);
      if (!latest || latest.seq < seq) {
        const amounts = { sent: BigInt(a.amount_cents), received: BigInt(b.amount_cents) };
        const rate = transferRateText(amounts, from, to);
        latestOf.set(key, { seq, rate: rate.ok ? rate.text : `(${rate.reason})` });
      }
    }
    if ((a.deleted_at === null) !== (b.deleted_at === null)) {
      problems.push(`transfer ${id}: one leg deleted, not the other`);
    }
    if (a.account_id === b.account_id) problems.push(`transfer ${id}: both legs on one account`);
  }
  const stored = new Map(
    transferRates.map((row) => [
      `${row.book_id} ${row.base_currency}->${row.quote_currency} ${row.day}`,
      row.rate,
    ]),
  );
  for (const [key, { rate }] of latestOf) {
    if (stored.get(key) !== rate) {
      problems.push(`transfer rate ${key}: stored ${stored.get(key) ?? 'none'}, implied ${rate}`);
    }
  }
  for (const [key, rate] of stored) {
    if (!latestOf.has(key)) problems.push(`transfer rate ${key}: ${rate} stored, no transfer`);
  }
  return problems;
}

/** The same JSON with object keys sorted, to compare snapshots whatever wrote them. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
