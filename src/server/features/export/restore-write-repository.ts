import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import {
  defaultAccountType,
  defaultOnBudget,
  type AccountIconName,
  type AccountTypeName,
} from '../../../shared/limits.js';
import type { ChangeKind } from '../../../shared/schemas/history.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import type { RateSource } from '../../../shared/schemas/rate.js';
import type { BudgetActionKind, GoalKind, RolloverRule } from '../../../shared/schemas/budget.js';

// The rows a restore writes (restore-write.ts), one chunk per call, ids already the new ones:
// every statement here takes at most one chunk's rows.

/** The default categories of a new book go: the file brings its own. */
export async function clearCategories(db: DbOrTx, bookId: string): Promise<void> {
  await db.deleteFrom('categories').where('book_id', '=', bookId).execute();
  await db.deleteFrom('category_groups').where('book_id', '=', bookId).execute();
}

export interface AccountInsert {
  id: string;
  title: string;
  description: string;
  icon: AccountIconName;
  color: string;
  /** Left out by files written before account types: the default for the icon. */
  type?: AccountTypeName | undefined;
  /** Left out by files written before currencies: USD, what every account was. */
  currency?: string | undefined;
  /** Left out by files written before budgets: the default for the type (a loan: off). */
  onBudget?: boolean | undefined;
  creditLimitCents: string;
  createdAt: Date;
  deleted: boolean;
}

/** Accounts, their balances 0 until settleBalances. */
export async function insertAccounts(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  rows: readonly AccountInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('accounts')
    .values(
      rows.map((a) => {
        const type = a.type ?? defaultAccountType(a.icon);
        return {
          id: a.id,
          book_id: bookId,
          created_by: actorId,
          title: a.title,
          description: a.description,
          icon: a.icon,
          color: a.color,
          account_type: type,
          on_budget: a.onBudget ?? defaultOnBudget(type),
          currency: a.currency ?? DEFAULT_CURRENCY,
          credit_limit_cents: a.creditLimitCents,
          created_at: a.createdAt,
          deleted_at: a.deleted ? sql<Date>`clock_timestamp()` : null,
        };
      }),
    )
    .execute();
}

