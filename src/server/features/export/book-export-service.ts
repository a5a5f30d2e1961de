import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { MAX_BALANCE_CENTS } from '../../../shared/money.js';
import { SPLIT_LINES_MAX, SPLIT_LINES_MIN } from '../../../shared/limits.js';
import {
  BOOK_EXPORT_FORMAT,
  BOOK_EXPORT_VERSION,
  type BookExport,
} from '../../../shared/schemas/book-export.js';
import {
  bookHasData,
  clearCategories,
  insertChunks,
  lockBook,
  readAccounts,
  readBook,
  readCategories,
  readChanges,
  readEntries,
  readGroups,
  readHistory,
  readSplits,
  setBook,
  settleBalances,
} from './book-export-repository.js';

// The full export of a book and its restore (docs/analytics.md#full-export).

const iso = (date: Date) => date.toISOString();
const parseSnapshot = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

/** Everything of a book, read in one repeatable-read snapshot so the parts agree. */
export async function exportBook(db: Db, bookId: string, now: Date): Promise<BookExport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const book = await readBook(trx, bookId);
      const accounts = await readAccounts(trx, bookId);
      const groups = await readGroups(trx, bookId);
      const categories = await readCategories(trx, bookId);
      const entries = await readEntries(trx, bookId);
      const splits = await readSplits(trx, bookId);
      const changes = await readChanges(trx, bookId);
      const history = await readHistory(trx, bookId);
      const legs = new Map<string, { from?: string; to?: string; cents: string; on: string }>();
      for (const e of entries) {
        if (!e.transfer_id || e.deleted_at) continue;
        const leg = legs.get(e.transfer_id) ?? { cents: String(e.amount_cents), on: e.occurred_on };
        if (e.transaction_type === 'transfer_out') leg.from = e.account_id ?? undefined;
        else leg.to = e.account_id ?? undefined;
        legs.set(e.transfer_id, leg);
      }
      return {
        format: BOOK_EXPORT_FORMAT,
        version: BOOK_EXPORT_VERSION,
        exportedAt: iso(now),
        book: { name: book.name, timeZone: book.time_zone },
        accounts: accounts.map((a) => ({
          id: a.id,
          title: a.title,
          description: a.description,
          icon: a.icon,
          color: a.color,
          balanceCents: String(a.balance_cents),
          creditLimitCents: String(a.credit_limit_cents),
          createdAt: iso(a.created_at),
          deleted: a.deleted_at !== null,
        })),
        categoryGroups: groups.map((g) => ({
          id: g.id,
          name: g.name,
          kind: g.kind,
          position: g.position,
          archived: g.archived_at !== null,
        })),
        categories: categories.map((c) => ({
          id: c.id,
          groupId: c.group_id,
          name: c.name,
          icon: c.icon,
          color: c.color,
          position: c.position,
          archived: c.archived_at !== null,
        })),
        entries: entries.map((e) => ({
          id: e.id,
          accountId: e.account_id,
          type: e.transaction_type,
          amountCents: String(e.amount_cents),
          description: e.description,
          occurredOn: e.occurred_on,
          categoryId: e.category_id,
          payee: e.payee,
          tags: e.tags,
          transferId: e.transfer_id,
          version: e.version,
          deleted: e.deleted_at !== null,
          createdAt: iso(e.created_at),
          updatedAt: iso(e.updated_at),
        })),
        splits: splits.map((s) => ({
          entryId: s.entry_id,
          position: s.position,
          categoryId: s.category_id,
          amountCents: String(s.amount_cents),
          note: s.note,
        })),
        transfers: [...legs.entries()].flatMap(([id, leg]) =>
          leg.from && leg.to
            ? [
                {
                  id,
                  fromAccountId: leg.from,
                  toAccountId: leg.to,
                  amountCents: leg.cents,
                  occurredOn: leg.on,
                },
              ]
            : [],
        ),
        changes: changes.map((c) => ({
          id: c.id,
          kind: c.kind,
          undoesId: c.undoes_id,
          undoneById: c.undone_by_id,
          createdAt: iso(c.created_at),
        })),
        history: history.map((h) => ({
          changeId: h.change_id,
          entryId: h.entry_id,
          fields: h.fields,
          before: parseSnapshot(h.before),
          after: parseSnapshot(h.after),
        })),
      };
    });
}

/** A refusal of the whole file: nothing is written. */
const refuse = (message: string) =>
  new AppError('UNPROCESSABLE', `The file cannot be restored: ${message}`);

function uniqueIds(label: string, ids: readonly string[]): Set<string> {
  const set = new Set(ids);
  if (set.size !== ids.length) throw refuse(`two ${label} have the same id`);
  return set;
}

const signed = (type: string, cents: bigint) =>
  type === 'deposit' || type === 'transfer_in' ? cents : -cents;

/**
 * Checks that the parts of a file agree with each other and with the ledger's rules (the schema
 * checked each part alone): every link names something in the file, splits add up, transfers
 * pair, and every account's balance is the signed sum of its live entries within its limits.
 */
