import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { MAX_BALANCE_CENTS } from '../../../shared/money.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import { SPLIT_LINES_MAX, SPLIT_LINES_MIN } from '../../../shared/limits.js';
import {
  RESTORE_LIVE_ACCOUNTS_MAX,
  entryStateProblem,
  type BookExport,
  type StoredSnapshotRecord,
} from '../../../shared/schemas/book-export.js';
import { Pacer } from '../../lib/pacer.js';

// Whether a restore's file agrees with itself and with the ledger's rules, before anything is
// written (docs/analytics.md#full-export-and-restore): no database, linear time.

/** A refusal of the whole file: nothing is written. */
export const refuse = (message: string) =>
  new AppError('UNPROCESSABLE', `The file cannot be restored: ${message}`);

const signed = (type: string, cents: bigint) =>
  type === 'deposit' || type === 'transfer_in' ? cents : -cents;

/** Lower case the way every database lowers it (ASCII only), for the names' unique indexes. */
const asciiLower = (name: string) => name.replace(/[A-Z]/g, (c) => c.toLowerCase());

type FileEntry = BookExport['entries'][number];
type FileSplit = BookExport['splits'][number];

/** A state as one comparable text: a history row's `before` must equal the previous `after`. */
function stateKey(state: {
  accountId: string | null;
  type: string;
  amountCents: string;
  occurredOn: string;
  description: string;
  payee: string;
  categoryId: string | null;
  tags: readonly string[];
  splits: readonly { categoryId: string | null; amountCents: string; note: string }[];
  deleted: boolean;
  cleared?: string | undefined;
}): string {
  return JSON.stringify([
    state.accountId,
    state.type,
    state.amountCents,
    state.occurredOn,
    state.description,
    state.payee,
    state.categoryId,
    state.tags,
    state.splits.map((line) => [line.categoryId, line.amountCents, line.note]),
    state.deleted,
    state.cleared ?? 'uncleared',
  ]);
}

/** New ids for a file's ids, one map per kind. */
export interface RestoreIds {
  accounts: Map<string, string>;
  groups: Map<string, string>;
  categories: Map<string, string>;
  entries: Map<string, string>;
  transfers: Map<string, string>;
  changes: Map<string, string>;
  budgetActions: Map<string, string>;
  /**
   * Category ids that history snapshots name but the file has no category for (one deleted
   * since: docs/ledger.md#the-categories-api): each gets a fresh id too, so no id of the file is
   * ever stored as it is, and undoing such a change answers 404 as it would have.
   */
  goneCategories: Map<string, string>;
}

/** What checkBookExport learnt that the restore needs to write the file. */
export interface CheckedFile {
  ids: RestoreIds;
  /** Accounts holding live entries, whose balances are settled once everything is written. */
  accountsWithEntries: string[];
}

/** A value the check made sure is there: a missing one is a bug of ours, not a bad file. */
export function must<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`restore: nothing for ${String(key)}`);
  return value;
}

type FileBudgetAction = NonNullable<BookExport['budgetActions']>[number];

/**
 * What each kind of budget log row holds, as the budget's actions write them
 * (src/server/features/budget/budget-service.ts): null on either side is To assign.
 */
function budgetActionProblem(a: FileBudgetAction): string | null {
  const to = a.categoryId;
  const from = a.fromCategoryId;
  const positive = !a.amountCents.startsWith('-') && a.amountCents !== '0';
  switch (a.kind) {
    case 'assign':
      return to !== null && from === null
        ? null
        : 'an assignment names one category, and no source';
    case 'move':
      if (to === from) return 'a move is between two different places';
      return positive ? null : 'a move moves an amount above 0';
    case 'cover':
      if (to === null || to === from)
        return 'a cover names the category covered and another source';
      return positive ? null : 'a cover moves an amount above 0';
    case 'hold':
      return to === null && from === null ? null : 'a hold names no category';
    case 'rollover':
      return to !== null && from === null && a.amountCents === '0'
        ? null
        : 'a rollover rule names one category, and moves nothing';
    case 'undo':
      return null;
  }
}

/**
 * The budget log (docs/budgets.md#the-log), in the order it was recorded: ids unique; every
 * category named is one of the file's; each kind holds what it does; an undo undoes a row
 * recorded before it, in its month, and the two name each other; and `counts` is what the undos
 * made it: an action counts when an even number of undos follow it (an undo of an undo makes
 * it count again), an undo row always.
 */
