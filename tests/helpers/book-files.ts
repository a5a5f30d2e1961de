import { randomUUID } from 'node:crypto';
import {
  BOOK_EXPORT_FORMAT,
  BOOK_EXPORT_VERSION,
  type BookExport,
  type StoredSnapshotRecord,
} from '../../src/shared/schemas/book-export.js';
import { RESTORE_BODY_BYTES_MAX } from '../../src/shared/limits.js';

/**
 * Book files made in memory, valid by construction, for the restore's tests and measurements:
 * as large as the restore's body limit allows, in the shapes that cost the server the most.
 */

export type LargeFileKind =
  /** Entries with their creation in the history: the usual large book (about 20,000). */
  | 'entriesWithHistory'
  /** Entries alone (older than the history): the most entries a body holds. */
  | 'entries'
  /** Withdrawals split in SPLIT_LINES_MAX lines each: the most split lines. */
  | 'splits'
  /** Undo pairs of changes without entries: the most rows, and every one of them linked. */
  | 'linkedChanges';

const at = '2025-01-01T00:00:00.000Z';

function emptyFile(): BookExport {
  return {
    format: BOOK_EXPORT_FORMAT,
    version: BOOK_EXPORT_VERSION,
    exportedAt: at,
    book: { name: 'Large', timeZone: 'Europe/Paris' },
    accounts: [],
    categoryGroups: [],
    categories: [],
    entries: [],
    splits: [],
    transfers: [],
    changes: [],
    history: [],
  };
}

/** Adds `n` units of the kind to the file (accounts, balances and all stay consistent). */
function addUnits(file: BookExport, kind: LargeFileKind, n: number): void {
  const accountIds = file.accounts.map((a) => a.id);
  const balance = new Map(file.accounts.map((a) => [a.id, BigInt(a.balanceCents)]));
  for (let i = 0; i < n; i++) {
    if (kind === 'linkedChanges') {
      const done = randomUUID();
      const undo = randomUUID();
      file.changes.push(
        { id: done, kind: 'bulk', undoesId: null, undoneById: undo, createdAt: at },
        { id: undo, kind: 'undo', undoesId: done, undoneById: null, createdAt: at },
      );
      continue;
    }
    const accountId = accountIds[i % accountIds.length] as string;
    const id = randomUUID();
    const split = kind === 'splits';
    const type = split ? 'withdraw' : 'deposit';
    const amountCents = split ? 50n : 100n;
    file.entries.push({
      id,
      accountId,
      type,
      amountCents: String(amountCents),
      description: `Entry ${i}`,
      occurredOn: '2025-03-31',
      categoryId: null,
      payee: '',
      tags: [],
      transferId: null,
      version: 1,
      deleted: false,
      createdAt: at,
      updatedAt: at,
    });
    balance.set(
      accountId,
      (balance.get(accountId) ?? 0n) + (type === 'deposit' ? amountCents : -amountCents),
    );
    const lines = split ? Array.from({ length: 50 }, (_, position) => position) : [];
    for (const position of lines) {
      file.splits.push({ entryId: id, position, categoryId: null, amountCents: '1', note: '' });
    }
    if (kind === 'entriesWithHistory') {
      const changeId = randomUUID();
      const after: StoredSnapshotRecord = {
        accountId,
        type,
        amountCents: String(amountCents),
        occurredOn: '2025-03-31',
        description: `Entry ${i}`,
        payee: '',
        categoryId: null,
        tags: [],
        splits: [],
        deleted: false,
      };
      file.changes.push({
        id: changeId,
        kind: 'create',
        undoesId: null,
        undoneById: null,
        createdAt: at,
      });
      file.history.push({
        changeId,
        entryId: id,
        fields: ['accountId', 'type', 'amount', 'occurredOn', 'description', 'payee'],
        before: null,
        after,
      });
    }
  }
  for (const account of file.accounts) {
    account.balanceCents = String(balance.get(account.id) ?? 0n);
  }
}

/** A valid file of `units` units of a kind, over `accounts` accounts (each may go far below 0). */
export function bookFile(kind: LargeFileKind, units: number, accounts = 20): BookExport {
  const file = emptyFile();
  for (let i = 0; i < (kind === 'linkedChanges' ? 0 : accounts); i++) {
    file.accounts.push({
      id: randomUUID(),
      title: `Account ${i}`,
      description: '',
      icon: 'wallet',
      color: '#10b981',
      balanceCents: '0',
      creditLimitCents: '99999999999999',
      createdAt: at,
      deleted: false,
    });
  }
  addUnits(file, kind, units);
  return file;
}

/** The largest file of a kind whose restore body stays under `bytes` (the body limit). */
export function largestBookFile(
  kind: LargeFileKind,
  bytes: number = RESTORE_BODY_BYTES_MAX - 1024,
): { file: BookExport; body: string } {
  const one = JSON.stringify({ file: bookFile(kind, 1) }).length;
  const two = JSON.stringify({ file: bookFile(kind, 2) }).length;
  const unit = two - one;
  const units = Math.floor((bytes - (one - unit)) / unit);
  let file = bookFile(kind, units);
  let body = JSON.stringify({ file });
  // Digits of counters grow a little: trim until it fits.
  for (let n = units; body.length > bytes; n -= Math.ceil((body.length - bytes) / unit) + 1) {
    file = bookFile(kind, n);
    body = JSON.stringify({ file });
  }
  return { file, body };
}
