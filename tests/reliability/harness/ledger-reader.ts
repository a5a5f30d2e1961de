import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { dataOf, type ApiClient } from './client.js';
import { BASE_CURRENCY, unitsToMinor } from './money.js';
import type { LedgerRowType } from './operations.js';

export interface LedgerAccount {
  id: string;
  /** Minor units of its currency. */
  balanceCents: bigint;
  /** Its currency; left out by a reader that knows none (the toy): USD. */
  currency?: string;
}

export interface LedgerRow {
  id: string;
  accountId: string | null;
  type: LedgerRowType;
  amountCents: bigint;
  description: string;
}

/** An entry live or deleted, with what its history must replay to. */
export interface LedgerEntry extends LedgerRow {
  occurredOn: string;
  transferId: string | null;
  deleted: boolean;
  /** uncleared, cleared or reconciled (docs/ledger.md#reconciliation). */
  cleared: string;
}

/** One row of entry_history: the entry's state before and after one change (JSON text). */
export interface HistoryRow {
  changeId: string;
  entryId: string;
  before: string | null;
  after: string | null;
}

export interface SplitLine {
  entryId: string;
  amountCents: bigint;
}

export interface ChangeRow {
  id: string;
  kind: string;
}

/** One finished reconciliation (table reconciliations), recorded by its change. */
export interface ReconciliationRecord {
  changeId: string;
  accountId: string;
  statementOn: string;
  statementBalanceCents: bigint;
}

/** One row of exchange_rates (docs/rates.md): the rate as its stored text, `rate::text`. */
export interface RateRecord {
  base: string;
  quote: string;
  day: string;
  rate: string;
  source: string;
}

/**
 * The change engine's records, read with the ledger in the same snapshot: every entry (deleted
 * ones too, in `seq` order: the order they were written), its history, split lines and changes,
 * and the book's rates entered by hand or implied by transfers. Only a reader of the real
 * database has them.
 */
export interface ChangeRecords {
  rates: RateRecord[];
  entries: LedgerEntry[];
  history: HistoryRow[];
  splits: SplitLine[];
  changes: ChangeRow[];
  reconciliations: ReconciliationRecord[];
}

/** The accounts (with their stored balances) and ledger rows of one user, read at one moment. */
export interface LedgerSnapshot {
  source: string;
  accounts: LedgerAccount[];
  rows: LedgerRow[];
  records?: ChangeRecords;
}

export interface LedgerScope {
  userId: string;
  token: string;
  api: ApiClient;
}

/**
 * Where the checker reads the truth from. The real server's is its database, read directly;
 * a toy server provides its own in-memory state.
 */
export interface LedgerReader {
  readonly name: string;
  read(scope: LedgerScope): Promise<LedgerSnapshot>;
}

/** The user's personal book, which holds their accounts and ledger. */
const BOOK_OF_USER = `(SELECT id FROM books WHERE personal_owner_id = $1)`;
/** A book named by its id (a shared book: tests/reliability/harness/shared-book.ts). */
const BOOK_BY_ID = `$1::uuid`;

/** The queries of one snapshot, on the book `book` names (its one parameter, $1). */
function queriesOn(book: string) {
  return {
    accounts: `SELECT id::text AS id, balance_cents::text AS balance_cents, currency
  FROM accounts WHERE book_id = ${book} AND deleted_at IS NULL ORDER BY created_at`,
    rows: `SELECT id::text AS id, account_id::text AS account_id, transaction_type,
  amount_cents::text AS amount_cents, description
  FROM transactions WHERE book_id = ${book} AND deleted_at IS NULL ORDER BY seq`,
    entries: `SELECT id::text AS id, account_id::text AS account_id, transaction_type,
  amount_cents::text AS amount_cents, description, occurred_on::text AS occurred_on,
  transfer_id::text AS transfer_id, deleted_at IS NOT NULL AS deleted, cleared_state
  FROM transactions WHERE book_id = ${book} ORDER BY seq`,
    /** History in the order it was written: each entry's rows were written under its row lock. */
    history: `SELECT change_id::text AS change_id, entry_id::text AS entry_id, before, after
  FROM entry_history WHERE book_id = ${book} ORDER BY id`,
    splits: `SELECT entry_id::text AS entry_id, amount_cents::text AS amount_cents
  FROM entry_splits WHERE book_id = ${book} ORDER BY entry_id, position`,
    changes: `SELECT id::text AS id, kind FROM entry_changes
  WHERE book_id = ${book} ORDER BY seq`,
    reconciliations: `SELECT change_id::text AS change_id, account_id::text AS account_id,
  statement_on::text AS statement_on, statement_balance_cents::text AS statement_balance_cents
  FROM reconciliations WHERE book_id = ${book} ORDER BY created_at`,
    rates: `SELECT base_currency, quote_currency, day::text AS day, rate::text AS rate,
  source FROM exchange_rates WHERE book_id = ${book} AND source IN ('manual', 'transfer')
  ORDER BY base_currency, quote_currency, day, source`,
  };
}
const ON_USER = queriesOn(BOOK_OF_USER);
const ON_BOOK = queriesOn(BOOK_BY_ID);

