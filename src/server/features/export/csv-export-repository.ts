import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { DB } from '../../db/schema.js';
import { unitsToCents } from '../../../shared/money.js';
import type { SearchTransactionsInput } from '../../../shared/schemas/ledger-query.js';

// The rows of the CSV export (docs/analytics.md#csv-export-of-a-transactions-view): the live entries a Transactions
// view shows, with the names of their account and category, read a batch at a time so that
// 100,000 rows never sit in memory. On both databases each batch is its own short statement,
// continuing after the last row of the previous one (keyset on the sort key and seq), so an
// export holds a connection only while a batch is read, never while the client takes its time:
// a PostgreSQL cursor would keep its connection for the whole download, and a dozen downloads
// nobody reads would take every connection of the pool (security review, finding 3).
//
// The filters are those of GET /api/transactions (src/shared/schemas/ledger-query.ts). The list
// route that applies them is built on another branch (ledger-find); until it lands this query
// applies them itself, with the same meanings as the schema documents.

export const EXPORT_BATCH_ROWS = 1000;

export interface ExportRow {
  seq: string | number;
  id: string;
  occurred_on: string;
  transaction_type: string;
  amount_cents: string | number;
  account_title: string | null;
  /** The entry's account's currency; null for an expense without an account (the base's). */
  account_currency: string | null;
  category_name: string | null;
  split_categories: string | null;
  payee: string;
  description: string;
  tags: string[];
}

export type ExportFilters = Omit<SearchTransactionsInput, 'limit' | 'cursor'>;

/** LIKE text matching itself only: %, _ and the escape character are escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtersOf(bookId: string, f: ExportFilters) {
  return (eb: ExpressionBuilder<DB & { t: DB['transactions'] }, 't'>): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [
      eb('t.book_id', '=', bookId),
      eb('t.deleted_at', 'is', null),
    ];
    if (f.accountId !== undefined) all.push(eb('t.account_id', '=', f.accountId));
    if (f.type === 'transfer') {
      all.push(eb('t.transaction_type', 'in', ['transfer_in', 'transfer_out']));
    } else if (f.type !== undefined) all.push(eb('t.transaction_type', '=', f.type));
    if (f.from !== undefined) all.push(eb('t.created_at', '>=', new Date(f.from)));
    if (f.to !== undefined) all.push(eb('t.created_at', '<', new Date(f.to)));
    if (f.dateFrom !== undefined) all.push(eb('t.occurred_on', '>=', f.dateFrom));
    if (f.dateTo !== undefined) all.push(eb('t.occurred_on', '<=', f.dateTo));
    if (f.minAmount !== undefined) {
      all.push(eb('t.amount_cents', '>=', unitsToCents(f.minAmount).toString()));
    }
    if (f.maxAmount !== undefined) {
      all.push(eb('t.amount_cents', '<=', unitsToCents(f.maxAmount).toString()));
    }
    if (f.tag !== undefined && f.tag !== '') {
      all.push(sql<SqlBool>`t.tags @> ARRAY[${f.tag}]::text[]`);
    }
    if (f.categoryId === 'none') {
      // As the list means it (search/search-repository.ts): entries that could carry a category
      // and carry none; transfers never do, and a split entry is uncategorised while one of its
      // lines is.
      all.push(sql<SqlBool>`(t.category_id IS NULL
        AND t.transaction_type NOT IN ('transfer_in', 'transfer_out')
        AND (NOT EXISTS (SELECT 1 FROM entry_splits s
          WHERE s.book_id = t.book_id AND s.entry_id = t.id AND s.category_id IS NOT NULL)
        OR EXISTS (SELECT 1 FROM entry_splits s
          WHERE s.book_id = t.book_id AND s.entry_id = t.id AND s.category_id IS NULL)))`);
    } else if (f.categoryId !== undefined) {
      all.push(sql<SqlBool>`(t.category_id = ${f.categoryId}::uuid OR EXISTS (SELECT 1
        FROM entry_splits s WHERE s.book_id = t.book_id AND s.entry_id = t.id
        AND s.category_id = ${f.categoryId}::uuid))`);
    }
    for (const word of (f.q ?? '').split(/\s+/).filter(Boolean)) {
      const pattern = `%${likeLiteral(word)}%`;
      all.push(sql<SqlBool>`(t.search_text LIKE ledger_fold(${pattern}) OR EXISTS (SELECT 1
        FROM categories c WHERE c.book_id = t.book_id AND c.id = t.category_id
        AND ledger_fold(c.name) LIKE ledger_fold(${pattern})))`);
    }
    return eb.and(all);
  };
}

const SORTS = {
  date_desc: { key: 'occurred_on', dir: 'desc' },
  date_asc: { key: 'occurred_on', dir: 'asc' },
  amount_desc: { key: 'amount_cents', dir: 'desc' },
  amount_asc: { key: 'amount_cents', dir: 'asc' },
} as const;

/** Where the previous batch stopped: the sort key and seq of its last row. */
interface After {
  key: string;
  seq: string;
}

