import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ChangeKind } from '../../shared/schemas/history.js';
import type { AccountTypeName } from '../../shared/limits.js';
import type { PeriodWeekendRule } from '../../shared/budget-periods.js';

/**
 * bigint columns arrive as string (postgres.js) or number (PGlite) and are written as decimal
 * strings, which both drivers pass through untouched; read them with BigInt().
 */
type Cents = ColumnType<string | number, string, string>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** A calendar date as 'YYYY-MM-DD' text, both ways (src/server/db/connect.ts sets the drivers up). */
type CalendarDate = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firebase_uid: string | null;
  created_at: Generated<Date>;
  /** A BCP 47 tag such as de-DE (docs/settings.md); null: the browser's. */
  locale: string | null;
}

export type SessionMethod = 'password' | 'google' | 'github' | 'key';

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  method: SessionMethod;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  /** When the identity behind it was last confirmed (Firebase users); null: never since. */
  identity_checked_at: Date | null;
  revoked_at: Date | null;
}

export type BookRole = 'owner' | 'editor' | 'viewer';

/** Books own accounts, categories and the ledger; users reach them through memberships. */
export interface BooksTable {
  id: Generated<string>;
  name: string;
  /** An IANA zone name; null until one is chosen (UTC meanwhile). */
  time_zone: string | null;
  /** ISO 4217 code totals across currencies are shown in; 'USD' for books from before currencies (docs/money.md#base-currency). */
  base_currency: Generated<string>;
  /** The user whose personal book this is; null for a book that is nobody's personal one. */
  personal_owner_id: string | null;
  /** Rules also fill in what a person left empty on entries they add by hand (docs/import.md#rules). */
  apply_rules_to_manual_entries: Generated<boolean>;
  /** Credit cards get a payment envelope in the budget (docs/budgets.md#credit-cards). */
  card_envelopes: Generated<boolean>;
  /** The day budget periods start on, 1 to 31 (docs/budgets.md#budget-periods). */
  budget_period_day: Generated<number>;
  /** What a period start on a weekend does: 'keep', 'before' (Friday), 'after' (Monday). */
  budget_period_weekend: Generated<PeriodWeekendRule>;
  created_at: Generated<Date>;
  /**
   * Set while a file is being restored into the book (docs/analytics.md#full-export-and-restore):
   * the restore's own token and the time its last chunk was written; both null otherwise.
   */
  restore_token: string | null;
  restore_heartbeat_at: Date | null;
  /** When a file was restored into the book; such a book never counts as empty again. */
  restored_at: Date | null;
}

export interface MembershipsTable {
  book_id: string;
  user_id: string;
  role: BookRole;
  created_at: Generated<Date>;
}

/** An invitation into a book (docs/sharing.md#invitations); the token only as SHA-256. */
export interface BookInvitationsTable {
  id: Generated<string>;
  book_id: string;
  role: BookRole;
  /** Where it was mailed; null for an invitation shared as a link. */
  email: string | null;
  token_sha256: string;
  invited_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  /** What became of it; null while it is open (or expired unanswered). A withdrawn one is deleted. */
  outcome: 'accepted' | 'declined' | null;
  outcome_at: Date | null;
  outcome_by: string | null;
}

/** One change a member made in a book (docs/live-updates.md); its id is the live event's id. */
export interface BookActivityTable {
  /** bigint: a string on postgres.js, a number on PGlite; read with Number(). */
  id: ColumnType<string | number, never, never>;
  book_id: string;
  actor_id: string | null;
  /** The procedure's path, such as 'entry.create'. */
  kind: string;
  /** The part of the kind before the dot, such as 'entry' (generated). */
  area: ColumnType<string, never, never>;
  created_at: Generated<Date>;
}