interface RateSqlRow {
  base_currency: string;
  quote_currency: string;
  day: string;
  rate: string;
  source: string;
}

interface EntrySqlRow extends LedgerSqlRow {
  occurred_on: string;
  transfer_id: string | null;
  deleted: boolean;
  cleared_state: string;
}
interface ReconciliationSqlRow {
  change_id: string;
  account_id: string;
  statement_on: string;
  statement_balance_cents: string;
}
interface HistorySqlRow {
  change_id: string;
  entry_id: string;
  before: string | null;
  after: string | null;
}
interface SplitSqlRow {
  entry_id: string;
  amount_cents: string;
}

interface RecordsSql {
  rates: RateSqlRow[];
  entries: EntrySqlRow[];
  history: HistorySqlRow[];
  splits: SplitSqlRow[];
  changes: ChangeRow[];
  reconciliations: ReconciliationSqlRow[];
}

function recordsFrom(sql: RecordsSql): ChangeRecords {
  return {
    rates: sql.rates.map((r) => ({
      base: r.base_currency,
      quote: r.quote_currency,
      day: r.day,
      rate: r.rate,
      source: r.source,
    })),
    entries: sql.entries.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      type: r.transaction_type,
      amountCents: BigInt(r.amount_cents),
      description: r.description,
      occurredOn: r.occurred_on,
      transferId: r.transfer_id,
      deleted: r.deleted,
      cleared: r.cleared_state,
    })),
    history: sql.history.map((h) => ({
      changeId: h.change_id,
      entryId: h.entry_id,
      before: h.before,
      after: h.after,
    })),
    splits: sql.splits.map((l) => ({ entryId: l.entry_id, amountCents: BigInt(l.amount_cents) })),
    changes: sql.changes,
    reconciliations: sql.reconciliations.map((r) => ({
      changeId: r.change_id,
      accountId: r.account_id,
      statementOn: r.statement_on,
      statementBalanceCents: BigInt(r.statement_balance_cents),
    })),
  };
}

interface AccountSqlRow {
  id: string;
  balance_cents: string;
  currency: string;
}
interface LedgerSqlRow {
  id: string;
  account_id: string | null;
  transaction_type: LedgerRowType;
  amount_cents: string;
  description: string;
}

function snapshotFrom(
  source: string,
  accounts: AccountSqlRow[],
  rows: LedgerSqlRow[],
  records: RecordsSql,
): LedgerSnapshot {
  return {
    source,
    records: recordsFrom(records),
    accounts: accounts.map((a) => ({
      id: a.id,
      balanceCents: BigInt(a.balance_cents),
      currency: a.currency,
    })),
    rows: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      type: r.transaction_type,
      amountCents: BigInt(r.amount_cents),
      description: r.description,
    })),
  };
}

/**
 * Reads the server's PostgreSQL database directly (tables `accounts` and `transactions`): the
 * user's personal book, or the book `options.bookId` names (a shared book).
 */
