import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';

// Reading a whole book for its export (docs/analytics.md#full-export-and-restore), table by
// table in one read-only snapshot: the caller's transaction (book-export-service.ts).

export function readBook(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('books')
    .select([
      'name',
      'time_zone',
      'base_currency',
      'card_envelopes',
      'budget_period_day',
      'budget_period_weekend',
    ])
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
}

export function readAccounts(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('accounts')
    .select([
      'id',
      'title',
      'description',
      'icon',
      'color',
      'account_type',
      'on_budget',
      'currency',
      'balance_cents',
      'credit_limit_cents',
      'created_at',
      'deleted_at',
    ])
    .where('book_id', '=', bookId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readGroups(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('category_groups')
    .select(['id', 'name', 'kind', 'position', 'archived_at'])
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readCategories(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'group_id', 'name', 'icon', 'color', 'position', 'archived_at'])
    .where('book_id', '=', bookId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function readEntries(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'account_id',
      'transaction_type',
      'amount_cents',
      'description',
      'occurred_on',
      'category_id',
      'payee',
      'tags',
      'transfer_id',
      'cleared_state',
      'version',
      'deleted_at',
      'created_at',
      'updated_at',
    ])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function readSplits(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_splits')
    .select(['entry_id', 'position', 'category_id', 'amount_cents', 'note'])
    .where('book_id', '=', bookId)
    .orderBy('entry_id')
    .orderBy('position')
    .execute();
}

export function readChanges(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_changes')
    .select(['id', 'kind', 'undoes_id', 'undone_by_id', 'created_at'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function readHistory(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('entry_history')
    .select(['change_id', 'entry_id', 'fields', 'before', 'after'])
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
}

/** Every rate of the book, each source (docs/rates.md); the rate as its exact text. */
export function readRates(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('exchange_rates')
    .select([
      'base_currency',
      'quote_currency',
      'day',
      sql<string>`rate::text`.as('rate'),
      'source',
    ])
    .where('book_id', '=', bookId)
    .orderBy('day')
    .orderBy('base_currency')
    .orderBy('quote_currency')
    .orderBy('precedence')
    .execute();
}

/** The goals of the book's categories (docs/budgets.md#goals), one per category. */
export function readBudgetGoals(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('budget_goals')
    .select(['category_id', 'kind', 'amount_cents', 'target_month', 'created_at', 'updated_at'])
    .where('book_id', '=', bookId)
    .orderBy('created_at')
    .orderBy('category_id')
    .execute();
}

/** The book's budget log (docs/budgets.md#the-log), in the order it was recorded. */
export function readBudgetActions(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('budget_actions')
    .select([
      'id',
      'month',
      'kind',
      // A card's payment envelope is named by the card's account id (docs/budgets.md#credit-cards).
      sql<string | null>`coalesce(category_id, card_id)`.as('category_id'),
      sql<string | null>`coalesce(from_category_id, from_card_id)`.as('from_category_id'),
      'amount_cents',
      'rollover',
      'rollover_cap_cents',
      'undoes_id',
      'undone_by_id',
      'counts',
      'created_at',
    ])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}
