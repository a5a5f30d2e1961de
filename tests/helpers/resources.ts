import { randomUUID } from 'node:crypto';
import { plainCsvMapping } from './csv-mapping.js';
import { sql } from 'kysely';
import type { ResourceKind } from '../../src/shared/schemas/common.js';
import { MESSAGES } from '../../src/shared/errors.js';
import type { TestApp, TestUser } from './test-app.js';
import { joinedMember } from './sharing.js';

/**
 * How the tests make, remove and find each kind of resource an input can name by id (the
 * `x-resource` of its id schema). The derived tables plant these ids into every procedure that
 * takes one (docs/testing.md#derived-tables): a new kind of resource needs an entry here, a new
 * procedure needs nothing. A kind no route names yet needs no entry; the first route that names
 * it fails the tables (fixtureOf) until its entry is here.
 */
export interface ResourceFixture {
  /** A live one owned by the user, with enough around it that a wrongful change would show. */
  create: (t: TestApp, user: TestUser) => Promise<string>;
  /** Removes it the way its owner would; afterwards it answers like one that never existed. */
  remove: (t: TestApp, user: TestUser, id: string) => Promise<void>;
  /** The user's ids of this kind, live or removed. */
  ids: (t: TestApp, userId: string, removed: boolean) => Promise<string[]>;
  /** The refusal for an id of this kind the caller may not see (missing, removed, not theirs). */
  notFound: { status: 404; code: 'NOT_FOUND'; message: string };
}