export function checkBookExport(file: BookExport): void {
  const accounts = uniqueIds(
    'accounts',
    file.accounts.map((a) => a.id),
  );
  const groups = uniqueIds(
    'category groups',
    file.categoryGroups.map((g) => g.id),
  );
  const categories = uniqueIds(
    'categories',
    file.categories.map((c) => c.id),
  );
  const entries = new Map(file.entries.map((e) => [e.id, e]));
  if (entries.size !== file.entries.length) throw refuse('two entries have the same id');
  const changes = uniqueIds(
    'changes',
    file.changes.map((c) => c.id),
  );

  for (const c of file.categories) {
    if (!groups.has(c.groupId)) throw refuse(`category "${c.name}" names a missing group`);
  }
  const balances = new Map<string, bigint>([...accounts].map((id) => [id, 0n]));
  const transferLegs = new Map<string, typeof file.entries>();
  for (const e of file.entries) {
    if (e.accountId !== null && !accounts.has(e.accountId)) {
      throw refuse(`entry ${e.id} names a missing account`);
    }
    if (e.accountId === null && e.type !== 'expense') {
      throw refuse(`entry ${e.id} has no account; only an expense may have none`);
    }
    if (e.categoryId !== null && !categories.has(e.categoryId)) {
      throw refuse(`entry ${e.id} names a missing category`);
    }
    const isTransfer = e.type === 'transfer_in' || e.type === 'transfer_out';
    if (isTransfer !== (e.transferId !== null)) {
      throw refuse(`entry ${e.id}: only the legs of a transfer have a transferId`);
    }
    if (e.transferId)
      transferLegs.set(e.transferId, [...(transferLegs.get(e.transferId) ?? []), e]);
    if (!e.deleted && e.accountId !== null) {
      balances.set(
        e.accountId,
        (balances.get(e.accountId) ?? 0n) + signed(e.type, BigInt(e.amountCents)),
      );
    }
  }
  for (const [id, legs] of transferLegs) {
    const [a, b] = legs;
    if (
      legs.length !== 2 ||
      !a ||
      !b ||
      a.type === b.type ||
      a.amountCents !== b.amountCents ||
      a.deleted !== b.deleted
    ) {
      throw refuse(`transfer ${id} must have one leg out and one in, of the same amount`);
    }
  }
  for (const t of file.transfers) {
    const legs = transferLegs.get(t.id) ?? [];
    const out = legs.find((l) => l.type === 'transfer_out');
    const into = legs.find((l) => l.type === 'transfer_in');
    if (out?.accountId !== t.fromAccountId || into?.accountId !== t.toAccountId) {
      throw refuse(`transfer ${t.id} does not match its entries`);
    }
  }
  const lines = new Map<string, bigint[]>();
  for (const s of file.splits) {
    const entry = entries.get(s.entryId);
    if (!entry) throw refuse('a split line names a missing entry');
    if (!['expense', 'withdraw'].includes(entry.type) || entry.categoryId !== null) {
      throw refuse(
        `entry ${entry.id} cannot be split (only uncategorised expenses and withdrawals)`,
      );
    }
    if (s.categoryId !== null && !categories.has(s.categoryId)) {
      throw refuse(`a split line of entry ${entry.id} names a missing category`);
    }
    if (BigInt(s.amountCents) <= 0n)
      throw refuse(`a split line of entry ${entry.id} is not above 0`);
    lines.set(s.entryId, [...(lines.get(s.entryId) ?? []), BigInt(s.amountCents)]);
  }
  for (const [entryId, amounts] of lines) {
    const entry = entries.get(entryId);
    const total = amounts.reduce((sum, c) => sum + c, 0n);
    if (amounts.length < SPLIT_LINES_MIN || amounts.length > SPLIT_LINES_MAX) {
      throw refuse(`entry ${entryId} has ${amounts.length} split lines`);
    }
    if (!entry || total !== BigInt(entry.amountCents)) {
      throw refuse(`the split lines of entry ${entryId} do not add up to its amount`);
    }
  }
  for (const a of file.accounts) {
    const balance = balances.get(a.id) ?? 0n;
    if (balance !== BigInt(a.balanceCents)) {
      throw refuse(`the balance of account "${a.title}" is not the sum of its entries`);
    }
    if (balance < -BigInt(a.creditLimitCents) || balance > MAX_BALANCE_CENTS) {
      throw refuse(`the balance of account "${a.title}" is outside its limits`);
    }
  }
  for (const c of file.changes) {
    for (const link of [c.undoesId, c.undoneById]) {
      if (link !== null && !changes.has(link))
        throw refuse(`change ${c.id} names a missing change`);
    }
  }
  for (const h of file.history) {
    if (!changes.has(h.changeId) || !entries.has(h.entryId)) {
      throw refuse('a history row names a missing change or entry');
    }
  }
}