/** A row of the budget's log (docs/budgets.md#the-log). */
export interface BudgetActionsTable {
  id: Generated<string>;
  /** The log's order. bigint: a string on postgres.js, a number on PGlite. */
  seq: ColumnType<string | number, never, never>;
  book_id: string;
  actor_id: string | null;
  /** The first day of the budget month. */
  month: CalendarDate;
  kind: 'assign' | 'move' | 'cover' | 'hold' | 'rollover' | 'undo';
  category_id: string | null;
  from_category_id: string | null;
  /** A card's payment envelope instead of a category (docs/budgets.md#credit-cards). */
  card_id: string | null;
  from_card_id: string | null;
  amount_cents: Cents;
  rollover: 'surplus' | 'both' | 'none' | 'capped' | null;
  rollover_cap_cents: Cents | null;
  undoes_id: string | null;
  undone_by_id: string | null;
  counts: Generated<boolean>;
  created_at: Generated<Date>;
}

/** What the ledger puts in a category per account and month (docs/budgets.md#speed). */
export interface BudgetActivityTable {
  book_id: string;
  account_id: string;
  month: CalendarDate;
  category_id: string | null;
  /** A transfer leg's other account; null for every other entry. */
  counter_account_id: string | null;
  amount_cents: Cents;
  base_cents: Cents;
  unconverted: number;
}

