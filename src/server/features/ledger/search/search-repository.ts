import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db/connect.js';
import type { EntryType } from '../../../db/schema.js';
import type { TransactionSort, TransferRows } from '../../../../shared/schemas/ledger-query.js';
import { ENTRY_COLUMNS, type EntryRow } from '../entries/entry-repository.js';
import type { AmountFilter } from './amount-bounds.js';

// The searching reads of the ledger (docs/ledger.md#search-filters-sorts-and-cursors): the
// filtered, sorted pages of GET /api/transactions and the expenses lists, payee suggestions and
// the tags in use. Reads only: every write of the transactions table is in entries/entry-repository.ts.

/** Where a page starts: strictly after this row in the sort's order. */
export interface KeysetPosition {
  /** occurred_on ('YYYY-MM-DD') for the date sorts, amount_cents (decimal text) for the amount ones. */
  key: string;
  seq: string;
}

/** One word of a search: its folded text matches, or one of these categories does. */
export interface SearchWord {
  /** As typed; folded by ledger_fold in SQL, as the search text was. */
  word: string;
  /** Categories of the book whose folded name contains the word. */
  categoryIds: string[];
  /** Entries with a split line in one of those categories. */
  splitEntryIds: string[];
}

export interface EntrySearch {
  bookId: string;
  accountId?: string | undefined;
  types?: readonly EntryType[] | undefined;
  /** created_at bounds: inclusive, exclusive. */
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  words?: readonly SearchWord[] | undefined;
  /** A category (the entry's own or, through splitEntryIds, a split line's), or 'none'. */
  category?:
    { kind: 'one'; id: string; splitEntryIds: readonly string[] } | { kind: 'none' } | undefined;
  tag?: string | undefined;
  /** minAmount and maxAmount in minor units of each entry's currency (amount-bounds.ts). */
  amounts?: AmountFilter | undefined;
  /** occurred_on bounds, both inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /**
   * 'one': a transfer is one row, its outgoing leg, when the search is not one account's (an
   * account holds one leg of a transfer at most, so an account's search shows that leg).
   */
  transfers?: TransferRows | undefined;
  sort: TransactionSort;
  after?: KeysetPosition | undefined;
  /** Rows at most; undefined: all of them. */
  limit?: number | undefined;
}

