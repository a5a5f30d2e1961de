import type { Db, DbOrTx } from '../../db/connect.js';
import type { BookExport, StoredSnapshotRecord } from '../../../shared/schemas/book-export.js';
import { must, type CheckedFile } from './restore-check.js';
import { writeInChunks } from './restore-chunks.js';
import * as rows from './restore-write-repository.js';

// Step 3 of a restore (docs/analytics.md#how-a-restore-runs): the checked file goes into the
// claimed book, a chunk per short transaction under the book's mark.

/** The book a file is written into, and who is recorded as having made its rows. */
export interface RestoreTarget {
  db: Db;
  bookId: string;
  actorId: string;
}

/** Step 3: every list of the file, a chunk per short transaction, new ids throughout. */
export async function writeFile(
  target: RestoreTarget,
  token: string,
  file: BookExport,
  { ids, accountsWithEntries }: CheckedFile,
): Promise<void> {
  const { db, bookId, actorId } = target;
  const chunks = <T>(items: readonly T[], write: (trx: DbOrTx, chunk: T[]) => Promise<void>) =>
    writeInChunks(db, bookId, token, items, write);
  const id = (map: Map<string, string>, key: string) => must(map, key);
  const nullable = (map: Map<string, string>, key: string | null) =>
    key === null ? null : must(map, key);
  // A budget action's place: a category, or a card's payment envelope (its account).
  const place = <C extends string, A extends string>(
    asCategory: C,
    asCard: A,
    key: string | null,
  ) => {
    const category = key === null ? undefined : ids.categories.get(key);
    const card = key === null || category !== undefined ? null : must(ids.accounts, key);
    return { [asCategory]: category ?? null, [asCard]: card } as Record<C | A, string | null>;
  };
  const category = (key: string | null) =>
    key === null ? null : (ids.categories.get(key) ?? must(ids.goneCategories, key));

  await chunks(file.accounts, (trx, chunk) =>
    rows.insertAccounts(
      trx,
      bookId,
      actorId,
      chunk.map((a) => ({
        ...a,
        id: id(ids.accounts, a.id),
        createdAt: new Date(a.createdAt),
      })),
    ),
  );
  await chunks(file.categoryGroups, (trx, chunk) =>
    rows.insertGroups(
      trx,
      bookId,
      chunk.map((g) => ({ ...g, id: id(ids.groups, g.id) })),
    ),
  );
  await chunks(file.categories, (trx, chunk) =>
    rows.insertCategories(
      trx,
      bookId,
      chunk.map((c) => ({
        ...c,
        id: id(ids.categories, c.id),
        groupId: id(ids.groups, c.groupId),
      })),
    ),
  );
  await chunks(file.entries, (trx, chunk) =>
    rows.insertEntries(
      trx,
      bookId,
      actorId,
      chunk.map((e) => ({
        ...e,
        id: id(ids.entries, e.id),
        accountId: nullable(ids.accounts, e.accountId),
        categoryId: nullable(ids.categories, e.categoryId),
        transferId: nullable(ids.transfers, e.transferId),
        createdAt: new Date(e.createdAt),
        updatedAt: new Date(e.updatedAt),
      })),
    ),
  );
  await chunks(file.splits, (trx, chunk) =>
    rows.insertSplits(
      trx,
      bookId,
      chunk.map((s) => ({
        ...s,
        entryId: id(ids.entries, s.entryId),
        categoryId: nullable(ids.categories, s.categoryId),
      })),
    ),
  );
  await chunks(file.changes, (trx, chunk) =>
    rows.insertChanges(
      trx,
      bookId,
      actorId,
      chunk.map((c) => ({
        id: id(ids.changes, c.id),
        kind: c.kind,
        createdAt: new Date(c.createdAt),
      })),
    ),
  );
  // Undo links once every change exists (they point both ways).
  await chunks(
    file.changes.filter((c) => c.undoesId !== null || c.undoneById !== null),
    (trx, chunk) =>
      rows.linkChanges(
        trx,
        bookId,
        chunk.map((c) => ({
          id: id(ids.changes, c.id),
          undoesId: nullable(ids.changes, c.undoesId),
          undoneById: nullable(ids.changes, c.undoneById),
        })),
      ),
  );
  const snapshot = (s: StoredSnapshotRecord) =>
    JSON.stringify({
      ...s,
      accountId: nullable(ids.accounts, s.accountId),
      categoryId: category(s.categoryId),
      splits: s.splits.map((line) => ({ ...line, categoryId: category(line.categoryId) })),
    });
  await chunks(file.history, (trx, chunk) =>
    rows.insertHistoryRows(
      trx,
      bookId,
      chunk.map((h) => ({
        changeId: id(ids.changes, h.changeId),
        entryId: id(ids.entries, h.entryId),
        fields: h.fields,
        before: h.before === null ? null : snapshot(h.before),
        after: snapshot(h.after),
      })),
    ),
  );
  await chunks(file.budgetGoals ?? [], (trx, chunk) =>
    rows.insertBudgetGoals(
      trx,
      bookId,
      chunk.map((g) => ({
        ...g,
        categoryId: id(ids.categories, g.categoryId),
        targetMonth: g.targetMonth === null ? null : `${g.targetMonth}-01`,
        createdAt: new Date(g.createdAt),
        updatedAt: new Date(g.updatedAt),
      })),
    ),
  );
  // The budget log in its order (the latest rollover rule is the last recorded), each undo with
  // the row it undoes (recorded before it); then the marks of the rows undone, once all exist.
  const budgetActions = file.budgetActions ?? [];
  await chunks(budgetActions, (trx, chunk) =>
    rows.insertBudgetActions(
      trx,
      bookId,
      actorId,
      chunk.map((b) => ({
        ...b,
        id: id(ids.budgetActions, b.id),
        month: `${b.month}-01`,
        ...place('categoryId', 'cardId', b.categoryId),
        ...place('fromCategoryId', 'fromCardId', b.fromCategoryId),
        undoesId: nullable(ids.budgetActions, b.undoesId),
        createdAt: new Date(b.createdAt),
      })),
    ),
  );
  await chunks(
    budgetActions.filter((b) => b.undoneById !== null),
    (trx, chunk) =>
      rows.markBudgetActionsUndone(
        trx,
        bookId,
        chunk.map((b) => ({
          id: id(ids.budgetActions, b.id),
          undoneById: id(ids.budgetActions, b.undoneById ?? ''),
        })),
      ),
  );
  await chunks(
    accountsWithEntries.map((account) => id(ids.accounts, account)),
    (trx, chunk) => rows.settleBalances(trx, bookId, chunk),
  );
  // Rates last: they name no row of the file, and change no balance.
  await chunks(file.rates ?? [], (trx, chunk) => rows.insertRates(trx, bookId, chunk));
}
