import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { dataOf, type ApiClient } from './client.js';
import { unitsToCents } from './money.js';
import type { LedgerRowType } from './operations.js';

export interface LedgerAccount {
  id: string;
  balanceCents: bigint;
}

export interface LedgerRow {
  id: string;
  accountId: string | null;
  type: LedgerRowType;
  amountCents: bigint;
  description: string;
}

/** The accounts (with their stored balances) and ledger rows of one user, read at one moment. */
export interface LedgerSnapshot {
  source: string;
  accounts: LedgerAccount[];
  rows: LedgerRow[];
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
const ACCOUNTS_SQL = `SELECT id::text AS id, balance_cents::text AS balance_cents
  FROM accounts WHERE book_id = ${BOOK_OF_USER} AND deleted_at IS NULL ORDER BY created_at`;
const ROWS_SQL = `SELECT id::text AS id, account_id::text AS account_id, transaction_type,
  amount_cents::text AS amount_cents, description
  FROM transactions WHERE book_id = ${BOOK_OF_USER} AND deleted_at IS NULL ORDER BY seq`;

interface AccountSqlRow {
  id: string;
  balance_cents: string;
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
): LedgerSnapshot {
  return {
    source,
    accounts: accounts.map((a) => ({ id: a.id, balanceCents: BigInt(a.balance_cents) })),
    rows: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      type: r.transaction_type,
      amountCents: BigInt(r.amount_cents),
      description: r.description,
    })),
  };
}

/** Reads the server's PostgreSQL database directly (tables `accounts` and `transactions`). */
export function postgresLedgerReader(databaseUrl: string): LedgerReader {
  return {
    name: 'PostgreSQL (direct SQL)',
    async read({ userId }) {
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        // One snapshot for both queries, so a balance and its rows are seen at the same commit.
        const [accounts, rows] = await sql.begin('ISOLATION LEVEL REPEATABLE READ', async (tx) => [
          await tx.unsafe<AccountSqlRow[]>(ACCOUNTS_SQL, [userId]),
          await tx.unsafe<LedgerSqlRow[]>(ROWS_SQL, [userId]),
        ]);
        return snapshotFrom('PostgreSQL', accounts, rows);
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
        const accounts = await db.query<AccountSqlRow>(ACCOUNTS_SQL, [userId]);
        const rows = await db.query<LedgerSqlRow>(ROWS_SQL, [userId]);
        return snapshotFrom('PGlite', accounts.rows, rows.rows);
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
      const listed = dataOf<{ id: string; balance: number }[]>(
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
            amountCents: unitsToCents(t.amount),
            description: t.description,
          });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return {
        source: 'API',
        accounts: listed.map((a) => ({ id: a.id, balanceCents: unitsToCents(a.balance) })),
        rows,
      };
    },
  };
}