/** LIKE's own characters in a word are literal, not wildcards. */
export function likeEscape(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SORT_KEY = {
  date_desc: { column: 'occurred_on', cast: sql`date`, dir: 'desc' },
  date_asc: { column: 'occurred_on', cast: sql`date`, dir: 'asc' },
  amount_desc: { column: 'amount_cents', cast: sql`bigint`, dir: 'desc' },
  amount_asc: { column: 'amount_cents', cast: sql`bigint`, dir: 'asc' },
} as const;

/**
 * The live entries of a search, one page in the sort's order, `(key, seq)` breaking ties so that
 * paging with keyset positions never repeats or skips a row, served by the (book, key, seq)
 * indexes or, for a rare word, the trigram index.
 */
export function searchEntriesQuery(db: DbOrTx, s: EntrySearch) {
  const sort = SORT_KEY[s.sort];
  let query = filteredEntries(db, s).select(ENTRY_COLUMNS.map((c) => `t.${c}` as const));
  if (s.after !== undefined) {
    const op = sort.dir === 'desc' ? sql`<` : sql`>`;
    query = query.where(
      sql<SqlBool>`(${sql.ref(`t.${sort.column}`)}, t.seq) ${op} (${s.after.key}::${sort.cast}, ${s.after.seq}::bigint)`,
    );
  }
  query = query.orderBy(`t.${sort.column}`, sort.dir).orderBy('t.seq', sort.dir);
  return s.limit === undefined ? query : query.limit(s.limit);
}

/** Whether a search shows a transfer as its outgoing leg alone (see EntrySearch.transfers). */
export const transfersAsOneRow = (s: Pick<EntrySearch, 'transfers' | 'accountId'>) =>
  s.transfers === 'one' && s.accountId === undefined;

/** The live entries a search's filters pick, in no order: what a page and a summary share. */
function filteredEntries(db: DbOrTx, s: Omit<EntrySearch, 'sort' | 'after' | 'limit'>) {
  let query = db
    .selectFrom('transactions as t')
    .where('t.book_id', '=', s.bookId)
    .where('t.deleted_at', 'is', null);
  if (s.accountId !== undefined) query = query.where('t.account_id', '=', s.accountId);
  // A transfer's legs share their day, amount, description and creation time, so every filter
  // but the account picks both or neither: leaving the incoming leg out is a filter like the
  // others, and keyset pages over what is left neither lose nor repeat a transfer.
  if (transfersAsOneRow(s)) query = query.where('t.transaction_type', '<>', 'transfer_in');
  if (s.types !== undefined) query = query.where('t.transaction_type', 'in', [...s.types]);
  if (s.createdFrom !== undefined) query = query.where('t.created_at', '>=', s.createdFrom);
  if (s.createdTo !== undefined) query = query.where('t.created_at', '<', s.createdTo);
  const amounts = s.amounts;
  if (amounts?.kind === 'one') {
    const { minCents, maxCents } = amounts;
    if (minCents !== undefined) query = query.where('t.amount_cents', '>=', minCents.toString());
    if (maxCents !== undefined) query = query.where('t.amount_cents', '<=', maxCents.toString());
  } else if (amounts?.kind === 'grouped') {
    // Accounts of different exponents compare with different figures (amount-bounds.ts).
    query = query.where((eb) =>
      eb.or(
        amounts.groups.map((group) => {
          const owners = [
            ...(group.accountIds.length > 0
              ? [eb('t.account_id', '=', sql<string>`ANY(${sql.val(group.accountIds)}::uuid[])`)]
              : []),
            ...(group.unbooked ? [eb('t.account_id', 'is', null)] : []),
          ];
          return eb.and([
            eb.or(owners),
            ...(group.minCents === undefined
              ? []
              : [eb('t.amount_cents', '>=', group.minCents.toString())]),
            ...(group.maxCents === undefined
              ? []
              : [eb('t.amount_cents', '<=', group.maxCents.toString())]),
          ]);
        }),
      ),
    );
  }
  if (s.dateFrom !== undefined) query = query.where('t.occurred_on', '>=', s.dateFrom);
  if (s.dateTo !== undefined) query = query.where('t.occurred_on', '<=', s.dateTo);
  if (s.tag !== undefined) {
    query = query.where(sql<SqlBool>`(t.tags @> ARRAY[${s.tag}::text])`);
  }
  const category = s.category;
  if (category?.kind === 'one') {
    query = query.where((eb) =>
      category.splitEntryIds.length === 0
        ? eb('t.category_id', '=', category.id)
        : eb.or([
            eb('t.category_id', '=', category.id),
            eb('t.id', '=', sql<string>`ANY(${sql.val([...category.splitEntryIds])}::uuid[])`),
          ]),
    );
  } else if (category?.kind === 'none') {
    // Entries that could carry a category and carry none: transfers never do, and a split entry
    // is uncategorised while one of its lines is.
    query = query
      .where('t.category_id', 'is', null)
      .where('t.transaction_type', 'not in', ['transfer_in', 'transfer_out'])
      .where(
        // Parenthesised: Kysely joins raw conditions with AND as they are.
        sql<SqlBool>`(NOT EXISTS (SELECT 1 FROM entry_splits s
          WHERE s.book_id = t.book_id AND s.entry_id = t.id AND s.category_id IS NOT NULL)
          OR EXISTS (SELECT 1 FROM entry_splits s
          WHERE s.book_id = t.book_id AND s.entry_id = t.id AND s.category_id IS NULL))`,
      );
  }
  for (const w of s.words ?? []) query = query.where(wordMatches(w));
  return query;
}

/** What a summary reads: how many entries, and the cents in and out among them. */
export interface SummaryRow {
  count: string | number;
  in_cents: string;
  out_cents: string;
}

/**
 * Counts and sums the entries a search picks, reading at most `cap` of them (in no order, by
 * whichever index the filters suit): a count above `cap` says the view is larger than one
 * summary reads, and its sums are not to be shown (docs/ledger.md#count-and-total-of-a-view).
 * A transfer shown as one row moves money between the book's accounts: neither in nor out.
 */
export function summarizeEntries(
  db: DbOrTx,
  s: Omit<EntrySearch, 'sort' | 'after' | 'limit'>,
  cap: number,
): Promise<SummaryRow> {
  return summaryQuery(db, s, cap).executeTakeFirstOrThrow();
}

/** The one statement of a summary (see summarizeEntries). */
export function summaryQuery(
  db: DbOrTx,
  s: Omit<EntrySearch, 'sort' | 'after' | 'limit'>,
  cap: number,
) {
  const picked = filteredEntries(db, s)
    .select(['t.transaction_type', 't.amount_cents'])
    .limit(cap + 1)
    .as('picked');
  const outTypes = transfersAsOneRow(s)
    ? ['withdraw', 'expense']
    : ['withdraw', 'expense', 'transfer_out'];
  return db.selectFrom(picked).select([
    sql<string | number>`count(*)`.as('count'),
    sql<string>`coalesce(sum(picked.amount_cents) FILTER (WHERE picked.transaction_type
        IN ('deposit', 'transfer_in')), 0)::text`.as('in_cents'),
    sql<string>`coalesce(sum(picked.amount_cents) FILTER (WHERE picked.transaction_type
        = ANY(${sql.val(outTypes)}::text[])), 0)::text`.as('out_cents'),
  ]);
}

/** A word found in the search text (substring, folded), or as a category of the entry or a line. */
function wordMatches(w: SearchWord): Expression<SqlBool> {
  const text = sql<SqlBool>`(t.search_text LIKE ('%' || ledger_fold(${likeEscape(w.word)}) || '%'))`;
  if (w.categoryIds.length === 0) return text;
  const arms = [
    text,
    sql<SqlBool>`t.category_id = ANY(${sql.val(w.categoryIds)}::uuid[])`,
    ...(w.splitEntryIds.length > 0
      ? [sql<SqlBool>`t.id = ANY(${sql.val(w.splitEntryIds)}::uuid[])`]
      : []),
  ];
  return sql<SqlBool>`(${sql.join(arms, sql` OR `)})`;
}

export function searchEntries(db: DbOrTx, s: EntrySearch): Promise<EntryRow[]> {
  return searchEntriesQuery(db, s).execute();
}

/**
 * For each word, the categories of the book whose folded name contains it and the entries with a
 * split line in one of them: one query for all the words.
 */
export async function categoriesMatchingWords(
  db: DbOrTx,
  bookId: string,
  words: readonly string[],
): Promise<SearchWord[]> {
  if (words.length === 0) return [];
  const { rows } = await sql<{ word: string; category_ids: string[]; split_entry_ids: string[] }>`
    SELECT w.word,
      coalesce(array_agg(DISTINCT c.id) FILTER (WHERE c.id IS NOT NULL), '{}') AS category_ids,
      coalesce((SELECT array_agg(DISTINCT s.entry_id) FROM entry_splits s
        WHERE s.book_id = ${bookId}::uuid AND s.category_id = ANY(array_agg(c.id))), '{}')
        AS split_entry_ids
    FROM unnest(${sql.val([...words])}::text[], ${sql.val(words.map(likeEscape))}::text[])
      AS w(word, pattern)
    LEFT JOIN categories c ON c.book_id = ${bookId}::uuid
      AND ledger_fold(c.name) LIKE '%' || ledger_fold(w.pattern) || '%'
    GROUP BY w.word`.execute(db);
  const byWord = new Map(rows.map((row) => [row.word, row]));
  return words.map((word) => ({
    word,
    categoryIds: byWord.get(word)?.category_ids ?? [],
    splitEntryIds: byWord.get(word)?.split_entry_ids ?? [],
  }));
}

/** The entries with a split line in a category (usually none or few). */
export async function entriesSplitInto(
  db: DbOrTx,
  bookId: string,
  categoryId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('entry_splits')
    .select('entry_id')
    .distinct()
    .where('book_id', '=', bookId)
    .where('category_id', '=', categoryId)
    .execute();
  return rows.map((row) => row.entry_id);
}

/**
 * Payees of the book's live entries, most used first, with the category of the latest entry
 * naming each; with `q`, those whose folded text contains it (the trigram index narrows first).
 */
export async function findPayees(
  db: DbOrTx,
  bookId: string,
  q: string | undefined,
  limit: number,
): Promise<{ payee: string; uses: number; last_category_id: string | null }[]> {
  const filter =
    q === undefined || q.trim() === ''
      ? sql``
      : sql`AND search_text LIKE '%' || ledger_fold(${likeEscape(q)}) || '%'
            AND ledger_fold(payee) LIKE '%' || ledger_fold(${likeEscape(q)}) || '%'`;
  const { rows } = await sql<{ payee: string; uses: string; last_category_id: string | null }>`
    SELECT payee, count(*) AS uses,
      (array_agg(category_id ORDER BY occurred_on DESC, seq DESC))[1] AS last_category_id
    FROM transactions
    WHERE book_id = ${bookId}::uuid AND deleted_at IS NULL AND payee <> '' ${filter}
    GROUP BY payee
    ORDER BY count(*) DESC, payee
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, uses: Number(row.uses) }));
}

/** The tags of the book's live entries, most used first. */
export async function findTags(
  db: DbOrTx,
  bookId: string,
  limit: number,
): Promise<{ tag: string; uses: number }[]> {
  const { rows } = await sql<{ tag: string; uses: string }>`
    SELECT tag, count(*) AS uses
    FROM transactions, unnest(tags) AS tag
    WHERE book_id = ${bookId}::uuid AND deleted_at IS NULL AND tags <> '{}'
    GROUP BY tag
    ORDER BY count(*) DESC, tag
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ tag: row.tag, uses: Number(row.uses) }));
}

