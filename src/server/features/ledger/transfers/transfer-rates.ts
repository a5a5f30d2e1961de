import type { DbOrTx } from '../../../db/connect.js';
import { setTransferRate } from '../../rates/index.js';
import { transferRateText } from '../../../../shared/transfer-amounts.js';
import type { EntryState } from '../changes/entry-state.js';
import {
  latestTransferAmounts,
  lockTransferRate,
  type TransferRateKey,
} from './transfer-repository.js';

/**
 * The rates transfers imply (docs/rates.md#transfer-rates, decision 032): for each pair of
 * currencies and day, the rate table holds one rate of source 'transfer', the one the day's
 * latest live transfer of that pair implies, or none. It is derived from the ledger, so every
 * change that touches a transfer's legs (create, edit, delete, undo) rewrites the rates of the
 * pairs and days the transfer was on before and is on after, from the legs as they now are.
 */

/** The two legs of one transfer in a change, each before and after it. */
export interface TransferLegsChange {
  out: { before: EntryState | null; after: EntryState };
  into: { before: EntryState | null; after: EntryState };
}

/** The pair and day of a transfer in one state of its legs, when live and between currencies. */
function keyOf(
  out: EntryState | null,
  into: EntryState | null,
  currencies: ReadonlyMap<string, string>,
): TransferRateKey | null {
  if (!out || !into || out.deleted || !out.accountId || !into.accountId) return null;
  const from = currencies.get(out.accountId);
  const to = currencies.get(into.accountId);
  if (!from || !to || from === to) return null;
  return { from, to, day: out.occurredOn };
}

/** The account ids a set of transfer changes names, before and after. */
export function accountsOfTransfers(transfers: readonly TransferLegsChange[]): string[] {
  const ids = new Set<string>();
  for (const { out, into } of transfers) {
    for (const state of [out.before, out.after, into.before, into.after]) {
      if (state?.accountId) ids.add(state.accountId);
    }
  }
  return [...ids];
}

/**
 * Rewrites the transfer rates of every pair and day these transfers were on or are on now.
 * Runs in the change's transaction after its legs are written; `currencies` holds every account
 * the transfers name.
 */
export async function syncTransferRates(
  trx: DbOrTx,
  bookId: string,
  transfers: readonly TransferLegsChange[],
  currencies: ReadonlyMap<string, string>,
): Promise<void> {
  const keys = new Map<string, TransferRateKey>();
  for (const { out, into } of transfers) {
    for (const key of [
      keyOf(out.before, into.before, currencies),
      keyOf(out.after, into.after, currencies),
    ]) {
      if (key) keys.set(`${key.from}:${key.to}:${key.day}`, key);
    }
  }
  // In key order: two changes lock the keys they share in the same order.
  for (const [, key] of [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await lockTransferRate(trx, bookId, key);
    const latest = await latestTransferAmounts(trx, bookId, key);
    const rate = latest && transferRateText(latest, key.from, key.to);
    // A rate no rate can hold (refused when the transfer was written) leaves the day without one.
    const text = rate?.ok ? rate.text : null;
    await setTransferRate(trx, bookId, { base: key.from, quote: key.to, day: key.day }, text);
  }
}