export function postgresLedgerReader(
  databaseUrl: string,
  options: { bookId?: string } = {},
): LedgerReader {
  const { bookId } = options;
  const q = bookId === undefined ? ON_USER : ON_BOOK;
  return {
    name: bookId === undefined ? 'PostgreSQL (direct SQL)' : 'PostgreSQL (direct SQL, shared book)',
    async read({ userId }) {
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        // One snapshot for both queries, so a balance and its rows are seen at the same commit.
        return await sql.begin('ISOLATION LEVEL REPEATABLE READ', async (tx) => {
          const query = <T>(text: string) => tx.unsafe(text, [bookId ?? userId]) as Promise<T[]>;
          const accounts = await query<AccountSqlRow>(q.accounts);
          const rows = await query<LedgerSqlRow>(q.rows);
          return snapshotFrom('PostgreSQL', accounts, rows, {
            rates: await query<RateSqlRow>(q.rates),
            entries: await query<EntrySqlRow>(q.entries),
            history: await query<HistorySqlRow>(q.history),
            splits: await query<SplitSqlRow>(q.splits),
            changes: await query<ChangeRow>(q.changes),
            reconciliations: await query<ReconciliationSqlRow>(q.reconciliations),
          });
        });
      } finally {
        await sql.end();
      }
    },
  };
}

/**
 * Opens an embedded PGlite data directory and reads it. Only once the server that owns the
 * directory has stopped: PGlite is single-process.
 */
export function pgliteLedgerReader(dataDir: string): LedgerReader {
  return {
    name: `PGlite data directory ${dataDir} (direct SQL, server stopped)`,
    async read({ userId }) {
      // The extensions the migrations created must be loaded to open the cluster's catalog.
      const db = new PGlite({ dataDir, extensions: { pg_trgm, btree_gin } });
      try {
        await db.waitReady;
        const query = async <T>(text: string) => (await db.query<T>(text, [userId])).rows;
        return snapshotFrom(
          'PGlite',
          await query<AccountSqlRow>(ON_USER.accounts),
          await query<LedgerSqlRow>(ON_USER.rows),
          {
            rates: await query<RateSqlRow>(ON_USER.rates),
            entries: await query<EntrySqlRow>(ON_USER.entries),
            history: await query<HistorySqlRow>(ON_USER.history),
            splits: await query<SplitSqlRow>(ON_USER.splits),
            changes: await query<ChangeRow>(ON_USER.changes),
            reconciliations: await query<ReconciliationSqlRow>(ON_USER.reconciliations),
          },
        );
      } finally {
        await db.close();
      }
    },
  };
}

interface ApiTransaction {
  id: string;
  accountId: string | null;
  transactionType: 'deposit' | 'withdraw' | 'expense' | 'transfer';
  transfer: { fromAccountId: string } | null;
  amount: number;
  /** Its account's currency (docs/money.md#account-currency); absent on a server without. */
  currency?: string;
  description: string;
}

/**
 * For a server whose database the harness cannot reach: the balances from GET /api/account and
 * the ledger from GET /api/transactions, page by page. Not one snapshot, so only use it at rest.
 */
export function apiLedgerReader(): LedgerReader {
  return {
    name: 'the API (GET /api/account, GET /api/transactions)',
    async read({ api, token }) {
      const listed = dataOf<{ id: string; balance: number; currency?: string }[]>(
        await api.request('GET', '/api/account', { token }),
      );
      if (!listed) throw new Error('GET /api/account failed while reading the ledger');
      const rows: LedgerRow[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/transactions?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = dataOf<{ items: ApiTransaction[]; nextCursor: string | null }>(
          await api.request('GET', query, { token }),
        );
        if (!page) throw new Error(`GET ${query} failed while reading the ledger`);
        for (const t of page.items) {
          rows.push({
            id: t.id,
            accountId: t.accountId,
            // A transfer shows both legs as 'transfer': the source's leg is the one going out.
            type:
              t.transactionType !== 'transfer'
                ? t.transactionType
                : t.transfer?.fromAccountId === t.accountId
                  ? 'transfer_out'
                  : 'transfer_in',
            amountCents: unitsToMinor(t.amount, t.currency ?? BASE_CURRENCY),
            description: t.description,
          });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return {
        source: 'API',
        accounts: listed.map((a) => ({
          id: a.id,
          balanceCents: unitsToMinor(a.balance, a.currency ?? BASE_CURRENCY),
          currency: a.currency ?? BASE_CURRENCY,
        })),
        rows,
      };
    },
  };
}
