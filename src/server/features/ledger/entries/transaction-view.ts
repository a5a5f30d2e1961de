import type { DbOrTx } from '../../../db/connect.js';
import { centsFromDb } from '../../../db/cents.js';
import { minorUnitsToUnits } from '../../../../shared/currency-money.js';
import { findAccountCurrencies } from '../../accounts/index.js';
import { findBookBaseCurrency } from '../../books/index.js';
import { findSplitLines, findTransferLegs, type EntryRow } from './entry-repository.js';
import type { Transaction } from '../../../../shared/schemas/ledger.js';

type TransferLink = NonNullable<Transaction['transfer']>;

/** A split line as read: its amount in minor units of its entry's currency. */
interface StoredSplitLine {
  id: string;
  categoryId: string | null;
  amountCents: bigint;
  note: string;
}

/** What an entry shows besides its own row: its split lines, and both accounts of a transfer. */
export interface EntryLinks {
  splits: Map<string, StoredSplitLine[]>;
  transfers: Map<string, TransferLink>;
}

const NO_LINKS: EntryLinks = { splits: new Map(), transfers: new Map() };

/**
 * The currency of each entry (docs/money.md#account-currency): its account's (deleted or not;
 * an account's currency is fixed once it has entries), or the book's base currency for an
 * expense without an account. One query for the page's accounts, one more only when it holds
 * an entry without one.
 */
export async function loadEntryCurrencies(
  db: DbOrTx,
  bookId: string,
  rows: readonly Pick<EntryRow, 'account_id'>[],
): Promise<(row: Pick<EntryRow, 'account_id'>) => string> {
  const accountIds = [
    ...new Set(rows.flatMap((row) => (row.account_id === null ? [] : [row.account_id]))),
  ];
  const needsBase = rows.some((row) => row.account_id === null);
  const [accounts, base] = await Promise.all([
    accountIds.length ? findAccountCurrencies(db, bookId, accountIds) : new Map<string, string>(),
    needsBase ? findBookBaseCurrency(db, bookId) : null,
  ]);
  return (row) => {
    const currency = row.account_id === null ? base : accounts.get(row.account_id);
    // Every entry's account is the book's (a foreign key), and base is read when one has none.
    if (!currency) throw new Error(`No currency for the account of an entry: ${row.account_id}`);
    return currency;
  };
}

/**
 * Reads the split lines and transfer accounts of some entries, with no query at all for a page
 * that holds neither: only expenses and withdrawals without a category can be split, only
 * transfer legs have a transfer.
 */
export async function loadEntryLinks(
  db: DbOrTx,
  bookId: string,
  rows: readonly EntryRow[],
): Promise<EntryLinks> {
  const splittable = rows
    .filter(
      (row) => row.category_id === null && ['withdraw', 'expense'].includes(row.transaction_type),
    )
    .map((row) => row.id);
  const transferIds = [
    ...new Set(rows.flatMap((row) => (row.transfer_id ? [row.transfer_id] : []))),
  ];
  if (splittable.length === 0 && transferIds.length === 0) return NO_LINKS;

  const [lines, legs] = await Promise.all([
    splittable.length ? findSplitLines(db, bookId, splittable) : [],
    transferIds.length ? findTransferLegs(db, bookId, transferIds) : [],
  ]);
  const splits = new Map<string, StoredSplitLine[]>();
  for (const line of lines) {
    const list = splits.get(line.entry_id) ?? [];
    list.push({
      id: line.id,
      categoryId: line.category_id,
      amountCents: centsFromDb(line.amount_cents),
      note: line.note,
    });
    splits.set(line.entry_id, list);
  }
  const transfers = new Map<string, TransferLink>();
  for (const leg of legs) {
    if (!leg.transfer_id || !leg.account_id) continue;
    const link = transfers.get(leg.transfer_id) ?? {
      id: leg.transfer_id,
      fromAccountId: '',
      toAccountId: '',
      amount: 0,
      receivedAmount: 0,
      fromCurrency: '',
      toCurrency: '',
    };
    const units = minorUnitsToUnits(centsFromDb(leg.amount_cents), leg.currency);
    if (leg.transaction_type === 'transfer_out') {
      Object.assign(link, {
        fromAccountId: leg.account_id,
        amount: units,
        fromCurrency: leg.currency,
      });
    } else {
      Object.assign(link, {
        toAccountId: leg.account_id,
        receivedAmount: units,
        toCurrency: leg.currency,
      });
    }
    transfers.set(leg.transfer_id, link);
  }
  return { splits, transfers };
}

/**
 * An entry as the API shows it: its currency (`currency`, its account's or the book's base), the
 * amount in units of it, always positive; both legs of a transfer are of type 'transfer' with the
 * transfer's accounts.
 */
export function toTransaction(
  row: EntryRow,
  currency: string,
  links: EntryLinks = NO_LINKS,
): Transaction {
  const type = row.transaction_type;
  return {
    id: row.id,
    description: row.description,
    amount: minorUnitsToUnits(centsFromDb(row.amount_cents), currency),
    currency,
    accountId: row.account_id,
    transactionType: type === 'transfer_in' || type === 'transfer_out' ? 'transfer' : type,
    occurredOn: row.occurred_on,
    categoryId: row.category_id,
    payee: row.payee,
    tags: row.tags,
    transfer: (row.transfer_id && links.transfers.get(row.transfer_id)) || null,
    splits: (links.splits.get(row.id) ?? []).map((line) => ({
      id: line.id,
      categoryId: line.categoryId,
      amount: minorUnitsToUnits(line.amountCents, currency),
      note: line.note,
    })),
    cleared: row.cleared_state,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Entries as the API shows them, with their split lines and transfer accounts. */
export async function toTransactions(
  db: DbOrTx,
  bookId: string,
  rows: readonly EntryRow[],
): Promise<Transaction[]> {
  const [links, currencyOf] = await Promise.all([
    loadEntryLinks(db, bookId, rows),
    loadEntryCurrencies(db, bookId, rows),
  ]);
  return rows.map((row) => toTransaction(row, currencyOf(row), links));
}