async function checkBudgetActions(
  actions: readonly FileBudgetAction[],
  ids: RestoreIds,
  pacer: Pacer,
): Promise<void> {
  const byId = new Map<string, FileBudgetAction>();
  for (const a of actions) {
    if (ids.budgetActions.has(a.id)) throw refuse('two budget actions have the same id');
    ids.budgetActions.set(a.id, randomUUID());
    byId.set(a.id, a);
    if (pacer.step()) await pacer.pause();
  }
  const seen = new Set<string>();
  for (const a of actions) {
    // A place is a category or (a card's payment envelope) an account.
    for (const place of [a.categoryId, a.fromCategoryId]) {
      if (place !== null && !ids.categories.has(place) && !ids.accounts.has(place)) {
        throw refuse(`budget action ${a.id} names a category the file does not have`);
      }
    }
    const problem = budgetActionProblem(a);
    if (problem) throw refuse(`budget action ${a.id}: ${problem}`);
    if (a.undoesId !== null) {
      const undone = byId.get(a.undoesId);
      if (undone === undefined) throw refuse(`budget action ${a.id} undoes a missing action`);
      if (!seen.has(a.undoesId)) {
        throw refuse(`budget action ${a.id} undoes an action recorded after it`);
      }
      if (undone.month !== a.month) {
        throw refuse(`budget action ${a.id} undoes an action of another month`);
      }
    }
    const undoes = a.undoesId === null ? null : byId.get(a.undoesId);
    const undoneBy = a.undoneById === null ? null : byId.get(a.undoneById);
    if (undoneBy === undefined) throw refuse(`budget action ${a.id} names a missing action`);
    if ((undoes && undoes.undoneById !== a.id) || (undoneBy && undoneBy.undoesId !== a.id)) {
      throw refuse(`budget action ${a.id} and the action it names do not name each other`);
    }
    seen.add(a.id);
    if (pacer.step()) await pacer.pause();
  }
  // Each undo names a row before it and is named back: the chains from each action run
  // forward through the list, and each row is on one chain.
  for (const a of actions) {
    if (a.kind === 'undo') {
      if (!a.counts) throw refuse(`budget action ${a.id}: an undo row always counts`);
      continue;
    }
    let undos = 0;
    for (let next = a.undoneById; next !== null; next = must(byId, next).undoneById) undos += 1;
    if (a.counts !== (undos % 2 === 0)) {
      throw refuse(
        `budget action ${a.id} ${a.counts ? 'counts although it is undone' : 'does not count although it is not undone'}`,
      );
    }
    if (pacer.step()) await pacer.pause();
  }
}

/**
 * Checks that the parts of a file agree with each other and with the ledger's rules (the schema
 * checked each record alone), in one pass per list, yielding every SLICE_MS:
 * ids are unique; live accounts within the book's cap; names unique as the API keeps them;
 * every link names something in the file; split lines (at most SPLIT_LINES_MAX per entry,
 * refused at the first one past it) add up, on entries that can be split; transfers pair; every
 * account's balance is the signed sum of its live entries, within its limits; undo links pair;
 * every history row has its entry's type, names the file's accounts, and each entry's history
 * replays: each row starts where the one before ended and the last ends at the entry as it is
 * (an entry older than the history may have no rows, or rows starting from a state).
 */