function exportQuery(
  database: Database,
  bookId: string,
  f: ExportFilters,
  lastSeq: string,
  after?: After,
) {
  const sort = SORTS[f.sort ?? 'date_desc'];
  const column = sql.ref(`t.${sort.key}`);
  let query = database.db
    .selectFrom('transactions as t')
    .leftJoin('accounts as a', (join) =>
      join.onRef('a.book_id', '=', 't.book_id').onRef('a.id', '=', 't.account_id'),
    )
    .leftJoin('categories as c', (join) =>
      join.onRef('c.book_id', '=', 't.book_id').onRef('c.id', '=', 't.category_id'),
    )
    .select([
      't.seq',
      't.id',
      't.occurred_on',
      't.transaction_type',
      't.amount_cents',
      'a.title as account_title',
      'a.currency as account_currency',
      'c.name as category_name',
      't.payee',
      't.description',
      't.tags',
    ])
    .select(
      sql<string | null>`CASE WHEN t.category_id IS NULL AND t.transaction_type IN
        ('expense', 'withdraw') THEN (SELECT string_agg(coalesce(sc.name, 'Uncategorised'), '; '
          ORDER BY s.position)
        FROM entry_splits s LEFT JOIN categories sc ON sc.book_id = s.book_id
          AND sc.id = s.category_id
        WHERE s.book_id = t.book_id AND s.entry_id = t.id) END`.as('split_categories'),
    )
    .where(filtersOf(bookId, f))
    .where('t.seq', '<=', lastSeq);
  if (after) {
    const op = sql.raw(sort.dir === 'desc' ? '<' : '>');
    const keyValue =
      sort.key === 'occurred_on' ? sql`${after.key}::date` : sql`${after.key}::bigint`;
    query = query.where(sql<SqlBool>`(${column}, t.seq) ${op} (${keyValue}, ${after.seq}::bigint)`);
  }
  return query.orderBy(column, sort.dir).orderBy('t.seq', sort.dir);
}

/** The book's base currency: what the export's base-currency columns are in. */
export async function bookBaseCurrency(database: Database, bookId: string): Promise<string> {
  const book = await database.db
    .selectFrom('books')
    .select('base_currency')
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
  return book.base_currency;
}

/**
 * The entries of a Transactions view in its order, a batch at a time. Each batch is its own
 * statement, read only when the consumer asks for the next one (the reply has taken the
 * previous), so memory holds one batch and no connection is held in between, however many rows
 * the view has and however slowly the client reads. The export is the view as it stood when it
 * began: entries recorded later (a higher seq) are left out, wherever they would sort, and the
 * keyset never shows a row twice nor skips one; the order is the list's, exactly (seq breaks
 * ties). (An entry edited meanwhile shows as it is when its batch is read.)
 */
export async function* exportBatches(
  database: Database,
  bookId: string,
  filters: ExportFilters,
): AsyncGenerator<ExportRow[]> {
  const newest = await database.db
    .selectFrom('transactions')
    .select(sql<string | null>`max(seq)::text`.as('seq'))
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  if (!newest?.seq) return;
  const sort = SORTS[filters.sort ?? 'date_desc'];
  let after: After | undefined;
  for (;;) {
    const rows = await exportQuery(database, bookId, filters, newest.seq, after)
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_ROWS) return;
    after = { key: String(last[sort.key]), seq: String(last.seq) };
  }
}