/** An entry's effect on its account's balance, in cents: deposits and incoming legs add. */
const SIGNED_CENTS = sql`CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
  THEN t.amount_cents ELSE -t.amount_cents END`;

/**
 * One page of an account's live entries, newest first ((occurred_on, seq) descending, strictly
 * after `after`), each row with `balance_start_cents`: the balance after the page's first row,
 * read in the same statement (one snapshot) as the account's balance less the signed sum of the
 * entries newer than the page: the cursor's row and every one before it in the list
 * (docs/ledger.md#running-balance). That sum reads only the entries
 * the earlier pages showed: the days after the cursor's day from the covering index
 * (account_id, occurred_on) INCLUDE (transaction_type, amount_cents), the cursor's own day
 * through (account_id, occurred_on, seq). Never another account's entries.
 */
export function accountPageQuery(db: DbOrTx, s: AccountPage) {
  const newer =
    s.after === undefined
      ? sql`0`
      : sql`coalesce((SELECT sum(${SIGNED_CENTS}) FROM transactions t
            WHERE t.account_id = a.id AND t.deleted_at IS NULL
              AND t.occurred_on > ${s.after.key}::date), 0)
          + coalesce((SELECT sum(${SIGNED_CENTS}) FROM transactions t
            WHERE t.account_id = a.id AND t.deleted_at IS NULL
              AND t.occurred_on = ${s.after.key}::date AND t.seq >= ${s.after.seq}::bigint), 0)`;
  return searchEntriesQuery(db, {
    bookId: s.bookId,
    accountId: s.accountId,
    sort: 'date_desc',
    after: s.after,
    limit: s.limit,
  }).select(
    sql<string | number>`(SELECT (a.balance_cents - (${newer}))::bigint FROM accounts a
        WHERE a.id = ${s.accountId}::uuid AND a.book_id = ${s.bookId}::uuid)`.as(
      'balance_start_cents',
    ),
  );
}

interface AccountPage {
  bookId: string;
  accountId: string;
  after: KeysetPosition | undefined;
  limit: number;
}

export function accountPageWithStartBalance(
  db: DbOrTx,
  s: AccountPage,
): Promise<(EntryRow & { balance_start_cents: string | number })[]> {
  return accountPageQuery(db, s).execute();
}