export async function checkBookExport(
  file: BookExport,
  pacer: Pacer = new Pacer(),
): Promise<CheckedFile> {
  const ids: RestoreIds = {
    accounts: new Map(),
    groups: new Map(),
    categories: new Map(),
    entries: new Map(),
    transfers: new Map(),
    changes: new Map(),
    budgetActions: new Map(),
    goneCategories: new Map(),
  };
  const fresh = (map: Map<string, string>, id: string, label: string) => {
    if (map.has(id)) throw refuse(`two ${label} have the same id`);
    map.set(id, randomUUID());
  };

  let live = 0;
  // Each account's currency: its legs' amounts are in it (files before currencies: USD).
  const currencies = new Map<string, string>();
  for (const a of file.accounts) {
    fresh(ids.accounts, a.id, 'accounts');
    currencies.set(a.id, a.currency ?? DEFAULT_CURRENCY);
    if (!a.deleted) live += 1;
    if (pacer.step()) await pacer.pause();
  }
  if (live > RESTORE_LIVE_ACCOUNTS_MAX) {
    throw refuse(`it has ${live} accounts; a book holds at most ${RESTORE_LIVE_ACCOUNTS_MAX}`);
  }
  const groupNames = new Set<string>();
  for (const g of file.categoryGroups) {
    fresh(ids.groups, g.id, 'category groups');
    const name = asciiLower(g.name);
    if (groupNames.has(name)) throw refuse(`two category groups are named "${g.name}"`);
    groupNames.add(name);
  }
  const categoryNames = new Set<string>();
  for (const c of file.categories) {
    fresh(ids.categories, c.id, 'categories');
    if (!ids.groups.has(c.groupId)) throw refuse(`category "${c.name}" names a missing group`);
    const name = `${c.groupId}/${asciiLower(c.name)}`;
    if (categoryNames.has(name)) {
      throw refuse(`two categories of one group are named "${c.name}"`);
    }
    categoryNames.add(name);
  }

  const entries = new Map<string, FileEntry>();
  const balances = new Map<string, bigint>();
  const legsOf = new Map<string, FileEntry[]>();
  for (const e of file.entries) {
    fresh(ids.entries, e.id, 'entries');
    entries.set(e.id, e);
    if (e.accountId !== null && !ids.accounts.has(e.accountId)) {
      throw refuse(`entry ${e.id} names a missing account`);
    }
    if (e.categoryId !== null && !ids.categories.has(e.categoryId)) {
      throw refuse(`entry ${e.id} names a missing category`);
    }
    const isLeg = e.type === 'transfer_in' || e.type === 'transfer_out';
    if (isLeg !== (e.transferId !== null)) {
      throw refuse(`entry ${e.id}: only the legs of a transfer have a transferId`);
    }
    const problem = entryStateProblem({ ...e, amountCents: BigInt(e.amountCents), splits: [] });
    if (problem) throw refuse(`entry ${e.id}: ${problem}`);
    if (e.transferId !== null) {
      const legs = legsOf.get(e.transferId) ?? [];
      legs.push(e);
      if (legs.length > 2) throw refuse(`transfer ${e.transferId} has more than two legs`);
      legsOf.set(e.transferId, legs);
      if (!ids.transfers.has(e.transferId)) ids.transfers.set(e.transferId, randomUUID());
    }
    if (!e.deleted && e.accountId !== null) {
      balances.set(
        e.accountId,
        (balances.get(e.accountId) ?? 0n) + signed(e.type, BigInt(e.amountCents)),
      );
    }
    if (pacer.step()) await pacer.pause();
  }
  for (const [id, legs] of legsOf) {
    const [a, b] = legs;
    // Two amounts only between two currencies (docs/ledger.md#transfers).
    const sameCurrency =
      !!a && !!b && currencies.get(a.accountId ?? '') === currencies.get(b.accountId ?? '');
    if (
      !a ||
      !b ||
      a.type === b.type ||
      (sameCurrency && a.amountCents !== b.amountCents) ||
      a.deleted !== b.deleted ||
      a.accountId === b.accountId
    ) {
      throw refuse(
        `transfer ${id} must have one leg out and one in, of the same amount (unless their accounts' currencies differ), on two accounts`,
      );
    }
    if (pacer.step()) await pacer.pause();
  }
  const transfers = new Set<string>();
  for (const t of file.transfers) {
    if (transfers.has(t.id)) throw refuse('two transfers have the same id');
    transfers.add(t.id);
    const legs = legsOf.get(t.id) ?? [];
    const out = legs.find((l) => l.type === 'transfer_out');
    const into = legs.find((l) => l.type === 'transfer_in');
    if (
      out?.accountId !== t.fromAccountId ||
      into?.accountId !== t.toAccountId ||
      out.amountCents !== t.amountCents ||
      into.amountCents !== (t.receivedAmountCents ?? t.amountCents)
    ) {
      throw refuse(`transfer ${t.id} does not match its entries`);
    }
    if (pacer.step()) await pacer.pause();
  }

  const linesOf = new Map<string, FileSplit[]>();
  for (const s of file.splits) {
    const entry = entries.get(s.entryId);
    if (!entry) throw refuse('a split line names a missing entry');
    if (!['expense', 'withdraw'].includes(entry.type) || entry.categoryId !== null) {
      throw refuse(
        `entry ${entry.id} cannot be split (only uncategorised expenses and withdrawals)`,
      );
    }
    if (s.categoryId !== null && !ids.categories.has(s.categoryId)) {
      throw refuse(`a split line of entry ${entry.id} names a missing category`);
    }
    const lines = linesOf.get(s.entryId) ?? [];
    // Counted as they come: the first line past the cap is refused, whatever follows.
    if (lines.length === SPLIT_LINES_MAX) {
      throw refuse(`entry ${entry.id} has more than ${SPLIT_LINES_MAX} split lines`);
    }
    if (lines.some((line) => line.position === s.position)) {
      throw refuse(`two split lines of entry ${entry.id} have the same position`);
    }
    lines.push(s);
    linesOf.set(s.entryId, lines);
    if (pacer.step()) await pacer.pause();
  }
  for (const [entryId, lines] of linesOf) {
    const entry = must(entries, entryId);
    if (lines.length < SPLIT_LINES_MIN) {
      throw refuse(`entry ${entryId} has ${lines.length} split line; a split has at least 2`);
    }
    const total = lines.reduce((sum, line) => sum + BigInt(line.amountCents), 0n);
    if (total !== BigInt(entry.amountCents)) {
      throw refuse(`the split lines of entry ${entryId} do not add up to its amount`);
    }
    lines.sort((a, b) => a.position - b.position);
    if (pacer.step()) await pacer.pause();
  }

  for (const a of file.accounts) {
    const balance = balances.get(a.id) ?? 0n;
    if (balance !== BigInt(a.balanceCents)) {
      throw refuse(`the balance of account "${a.title}" is not the sum of its entries`);
    }
    if (balance < -BigInt(a.creditLimitCents) || balance > MAX_BALANCE_CENTS) {
      throw refuse(`the balance of account "${a.title}" is outside its limits`);
    }
    if (pacer.step()) await pacer.pause();
  }

  const changes = new Map<string, BookExport['changes'][number]>();
  for (const c of file.changes) {
    fresh(ids.changes, c.id, 'changes');
    changes.set(c.id, c);
    if (pacer.step()) await pacer.pause();
  }
  for (const c of file.changes) {
    if ((c.undoesId !== null) !== (c.kind === 'undo')) {
      throw refuse(`change ${c.id}: only an undo undoes a change`);
    }
    const undoes = c.undoesId === null ? null : changes.get(c.undoesId);
    const undoneBy = c.undoneById === null ? null : changes.get(c.undoneById);
    if (undoes === undefined || undoneBy === undefined) {
      throw refuse(`change ${c.id} names a missing change`);
    }
    // An undo and what it undid name each other (docs/ledger.md#history-and-undo).
    if ((undoes && undoes.undoneById !== c.id) || (undoneBy && undoneBy.undoesId !== c.id)) {
      throw refuse(`change ${c.id} and the change it names do not name each other`);
    }
    if (pacer.step()) await pacer.pause();
  }

  const touched = new Set<string>();
  const lastAfter = new Map<string, string>();
  const snapshotProblem = (entry: FileEntry, snapshot: StoredSnapshotRecord): string | null => {
    if (snapshot.type !== entry.type) return 'gives it another type';
    if (snapshot.accountId !== null && !ids.accounts.has(snapshot.accountId)) {
      return 'names a missing account';
    }
    for (const category of [snapshot.categoryId, ...snapshot.splits.map((l) => l.categoryId)]) {
      if (category !== null && !ids.categories.has(category)) {
        if (!ids.goneCategories.has(category)) ids.goneCategories.set(category, randomUUID());
      }
    }
    return null;
  };
  for (const h of file.history) {
    const entry = entries.get(h.entryId);
    if (!changes.has(h.changeId) || !entry) {
      throw refuse('a history row names a missing change or entry');
    }
    const pair = `${h.changeId}/${h.entryId}`;
    if (touched.has(pair)) throw refuse(`change ${h.changeId} has two history rows of one entry`);
    touched.add(pair);
    for (const snapshot of [h.before, h.after]) {
      const problem = snapshot && snapshotProblem(entry, snapshot);
      if (problem) throw refuse(`a history row of entry ${entry.id} ${problem}`);
    }
    const previous = lastAfter.get(entry.id);
    if (previous !== undefined && (h.before === null || stateKey(h.before) !== previous)) {
      throw refuse(
        `a history row of entry ${entry.id} does not start where the one before it ended`,
      );
    }
    lastAfter.set(entry.id, stateKey(h.after));
    if (pacer.step()) await pacer.pause();
  }
  for (const [entryId, after] of lastAfter) {
    const e = must(entries, entryId);
    const now = stateKey({ ...e, splits: linesOf.get(entryId) ?? [] });
    if (after !== now) {
      throw refuse(`the history of entry ${entryId} does not end at the entry as it is`);
    }
    if (pacer.step()) await pacer.pause();
  }
  // One rate per pair, day and source, as the book's table keeps them (docs/rates.md).
  const rates = new Set<string>();
  for (const r of file.rates ?? []) {
    const key = `${r.base}/${r.quote}/${r.day}/${r.source}`;
    if (rates.has(key)) {
      throw refuse(`two ${r.source} rates of ${r.base} to ${r.quote} are for ${r.day}`);
    }
    rates.add(key);
    if (pacer.step()) await pacer.pause();
  }
  await checkBudgetActions(file.budgetActions ?? [], ids, pacer);
  // At most one goal per category, of one of the file's categories.
  const goals = new Set<string>();
  for (const g of file.budgetGoals ?? []) {
    if (!ids.categories.has(g.categoryId)) {
      throw refuse('a budget goal names a category the file does not have');
    }
    if (goals.has(g.categoryId)) throw refuse('a category has two budget goals');
    goals.add(g.categoryId);
  }
  return { ids, accountsWithEntries: [...balances.keys()] };
}