/** The personal book of a user: where their accounts, categories and entries live. */
async function bookOf(t: TestApp, userId: string): Promise<string> {
  const book = await t.database.db
    .selectFrom('books')
    .select('id')
    .where('personal_owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return book.id;
}

/**
 * Ids removed for good (a deleted category or group leaves no row to list), per app and user,
 * so `ids(…, removed: true)` can still name them.
 */
const removedIds = new WeakMap<TestApp, Map<string, string[]>>();
function rememberRemoved(t: TestApp, key: string, id: string): void {
  const byKey = removedIds.get(t) ?? new Map<string, string[]>();
  byKey.set(key, [...(byKey.get(key) ?? []), id]);
  removedIds.set(t, byKey);
}
const removedOf = (t: TestApp, key: string) => removedIds.get(t)?.get(key) ?? [];

type BookTable =
  | 'accounts'
  | 'categories'
  | 'category_groups'
  | 'transactions'
  | 'entry_changes'
  | 'import_batches'
  | 'rules'
  | 'exchange_rates';

/**
 * The `ids` of a kind kept in one table of the book, in `order`. A table with `deleted_at`
 * lists its soft-deleted rows as the removed ones; for the others a removal deletes the row, so
 * the removed ids are the ones remembered when they went (rememberRemoved with the table's name).
 */
function idsInBook(table: BookTable, order: 'created_at' | 'seq' | 'position', softDelete = false) {
  return async (t: TestApp, userId: string, removed: boolean): Promise<string[]> => {
    if (removed && !softDelete) return removedOf(t, `${table}:${userId}`);
    const deleted = !softDelete
      ? sql``
      : removed
        ? sql`AND deleted_at IS NOT NULL`
        : sql`AND deleted_at IS NULL`;
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM ${sql.table(table)}
      WHERE book_id = ${await bookOf(t, userId)}::uuid ${deleted}
      ORDER BY ${sql.ref(order)}, id`.execute(t.database.db);
    return rows.map((row) => row.id);
  };
}

/** The category each budget action fixture was assigned to, by the action's id. */
const budgetCategories = new Map<string, string>();

/** Days of the rate fixtures made so far: each takes the next, so none replaces another. */
let rateFixtures = 0;

export const RESOURCES: Partial<Record<ResourceKind, ResourceFixture>> = {
  account: {
    async create(t, user) {
      const caller = t.caller(user);
      const id = (await caller.account.create({ title: 'Fixture account' })).data.id;
      await caller.account.deposit({ id, amount: 100 });
      await caller.expense.create({ accountId: id, amount: 30, description: 'Groceries' });
      return id;
    },
    async remove(t, user, id) {
      await t.caller(user).account.delete({ id });
    },
    ids: idsInBook('accounts', 'created_at', true),
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.accountNotFound },
  },

  /** A category with an entry in it, so a wrongful delete or move would show. */
  category: {
    async create(t, user) {
      const caller = t.caller(user);
      const groups = (await caller.category.list({})).data;
      const group = groups.find((g) => g.kind === 'spending');
      if (!group) throw new Error('the book has no spending group');
      const created = await caller.category.create({
        groupId: group.id,
        name: `Fixture ${randomUUID().slice(0, 8)}`,
      });
      await caller.expense.create({ amount: 3.2, categoryId: created.data.id });
      return created.data.id;
    },
    /** Deleting it with no reassignment: its entries become uncategorised. */
    async remove(t, user, id) {
      await t.caller(user).category.delete({ id });
      rememberRemoved(t, `categories:${user.id}`, id);
    },
    ids: idsInBook('categories', 'created_at'),
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.categoryNotFound },
  },

  /** An empty category group (only an empty one can be deleted). */
  categoryGroup: {
    async create(t, user) {
      const created = await t.caller(user).category.createGroup({
        name: `Fixture ${randomUUID().slice(0, 8)}`,
        kind: 'spending',
      });
      return created.data.id;
    },
    async remove(t, user, id) {
      await t.caller(user).category.deleteGroup({ id });
      rememberRemoved(t, `category_groups:${user.id}`, id);
    },
    ids: idsInBook('category_groups', 'created_at'),
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.categoryGroupNotFound },
  },

  /** An entry of the ledger (the API's transaction): an expense with no account to move. */
  entry: {
    async create(t, user) {
      const created = await t
        .caller(user)
        .expense.create({ amount: 7.5, description: 'Fixture entry', payee: 'Fixture payee' });
      return created.data.transaction.id;
    },
    async remove(t, user, id) {
      await t.caller(user).entry.delete({ id });
    },
    ids: idsInBook('transactions', 'seq', true),
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.transactionNotFound },
  },

  /** A transfer between two accounts of the user, the source funded first. */
  transfer: {
    async create(t, user) {
      const caller = t.caller(user);
      const from = (await caller.account.create({ title: 'Fixture source' })).data.id;
      const to = (await caller.account.create({ title: 'Fixture destination' })).data.id;
      await caller.account.deposit({ id: from, amount: 80 });
      const created = await caller.transfer.create({
        fromAccountId: from,
        toAccountId: to,
        amount: 25,
      });
      return created.data.transfer.id;
    },
    async remove(t, user, id) {
      await t.caller(user).transfer.delete({ id });
    },
    async ids(t, userId, removed) {
      const rows = await t.database.db
        .selectFrom('transactions')
        .select('transfer_id')
        .distinct()
        .where('book_id', '=', await bookOf(t, userId))
        .where('transaction_type', '=', 'transfer_out')
        .where('deleted_at', removed ? 'is not' : 'is', null)
        .orderBy('transfer_id')
        .execute();
      return rows.flatMap((row) => (row.transfer_id ? [row.transfer_id] : []));
    },
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.transferNotFound },
  },

  /** A recorded change: the creation of an expense, which an undo would delete. */
  change: {
    async create(t, user) {
      const created = await t
        .caller(user)
        .expense.create({ amount: 6.25, description: 'Fixture change', payee: 'Fixture payee' });
      return created.data.changeId;
    },
    /**
     * No route removes a change (history is kept for good); one only disappears with its book.
     * The row is deleted in SQL (with its history rows) to stand for that.
     */
    async remove(t, user, id) {
      await t.database.db
        .deleteFrom('entry_changes')
        .where('book_id', '=', user.bookId)
        .where('id', '=', id)
        .execute();
      rememberRemoved(t, `entry_changes:${user.id}`, id);
    },
    ids: idsInBook('entry_changes', 'seq'),
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.changeNotFound },
  },

  /**
   * An import batch: a one-row CSV (a deposit, so it can always be reverted) into an account
   * of its own.
   */
  importBatch: {
    async create(t, user) {
      const caller = t.caller(user);
      const accountId = (await caller.account.create({ title: 'Fixture import account' })).data.id;
      const csv = `Date,Description,Amount\n2026-01-01,Fixture import ${randomUUID()},10.00\n`;
      const imported = await caller.imports.commit({
        accountId,
        fileName: 'fixture.csv',
        content: Buffer.from(csv).toString('base64'),
        // One deposit alone: the columns confirmed, as a person would (every row is money in).
        mapping: plainCsvMapping(),
      });
      return imported.data.batch.id;
    },
    // No route removes a batch (a reverted one is still listed and answers 409), so this undoes
    // it in SQL as if it never was: its entries (and their history) gone, the balance moved
    // back, its change and its row deleted.
    async remove(t, user, id) {
      await t.database.db.transaction().execute(async (trx) => {
        const batch = await trx
          .selectFrom('import_batches')
          .selectAll()
          .where('book_id', '=', user.bookId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await sql`DELETE FROM transactions WHERE book_id = ${user.bookId}::uuid
          AND import_batch_id = ${id}::uuid`.execute(trx);
        await trx
          .updateTable('accounts')
          .set({ balance_cents: sql<string>`balance_cents - ${String(batch.total_cents)}::bigint` })
          .where('id', '=', batch.account_id)
          .execute();
        await trx.deleteFrom('import_batches').where('id', '=', id).execute();
        if (batch.change_id) {
          await trx.deleteFrom('entry_changes').where('id', '=', batch.change_id).execute();
        }
      });
      rememberRemoved(t, `import_batches:${user.id}`, id);
    },
    ids: idsInBook('import_batches', 'created_at'),
    notFound: { status: 404, code: 'NOT_FOUND', message: 'Import not found' },
  },

  rule: {
    async create(t, user) {
      const created = await t.caller(user).rules.create({
        name: `Fixture rule ${randomUUID().slice(0, 8)}`,
        match: { field: 'description', operator: 'contains', value: 'coffee' },
        set: { payee: 'Fixture payee' },
      } as never);
      return created.data.id;
    },
    async remove(t, user, id) {
      await t.caller(user).rules.delete({ id });
      rememberRemoved(t, `rules:${user.id}`, id);
    },
    ids: idsInBook('rules', 'position'),
    notFound: { status: 404, code: 'NOT_FOUND', message: 'Rule not found' },
  },

  /** A rate entered by hand (each on a day of its own), beside an ECB rate of the same pair. */
  rate: {
    async create(t, user) {
      const caller = t.caller(user);
      rateFixtures += 1;
      const day = new Date(Date.UTC(2020, 0, rateFixtures)).toISOString().slice(0, 10);
      await caller.rates.import({
        fileName: 'fixture.csv',
        content: Buffer.from(`Date,USD,\n${day},1.0823,\n`).toString('base64'),
      });
      const created = await caller.rates.add({ base: 'EUR', quote: 'USD', day, rate: '1.09' });
      return created.data.id;
    },
    async remove(t, user, id) {
      await t.caller(user).rates.delete({ id });
      rememberRemoved(t, `exchange_rates:${user.id}`, id);
    },
    ids: idsInBook('exchange_rates', 'created_at'),
    notFound: { status: 404, code: 'NOT_FOUND', message: 'Rate not found' },
  },

  /** A shared book the user owns, with an account and money in it. */
  book: {
    async create(t, user) {
      const name = `Fixture book ${randomUUID().slice(0, 8)}`;
      const id = (await t.caller(user).book.create({ name })).data.id;
      const account = (await t.caller(user, { bookId: id }).account.create({ title: 'Joint' }))
        .data;
      await t.caller(user, { bookId: id }).account.deposit({ id: account.id, amount: 12 });
      return id;
    },
    async remove(t, user, id) {
      await t.caller(user).book.delete({ id });
      rememberRemoved(t, `books:${user.id}`, id);
    },
    async ids(t, userId, removed) {
      if (removed) return removedOf(t, `books:${userId}`);
      const rows = await t.database.db
        .selectFrom('memberships')
        .innerJoin('books', 'books.id', 'memberships.book_id')
        .select('books.id')
        .where('memberships.user_id', '=', userId)
        .where('books.personal_owner_id', 'is', null)
        .orderBy('books.created_at')
        .orderBy('books.id')
        .execute();
      return rows.map((row) => row.id);
    },
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.bookNotFound },
  },

  /** Another person in the user's personal book, as a viewer, through a link invitation. */
  member: {
    async create(t, user) {
      return (await joinedMember(t, user, 'viewer')).id;
    },
    async remove(t, user, id) {
      await t.caller(user).member.remove({ id });
      rememberRemoved(t, `memberships:${user.id}`, id);
    },
    async ids(t, userId, removed) {
      if (removed) return removedOf(t, `memberships:${userId}`);
      const rows = await t.database.db
        .selectFrom('memberships')
        .select('user_id')
        .where('book_id', '=', await bookOf(t, userId))
        .where('user_id', '!=', userId)
        .orderBy('created_at')
        .orderBy('user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },
    notFound: { status: 404, code: 'NOT_FOUND', message: 'Member not found' },
  },

  /**
   * An assignment in the budget's log, to a category of its own with money in it. The log keeps
   * every row (an undo is a row too); deleting its category removes its rows with it.
   */
  budgetAction: {
    async create(t, user) {
      const caller = t.caller(user);
      const groups = (await caller.category.list({})).data;
      const group = groups.find((g) => g.kind === 'spending');
      if (!group) throw new Error('the book has no spending group');
      const category = await caller.category.create({
        groupId: group.id,
        name: `Fixture budget ${randomUUID().slice(0, 8)}`,
      });
      const assigned = await caller.budget.assign({
        month: '2026-01',
        categoryId: category.data.id,
        assigned: 25,
      });
      const id = assigned.data.action?.id;
      if (id === undefined) throw new Error('the assignment recorded nothing');
      budgetCategories.set(id, category.data.id);
      return id;
    },
    async remove(t, user, id) {
      const categoryId = budgetCategories.get(id);
      if (categoryId === undefined) throw new Error(`no fixture category for budget action ${id}`);
      await t.caller(user).category.delete({ id: categoryId });
      rememberRemoved(t, `budget_actions:${user.id}`, id);
    },
    async ids(t, userId, removed) {
      if (removed) return removedOf(t, `budget_actions:${userId}`);
      const rows = await t.database.db
        .selectFrom('budget_actions')
        .select('id')
        .where('book_id', '=', await bookOf(t, userId))
        .orderBy('seq')
        .execute();
      return rows.map((row) => row.id);
    },
    notFound: { status: 404, code: 'NOT_FOUND', message: MESSAGES.budgetActionNotFound },
  },

  /** An open invitation into the user's personal book (withdrawing it deletes it). */
  invitation: {
    async create(t, user) {
      return (await t.caller(user).invitation.create({ role: 'editor' })).data.invitation.id;
    },
    async remove(t, user, id) {
      await t.caller(user).invitation.revoke({ id });
      rememberRemoved(t, `book_invitations:${user.id}`, id);
    },
    async ids(t, userId, removed) {
      if (removed) return removedOf(t, `book_invitations:${userId}`);
      const rows = await t.database.db
        .selectFrom('book_invitations')
        .select('id')
        .where('book_id', '=', await bookOf(t, userId))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },
    notFound: { status: 404, code: 'NOT_FOUND', message: 'Invitation not found' },
  },
};

/** The fixture of a kind some route names; a clear failure when it has none yet. */
export function fixtureOf(kind: ResourceKind): ResourceFixture {
  const fixture = RESOURCES[kind];
  if (!fixture) {
    throw new Error(
      `A route names ${kind} ids (x-resource) but tests/helpers/resources.ts has no fixture for ${kind}: add one`,
    );
  }
  return fixture;
}

/** Stands for an id of a resource kind in a generated input; replaced when the case runs. */
export class IdOf {
  /** `nth`: which field of this kind it is in its input (0 for the first). */
  constructor(
    readonly kind: ResourceKind,
    readonly nth = 0,
  ) {}
  toString(): string {
    return `<${this.kind} id>`;
  }
}

/**
 * Replaces every IdOf among an input's top-level fields (and in top-level lists of ids) with the
 * id given for its kind; a second field of one kind takes `others[kind][0]` when given (two
 * different accounts for a transfer), else the same id.
 */
export function plantIds(
  input: Record<string, unknown>,
  ids: Partial<Record<ResourceKind, string>>,
  others: Partial<Record<ResourceKind, string[]>> = {},
): Record<string, unknown> {
  const plant = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => plant(key, item));
    if (!(value instanceof IdOf)) return value;
    const id = (value.nth > 0 && others[value.kind]?.[value.nth - 1]) || ids[value.kind];
    if (id === undefined) throw new Error(`no ${value.kind} id to plant in ${key}`);
    return id;
  };
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, plant(key, value)]));
}