export async function insertGroups(
  db: DbOrTx,
  bookId: string,
  rows: readonly { id: string; name: string; kind: string; position: number; archived: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('category_groups')
    .values(
      rows.map((g) => ({
        id: g.id,
        book_id: bookId,
        name: g.name,
        kind: g.kind as 'spending' | 'income',
        position: g.position,
        archived_at: g.archived ? sql<Date>`clock_timestamp()` : null,
      })),
    )
    .execute();
}

export async function insertCategories(
  db: DbOrTx,
  bookId: string,
  rows: readonly {
    id: string;
    groupId: string;
    name: string;
    icon: string;
    color: string;
    position: number;
    archived: boolean;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('categories')
    .values(
      rows.map((c) => ({
        id: c.id,
        book_id: bookId,
        group_id: c.groupId,
        name: c.name,
        icon: c.icon,
        color: c.color,
        position: c.position,
        archived_at: c.archived ? sql<Date>`clock_timestamp()` : null,
      })),
    )
    .execute();
}

export interface EntryInsert {
  id: string;
  accountId: string | null;
  type: 'deposit' | 'withdraw' | 'expense' | 'transfer_in' | 'transfer_out';
  amountCents: string;
  description: string;
  occurredOn: string;
  categoryId: string | null;
  payee: string;
  tags: string[];
  transferId: string | null;
  cleared?: 'cleared' | 'reconciled' | undefined;
  version: number;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export async function insertEntries(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  rows: readonly EntryInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('transactions')
    .values(
      rows.map((e) => ({
        id: e.id,
        book_id: bookId,
        created_by: actorId,
        account_id: e.accountId,
        transaction_type: e.type,
        amount_cents: e.amountCents,
        description: e.description,
        occurred_on: e.occurredOn,
        category_id: e.categoryId,
        payee: e.payee,
        tags: e.tags,
        transfer_id: e.transferId,
        cleared_state: e.cleared ?? 'uncleared',
        version: e.version,
        deleted_at: e.deleted ? sql<Date>`clock_timestamp()` : null,
        created_at: e.createdAt,
        updated_at: e.updatedAt,
      })),
    )
    .execute();
}

export async function insertSplits(
  db: DbOrTx,
  bookId: string,
  rows: readonly {
    entryId: string;
    position: number;
    categoryId: string | null;
    amountCents: string;
    note: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('entry_splits')
    .values(
      rows.map((s) => ({
        book_id: bookId,
        entry_id: s.entryId,
        position: s.position,
        category_id: s.categoryId,
        amount_cents: s.amountCents,
        note: s.note,
      })),
    )
    .execute();
}

/** Changes without their undo links (linkChanges writes those once every change exists). */
export async function insertChanges(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  rows: readonly { id: string; kind: ChangeKind; createdAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('entry_changes')
    .values(
      rows.map((c) => ({
        id: c.id,
        book_id: bookId,
        actor_id: actorId,
        kind: c.kind,
        created_at: c.createdAt,
      })),
    )
    .execute();
}

/** The undo links of a chunk of changes, in one statement. */
export async function linkChanges(
  db: DbOrTx,
  bookId: string,
  links: readonly { id: string; undoesId: string | null; undoneById: string | null }[],
): Promise<void> {
  if (links.length === 0) return;
  await sql`
    UPDATE entry_changes c SET undoes_id = l.undoes_id, undone_by_id = l.undone_by_id
    FROM unnest(${sql.val(links.map((l) => l.id))}::uuid[],
                ${sql.val(links.map((l) => l.undoesId))}::uuid[],
                ${sql.val(links.map((l) => l.undoneById))}::uuid[])
      AS l(id, undoes_id, undone_by_id)
    WHERE c.book_id = ${bookId}::uuid AND c.id = l.id`.execute(db);
}

/** History rows; each snapshot passes through jsonb, so its text is the canonical one. */
export async function insertHistoryRows(
  db: DbOrTx,
  bookId: string,
  rows: readonly {
    changeId: string;
    entryId: string;
    fields: string[];
    before: string | null;
    after: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('entry_history')
    .values(
      rows.map((h) => ({
        book_id: bookId,
        change_id: h.changeId,
        entry_id: h.entryId,
        fields: sql<string[]>`${sql.val(h.fields)}::text[]`,
        before: h.before === null ? null : sql<string>`${h.before}::text::jsonb::text`,
        after: sql<string>`${h.after}::text::jsonb::text`,
      })),
    )
    .execute();
}

/**
 * These accounts' balances become the signed sum of their live entries: the ledger's invariant
 * (docs/ledger.md#entries), whatever the file said (the service checked they agree).
 */
export async function settleBalances(
  db: DbOrTx,
  bookId: string,
  accountIds: readonly string[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await sql`
    UPDATE accounts a SET balance_cents = coalesce((
      SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
        THEN t.amount_cents ELSE -t.amount_cents END)
      FROM transactions t
      WHERE t.book_id = a.book_id AND t.account_id = a.id AND t.deleted_at IS NULL), 0)
    WHERE a.book_id = ${bookId}::uuid AND a.id = ANY(${sql.val(accountIds)}::uuid[])`.execute(db);
}

/** The goals of categories (docs/budgets.md#goals); the categories are the new ones. */
export async function insertBudgetGoals(
  db: DbOrTx,
  bookId: string,
  rows: readonly {
    categoryId: string;
    kind: GoalKind;
    amountCents: string;
    /** The first day of the month, for a by-date goal. */
    targetMonth: string | null;
    createdAt: Date;
    updatedAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('budget_goals')
    .values(
      rows.map((g) => ({
        category_id: g.categoryId,
        book_id: bookId,
        kind: g.kind,
        amount_cents: g.amountCents,
        target_month: g.targetMonth,
        created_at: g.createdAt,
        updated_at: g.updatedAt,
      })),
    )
    .execute();
}

export interface BudgetActionInsert {
  id: string;
  /** The first day of the month. */
  month: string;
  kind: BudgetActionKind;
  categoryId: string | null;
  fromCategoryId: string | null;
  /** A card's payment envelope instead of a category. */
  cardId: string | null;
  fromCardId: string | null;
  amountCents: string;
  rollover: { rule: RolloverRule; capCents: string | null } | null;
  /** The row it undoes, written before it (in an earlier chunk, or earlier in this one). */
  undoesId: string | null;
  counts: boolean;
  createdAt: Date;
}

/**
 * Rows of the budget log, in the file's order so that they keep it (`seq`); the person
 * restoring is their author, as of the changes. Without the marks of the rows undone
 * (markBudgetActionsUndone writes those once every row exists).
 */
export async function insertBudgetActions(
  db: DbOrTx,
  bookId: string,
  actorId: string,
  rows: readonly BudgetActionInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('budget_actions')
    .values(
      rows.map((b) => ({
        id: b.id,
        book_id: bookId,
        actor_id: actorId,
        month: b.month,
        kind: b.kind,
        category_id: b.categoryId,
        from_category_id: b.fromCategoryId,
        card_id: b.cardId,
        from_card_id: b.fromCardId,
        amount_cents: b.amountCents,
        rollover: b.rollover?.rule ?? null,
        rollover_cap_cents: b.rollover?.capCents ?? null,
        undoes_id: b.undoesId,
        counts: b.counts,
        created_at: b.createdAt,
      })),
    )
    .execute();
}

/** The undo marks of a chunk of budget log rows, in one statement. */
export async function markBudgetActionsUndone(
  db: DbOrTx,
  bookId: string,
  marks: readonly { id: string; undoneById: string }[],
): Promise<void> {
  if (marks.length === 0) return;
  await sql`
    UPDATE budget_actions b SET undone_by_id = m.undone_by_id
    FROM unnest(${sql.val(marks.map((m) => m.id))}::uuid[],
                ${sql.val(marks.map((m) => m.undoneById))}::uuid[]) AS m(id, undone_by_id)
    WHERE b.book_id = ${bookId}::uuid AND b.id = m.id`.execute(db);
}

export interface RateInsert {
  base: string;
  quote: string;
  day: string;
  rate: string;
  source: RateSource;
}

/**
 * The book's rates (docs/rates.md), one chunk as parallel columns in one statement. A rate the
 * book already has for the same pair, day and source (one imported before the restore) takes
 * the file's value, as writing that source again always does.
 */
export async function insertRates(
  db: DbOrTx,
  bookId: string,
  rows: readonly RateInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO exchange_rates (book_id, base_currency, quote_currency, day, rate, source)
    SELECT ${bookId}::uuid, t.base, t.quote, t.day, t.rate, t.source
    FROM unnest(${sql.val(rows.map((r) => r.base))}::text[],
                ${sql.val(rows.map((r) => r.quote))}::text[],
                ${sql.val(rows.map((r) => r.day))}::date[],
                ${sql.val(rows.map((r) => r.rate))}::numeric[],
                ${sql.val(rows.map((r) => r.source))}::text[])
      AS t(base, quote, day, rate, source)
    ON CONFLICT (book_id, base_currency, quote_currency, day, precedence)
    DO UPDATE SET rate = excluded.rate`.execute(db);
}