/** Gives every id of the file a new one, and rewrites the links (snapshots too). */
function remapIds(file: BookExport) {
  const ids = new Map<string, string>();
  const all = [
    ...file.accounts.map((x) => x.id),
    ...file.categoryGroups.map((x) => x.id),
    ...file.categories.map((x) => x.id),
    ...file.entries.map((x) => x.id),
    ...file.entries.flatMap((x) => (x.transferId ? [x.transferId] : [])),
    ...file.changes.map((x) => x.id),
  ];
  for (const id of all) if (!ids.has(id)) ids.set(id, randomUUID());
  const to = (id: string) => ids.get(id) ?? id;
  const toNullable = (id: string | null) => (id === null ? null : to(id));
  /** Ids inside a snapshot (accountId, categoryId, split categories) follow the same map. */
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.get(value) ?? value;
    if (Array.isArray(value)) return value.map(deep);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
    }
    return value;
  };
  return { to, toNullable, deep };
}

export interface RestoreCounts {
  accounts: number;
  categories: number;
  entries: number;
  changes: number;
}

/**
 * Restores a file into the caller's book, which must hold no accounts and no entries (its default
 * categories are replaced by the file's). Runs inside the caller's transaction: any refusal or
 * failure leaves the book as it was.
 */
export async function restoreBook(
  trx: DbOrTx,
  bookId: string,
  actorId: string,
  file: BookExport,
): Promise<RestoreCounts> {
  checkBookExport(file);
  await lockBook(trx, bookId);
  if (await bookHasData(trx, bookId)) {
    throw new AppError(
      'CONFLICT',
      'This book is not empty: a file can only be restored into a book with no accounts and no entries',
    );
  }
  const { to, toNullable, deep } = remapIds(file);
  const now = new Date();
  await clearCategories(trx, bookId);
  await setBook(trx, bookId, file.book);
  await insertChunks(file.accounts, (chunk) =>
    trx
      .insertInto('accounts')
      .values(
        chunk.map((a) => ({
          id: to(a.id),
          book_id: bookId,
          created_by: actorId,
          title: a.title,
          description: a.description,
          icon: a.icon,
          color: a.color,
          credit_limit_cents: a.creditLimitCents,
          created_at: new Date(a.createdAt),
          deleted_at: a.deleted ? now : null,
        })),
      )
      .execute(),
  );
  await insertChunks(file.categoryGroups, (chunk) =>
    trx
      .insertInto('category_groups')
      .values(
        chunk.map((g) => ({
          id: to(g.id),
          book_id: bookId,
          name: g.name,
          kind: g.kind,
          position: g.position,
          archived_at: g.archived ? now : null,
        })),
      )
      .execute(),
  );
  await insertChunks(file.categories, (chunk) =>
    trx
      .insertInto('categories')
      .values(
        chunk.map((c) => ({
          id: to(c.id),
          book_id: bookId,
          group_id: to(c.groupId),
          name: c.name,
          icon: c.icon,
          color: c.color,
          position: c.position,
          archived_at: c.archived ? now : null,
        })),
      )
      .execute(),
  );
  await insertChunks(file.entries, (chunk) =>
    trx
      .insertInto('transactions')
      .values(
        chunk.map((e) => ({
          id: to(e.id),
          book_id: bookId,
          created_by: actorId,
          account_id: toNullable(e.accountId),
          transaction_type: e.type,
          amount_cents: e.amountCents,
          description: e.description,
          occurred_on: e.occurredOn,
          category_id: toNullable(e.categoryId),
          payee: e.payee,
          tags: e.tags,
          transfer_id: toNullable(e.transferId),
          version: e.version,
          deleted_at: e.deleted ? now : null,
          created_at: new Date(e.createdAt),
          updated_at: new Date(e.updatedAt),
        })),
      )
      .execute(),
  );
  await insertChunks(file.splits, (chunk) =>
    trx
      .insertInto('entry_splits')
      .values(
        chunk.map((s) => ({
          book_id: bookId,
          entry_id: to(s.entryId),
          position: s.position,
          category_id: toNullable(s.categoryId),
          amount_cents: s.amountCents,
          note: s.note,
        })),
      )
      .execute(),
  );
  // Links between changes are written once all of them exist.
  await insertChunks(file.changes, (chunk) =>
    trx
      .insertInto('entry_changes')
      .values(
        chunk.map((c) => ({
          id: to(c.id),
          book_id: bookId,
          actor_id: actorId,
          kind: c.kind as never,
          created_at: new Date(c.createdAt),
        })),
      )
      .execute(),
  );
  for (const c of file.changes) {
    if (c.undoesId === null && c.undoneById === null) continue;
    await trx
      .updateTable('entry_changes')
      .set({ undoes_id: toNullable(c.undoesId), undone_by_id: toNullable(c.undoneById) })
      .where('book_id', '=', bookId)
      .where('id', '=', to(c.id))
      .execute();
  }
  await insertChunks(file.history, (chunk) =>
    trx
      .insertInto('entry_history')
      .values(
        chunk.map((h) => ({
          book_id: bookId,
          change_id: to(h.changeId),
          entry_id: to(h.entryId),
          fields: h.fields,
          before: h.before === null ? null : JSON.stringify(deep(h.before)),
          after: h.after === null ? null : JSON.stringify(deep(h.after)),
        })),
      )
      .execute(),
  );
  await settleBalances(trx, bookId);
  return {
    accounts: file.accounts.length,
    categories: file.categories.length,
    entries: file.entries.length,
    changes: file.changes.length,
  };
}
