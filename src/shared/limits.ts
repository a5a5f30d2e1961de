/**
 * Limits of the ledger the server enforces and the web app checks before sending
 * (docs/ledger.md). The database repeats the ones that guard its own integrity.
 */

/** A free-text payee on an entry. */
export const PAYEE_MAX = 100;
/** Tags on one entry, and the length of each (after trimming). */
export const TAGS_MAX = 20;
export const TAG_MAX = 40;
/** A split entry has this many lines, each with a note of at most SPLIT_NOTE_MAX characters. */
export const SPLIT_LINES_MIN = 2;
export const SPLIT_LINES_MAX = 50;
export const SPLIT_NOTE_MAX = 200;
/** Entries one bulk re-categorise or bulk delete may name. */
export const BULK_IDS_MAX = 500;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_GROUP_NAME_MAX = 60;
export const BOOK_NAME_MAX = 100;
/** An IANA time zone name, e.g. America/Argentina/ComodRivadavia (32). */
export const TIME_ZONE_MAX = 64;
/** A BCP 47 locale tag; the longest in common use (zh-Hant-TW-u-nu-hanidec) is well below. */
export const LOCALE_MAX = 35;
/** The free-text search of the ledger list. */
export const SEARCH_QUERY_MAX = 100;
/** Payee suggestions in one answer. */
export const PAYEE_SUGGESTIONS_MAX = 20;
/** Categories in one book, all groups together. */
export const CATEGORIES_PER_BOOK_MAX = 500;
/** A bank file to import: at most this many bytes, and rows (docs/import.md). */
export const IMPORT_FILE_BYTES_MAX = 5 * 1024 * 1024;
export const IMPORT_ROWS_MAX = 20_000;
/**
 * A book export sent back to restore (docs/analytics.md#full-export-and-restore): one JSON body,
 * so it has a limit of its own above BODY_LIMIT_BYTES; about 20,000 entries with their history.
 */
export const RESTORE_BODY_BYTES_MAX = 16 * 1024 * 1024;
/** A file's name as the batch list shows it. */
export const IMPORT_FILE_NAME_MAX = 200;
/** CSV columns a mapping may name (0-based). */
export const IMPORT_COLUMNS_MAX = 200;
/** Rules in one book; the text a rule matches; entries a rule test scans (newest first). */
export const RULES_PER_BOOK_MAX = 200;
export const RULE_NAME_MAX = 60;
export const RULE_PATTERN_MAX = 100;
export const RULE_TEST_SCAN_MAX = 5_000;
/**
 * Entries one "apply a rule" may change, and what a rule test lists for it (docs/import.md#rules):
 * the same bound as a bulk change.
 */
export const RULE_APPLY_MAX = BULK_IDS_MAX;
/** An account's or an entry's description. */
export const DESCRIPTION_MAX = 500;
/** An account's title. */
export const TITLE_MAX = 100;
/** The icons an account may have; an unknown one shows as the default (docs/product.md#accounts). */
export const ACCOUNT_ICONS = ['wallet', 'credit-card'] as const;
export type AccountIconName = (typeof ACCOUNT_ICONS)[number];
export const DEFAULT_ACCOUNT_ICON: AccountIconName = 'wallet';
export const DEFAULT_ACCOUNT_COLOR = '#10b981';
/** What kind of account it is: a label; the money rules are the credit limit's (docs/ledger.md#account-types). */
export const ACCOUNT_TYPES = [
  'cash',
  'checking',
  'savings',
  'credit-card',
  'loan',
  'other',
] as const;
export type AccountTypeName = (typeof ACCOUNT_TYPES)[number];
/** The type of an account created without one: a credit-card icon says so, else "other". */
export function defaultAccountType(icon: AccountIconName | undefined): AccountTypeName {
  return icon === 'credit-card' ? 'credit-card' : 'other';
}
/**
 * Whether a new account's money can be budgeted when the person does not say (docs/budgets.md):
 * a loan is tracked only, everything else is on budget.
 */
export function defaultOnBudget(type: AccountTypeName): boolean {
  return type !== 'loan';
}
/** The most months one plan-against-actual read covers (two years, as the analytics charts). */
export const BUDGET_PLAN_MAX_MONTHS = 24;
/** The longest period an analytics chart covers, in days (two years and a leap day). */
export const ANALYTICS_SPAN_MAX_DAYS = 731;
/** Rows of the top payees and largest entries lists. */
export const ANALYTICS_LIST_MAX = 10;
/**
 * Expenses in one page of GET /api/expenses and /api/expenses/by-account/{accountId}: the
 * default when `limit` is absent, and the most one page may ask for (docs/ledger.md).
 */
export const EXPENSE_PAGE_DEFAULT = 50;
export const EXPENSE_PAGE_MAX = 200;
/**
 * Restores of a book file running at once on one server instance; one more is refused with 429
 * (docs/analytics.md#full-export-and-restore). Small, well below the database pool.
 */
export const RESTORES_PER_INSTANCE_MAX = 2;
/**
 * A book being restored carries a mark whose heartbeat each written chunk refreshes; a mark
 * older than this belongs to a restore that died, and is cleaned up.
 */
export const RESTORE_STALE_SECONDS = 60;
/**
 * Rule patterns run on RE2 (docs/import.md#rules, decision 018). A pattern compiles to at most
 * RULE_PATTERN_PROGRAM_MAX instructions (what one character of text can cost); one request's
 * pattern rules read at most RULE_PATTERN_TEXT_MAX characters in all (rules x rows x text,
 * counted before matching starts): a rule test at its limits (RULE_TEST_SCAN_MAX entries of
 * DESCRIPTION_MAX + PAYEE_MAX characters) fits exactly; an import over it is refused.
 */
export const RULE_PATTERN_PROGRAM_MAX = 150;
export const RULE_PATTERN_TEXT_MAX = RULE_TEST_SCAN_MAX * (DESCRIPTION_MAX + PAYEE_MAX);
/**
 * A bank file holds at most this many statements (OFX STMTRS/CCSTMTRS, QIF !Account blocks,
 * camt Stmt/Rpt), and at most IMPORT_LINES_MAX physical lines, empty ones included: a file of
 * empty lines is refused by its size, not read (docs/import.md).
 */
export const IMPORT_STATEMENTS_MAX = 20;
export const IMPORT_LINES_MAX = 250_000;
/** Any one field of a bank file is cut to this many characters before a pattern looks at it. */
export const IMPORT_FIELD_MAX = 1_000;
/**
 * Entries one summary of a Transactions view reads at most (docs/ledger.md#count-and-total-of-a-view,
 * decision 028): over it the answer says "more than" and gives no figures, never a partial sum.
 * Sized so that the one statement stays short on PGlite, whose single session every other
 * request waits for; its sum stays far below 2^53 cents.
 */
export const SUMMARY_ROWS_MAX = 25_000;