/** A spending category's goal (docs/budgets.md#goals). */
export interface BudgetGoalsTable {
  category_id: string;
  book_id: string;
  kind: 'monthly' | 'by-date' | 'refill';
  amount_cents: Cents;
  /** The first day of the month a by-date goal is due. */
  target_month: CalendarDate | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Months of an account whose budget_activity is out of date: one mark per writing transaction. */
export interface BudgetDirtyTable {
  account_id: string;
  month: CalendarDate;
  book_id: string;
  /** The writing transaction's id (txid_current(), its default). bigint. */
  writer: ColumnType<string | number, never, never>;
}

/**
 * Each book's budget generation: a new random token from every change to what the budget's months
 * are computed from (docs/budgets.md#speed). Written by triggers only.
 */
export interface BudgetGenerationsTable {
  book_id: string;
  token: string;
}

export type CategoryKind = 'spending' | 'income';

export interface CategoryGroupsTable {
  id: Generated<string>;
  book_id: string;
  name: string;
  kind: CategoryKind;
  position: Generated<number>;
  archived_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface CategoriesTable {
  id: Generated<string>;
  book_id: string;
  group_id: string;
  name: string;
  icon: string;
  color: string;
  position: Generated<number>;
  archived_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AccountsTable {
  id: Generated<string>;
  book_id: string;
  /** Who created it (null once that user is gone); ownership is book_id. */
  created_by: string | null;
  title: string;
  description: string;
  icon: 'wallet' | 'credit-card';
  color: string;
  /** cash, checking, savings, credit-card, loan or other (docs/ledger.md#account-types). */
  account_type: ColumnType<AccountTypeName, AccountTypeName | undefined, AccountTypeName>;
  /** On budget: its money can be assigned (docs/budgets.md#on-budget-accounts). */
  on_budget: Generated<boolean>;
  /**
   * ISO 4217 code: balance_cents, credit_limit_cents and every entry's amount_cents are minor
   * units of it (docs/money.md#account-currency). Fixed once the account has entries.
   */
  currency: ColumnType<string, string | undefined, string>;
  balance_cents: ColumnType<string | number, never, string>;
  /** The balance may go down to minus this, never below (0: no credit). */
  credit_limit_cents: ColumnType<string | number, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Timestamp | null;
}

/** Deposits and transfer_in legs add to a balance; the others subtract. */
export type EntryType = 'deposit' | 'withdraw' | 'expense' | 'transfer_in' | 'transfer_out';

/** The ledger: one row per entry (docs/ledger.md). The API calls an entry a transaction. */
export interface TransactionsTable {
  seq: ColumnType<string | number, never, never>;
  id: Generated<string>;
  book_id: string;
  /** Who recorded it (null once that user is gone). */
  created_by: string | null;
  account_id: string | null;
  transaction_type: EntryType;
  amount_cents: Cents;
  description: string;
  /** The date the person gave the entry, distinct from created_at. */
  occurred_on: CalendarDate;
  category_id: string | null;
  payee: Generated<string>;
  tags: Generated<string[]>;
  /** Shared by the two legs of a transfer. */
  transfer_id: string | null;
  /** Soft delete: a deleted entry leaves balances and lists, and undo can restore it. */
  deleted_at: Timestamp | null;
  /** Bumped by every change; an edit may name the version it expects. */
  version: Generated<number>;
  /** Folded description, payee and tags, kept by a trigger for search. */
  search_text: ColumnType<string, never, never>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The import that wrote it (docs/import.md); null for an entry made otherwise. */
  import_batch_id: string | null;
  /**
   * The amount in the book's base currency as last recorded (docs/analytics.md#recorded-
   * conversions): written only by the conversion recorder, cleared by triggers; null with
   * base_recorded: no rate. The ledger's rows leave both out (EntryRow).
   */
  base_amount: Cents | null;
  base_recorded: Generated<boolean>;
  /** The bank's own id of the row, when its file gives one. */
  bank_ref: string | null;
  /** sha-256 of date, amount and folded description, for a row without a bank id. */
  import_fingerprint: string | null;
  /** Which of the identical rows of its file this one was (1, 2, …), with the fingerprint. */
  import_occurrence: number | null;
  /** Seen on a statement (cleared) or part of a finished reconciliation (docs/ledger.md#reconciliation). */
  cleared_state: Generated<ClearedState>;
}

/** Where an entry stands against the bank's statements (docs/ledger.md#reconciliation). */
export type ClearedState = 'uncleared' | 'cleared' | 'reconciled';

/** A finished reconciliation of an account against a statement (docs/ledger.md#reconciliation). */
export interface ReconciliationsTable {
  id: Generated<string>;
  book_id: string;
  account_id: string;
  statement_on: CalendarDate;
  statement_balance_cents: Cents;
  /** The change that marked its entries reconciled; undoing it removes this row. */
  change_id: string;
  reconciled_by: string | null;
  created_at: Generated<Date>;
}

/** Where a rate came from (docs/rates.md#sources). */
export type RateSource = 'manual' | 'transfer' | 'ecb' | 'provider';

/** Exchange rates of a book (docs/rates.md): one per pair, day and source. */
export interface ExchangeRatesTable {
  id: Generated<string>;
  book_id: string;
  base_currency: string;
  quote_currency: string;
  day: CalendarDate;
  /** An exact decimal: written as text, read back as text (`rate::text`), never a float. */
  rate: ColumnType<string, string, string>;
  source: RateSource;
  /** Generated from source: 0 (manual) wins on a day. */
  precedence: ColumnType<number, never, never>;
  created_at: Generated<Date>;
}

/** The lines of a split entry; their amounts add up to the entry's exactly. */
export interface EntrySplitsTable {
  id: Generated<string>;
  book_id: string;
  entry_id: string;
  position: number;
  category_id: string | null;
  amount_cents: Cents;
  note: Generated<string>;
  /** As on transactions: the line's amount in the base currency as last recorded. */
  base_amount: Cents | null;
  base_recorded: Generated<boolean>;
}

/** Days whose rates changed, until the recorder has marked their entries (docs/analytics.md#recorded-conversions). */
export interface RateChangesTable {
  id: ColumnType<string | number, never, never>;
  book_id: string;
  from_day: CalendarDate;
  to_day: CalendarDate;
}

/** One row per action a person took on the ledger; the entries it touched are in entry_history. */
export interface EntryChangesTable {
  id: Generated<string>;
  book_id: string;
  seq: ColumnType<string | number, never, never>;
  actor_id: string | null;
  kind: ChangeKind;
  undoes_id: string | null;
  undone_by_id: string | null;
  created_at: Generated<Date>;
}

/** Each entry a change touched: which fields, and the entry's state before and after (JSON text). */
export interface EntryHistoryTable {
  id: ColumnType<string | number, never, never>;
  book_id: string;
  change_id: string;
  entry_id: string;
  fields: string[];
  before: string | null;
  after: string | null;
}

export interface KeyCredentialsTable {
  user_id: string;
  email: string;
  public_key_pem: string;
  created_at: Generated<Date>;
  /** When a link sent to the email confirmed this key; null for a first, unproven key. */
  proven_at: Date | null;
}

/** A key registered for an email that already has one: usable once its link is opened. */
export interface KeyRegistrationsTable {
  token_sha256: string;
  email: string;
  public_key_pem: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface KeyChallengesTable {
  id: Generated<string>;
  email: string;
  challenge_sha256: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_sha256: string;
  status: number | null;
  error_code: string | null;
  /** JSON text of the stored response body. */
  response: string | null;
  created_at: Date;
}

/**
 * One import of a bank file into an account (docs/import.md). Its entries carry
 * import_batch_id, bank_ref, import_fingerprint and import_occurrence, columns only the import
 * repository reads and writes (in SQL), so the ledger's entry rows stay as they are.
 */
export interface ImportBatchesTable {
  id: Generated<string>;
  book_id: string;
  account_id: string;
  created_by: string | null;
  file_name: string;
  format: 'csv' | 'ofx' | 'qif' | 'camt';
  content_sha256: string;
  entry_count: number;
  total_cents: Cents;
  change_id: string | null;
  reverted_at: Timestamp | null;
  revert_change_id: string | null;
  created_at: Generated<Date>;
}

/** The CSV mapping last used for an account (JSON text). */
export interface ImportMappingsTable {
  book_id: string;
  account_id: string;
  mapping: string;
  updated_at: Generated<Date>;
}

/** Rules that set an entry's category, payee, tags or description (docs/import.md#rules). */
export interface RulesTable {
  id: Generated<string>;
  book_id: string;
  name: string;
  position: number;
  enabled: Generated<boolean>;
  match_field: 'description' | 'payee' | 'either' | null;
  match_operator: 'contains' | 'equals' | 'matches' | null;
  match_value: string | null;
  amount_min_cents: Cents | null;
  amount_max_cents: Cents | null;
  account_id: string | null;
  set_category_id: string | null;
  set_payee: string | null;
  set_tags: string[] | null;
  set_description: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  key_credentials: KeyCredentialsTable;
  key_challenges: KeyChallengesTable;
  key_registrations: KeyRegistrationsTable;
  idempotency_keys: IdempotencyKeysTable;
  books: BooksTable;
  memberships: MembershipsTable;
  book_invitations: BookInvitationsTable;
  book_activity: BookActivityTable;
  budget_actions: BudgetActionsTable;
  budget_activity: BudgetActivityTable;
  budget_dirty: BudgetDirtyTable;
  budget_generations: BudgetGenerationsTable;
  budget_goals: BudgetGoalsTable;
  category_groups: CategoryGroupsTable;
  categories: CategoriesTable;
  accounts: AccountsTable;
  transactions: TransactionsTable;
  entry_splits: EntrySplitsTable;
  entry_changes: EntryChangesTable;
  entry_history: EntryHistoryTable;
  import_batches: ImportBatchesTable;
  import_mappings: ImportMappingsTable;
  rules: RulesTable;
  reconciliations: ReconciliationsTable;
  exchange_rates: ExchangeRatesTable;
  rate_changes: RateChangesTable;
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type BookRow = Selectable<BooksTable>;
export type CategoryGroupRow = Selectable<CategoryGroupsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type EntrySplitRow = Selectable<EntrySplitsTable>;
export type EntryChangeRow = Selectable<EntryChangesTable>;
export type EntryHistoryRow = Selectable<EntryHistoryTable>;
export type ImportBatchRow = Selectable<ImportBatchesTable>;
export type RuleRow = Selectable<RulesTable>;
export type ReconciliationRow = Selectable<ReconciliationsTable>;
export type ExchangeRateRow = Selectable<ExchangeRatesTable>;
