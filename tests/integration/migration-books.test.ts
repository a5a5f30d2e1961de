import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationsDir } from '../../src/server/lib/paths.js';
import { openTestDatabase } from '../helpers/test-database.js';

/**
 * The books migration on a database that holds data of the schema before it: every user gets a
 * personal book with the default categories, their accounts and ledger move into it, every
 * entry gets its date (the UTC day it was created) and search text, and every balance still
 * equals the signed sum of its ledger.
 */
const BOOKS_MIGRATION = '20261122000000_books_categories_entries';

interface OldRow {
  account: string | null;
  type: 'deposit' | 'withdraw' | 'expense';
  cents: number;
  description: string;
  createdAt: string;
}

describe('migrating existing data into books', () => {
  let database: Database;
  let beforeDir: string;
  const ana = '00000000-0000-4000-8000-00000000000a';
  const bob = '00000000-0000-4000-8000-00000000000b';
  const carol = '00000000-0000-4000-8000-00000000000c';
  const anaWallet = '10000000-0000-4000-8000-000000000001';
  const anaCard = '10000000-0000-4000-8000-000000000002';
  const bobWallet = '10000000-0000-4000-8000-000000000003';

  const ledger: Record<string, OldRow[]> = {
    [ana]: [
      {
        account: anaWallet,
        type: 'deposit',
        cents: 10_000,
        description: 'Salaire Été',
        createdAt: '2025-01-05T10:00:00Z',
      },
      {
        account: anaWallet,
        type: 'withdraw',
        cents: 2_550,
        description: 'Cash',
        createdAt: '2025-01-06T10:00:00Z',
      },
      {
        account: anaWallet,
        type: 'expense',
        cents: 1_999,
        description: 'Café  Crème',
        createdAt: '2025-03-31T23:30:00-05:00',
      },
      {
        account: anaCard,
        type: 'deposit',
        cents: 500,
        description: '',
        createdAt: '2025-02-01T00:00:00Z',
      },
      {
        account: null,
        type: 'expense',
        cents: 700,
        description: 'Bus ticket',
        createdAt: '2025-02-02T12:00:00Z',
      },
    ],
    [bob]: [
      {
        account: bobWallet,
        type: 'deposit',
        cents: 99_999,
        description: 'Pay',
        createdAt: '2024-12-31T23:59:59Z',
      },
      {
        account: bobWallet,
        type: 'expense',
        cents: 1,
        description: 'Gum',
        createdAt: '2025-01-01T00:00:00Z',
      },
    ],
  };

  beforeAll(async () => {
    // The migrations as they were before the books migration.
    beforeDir = await mkdtemp(path.join(os.tmpdir(), 'et-migrations-'));
    for (const file of await readdir(migrationsDir)) {
      if (file.endsWith('.sql') && file < `${BOOKS_MIGRATION}.sql`) {
        await cp(path.join(migrationsDir, file), path.join(beforeDir, file));
      }
    }
    database = await openTestDatabase({ poolSize: 2, empty: true });
    const applied = await migrateToLatest(database, beforeDir);
    expect(applied).not.toContain(BOOKS_MIGRATION);

    const db = database.db;
    await sql`INSERT INTO users (id, email, firebase_uid) VALUES
      (${ana}, 'ana@example.com', 'uid-ana'), (${bob}, 'bob@example.com', NULL),
      (${carol}, 'carol@example.com', NULL)`.execute(db);
    await sql`INSERT INTO accounts (id, user_id, title) VALUES
      (${anaWallet}, ${ana}, 'Wallet'), (${anaCard}, ${ana}, 'Card'),
      (${bobWallet}, ${bob}, 'Wallet')`.execute(db);
    for (const [userId, rows] of Object.entries(ledger)) {
      for (const row of rows) {
        await sql`INSERT INTO transactions
            (user_id, account_id, transaction_type, amount_cents, description, created_at, updated_at)
          VALUES (${userId}, ${row.account}, ${row.type}, ${row.cents}, ${row.description},
                  ${row.createdAt}::timestamptz, ${row.createdAt}::timestamptz)`.execute(db);
        if (row.account) {
          const delta = row.type === 'deposit' ? row.cents : -row.cents;
          await sql`UPDATE accounts SET balance_cents = balance_cents + ${delta}
            WHERE id = ${row.account}`.execute(db);
        }
      }
    }
    // A deleted account keeps its ledger.
    await sql`UPDATE accounts SET deleted_at = now() WHERE id = ${anaCard}`.execute(db);

    // The upgrade applies the books migration first, then whatever came after it.
    const upgrade = await migrateToLatest(database);
    expect(upgrade[0]).toBe(BOOKS_MIGRATION);
    expect(upgrade.filter((name) => name < BOOKS_MIGRATION)).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await rm(beforeDir, { recursive: true, force: true });
  });

  it('gives every user a personal book, an owner membership and the default categories', async () => {
    const books = await sql<{
      owner: string;
      name: string;
      time_zone: string | null;
      role: string;
      groups: number;
      categories: number;
      income: number;
    }>`
      SELECT b.personal_owner_id AS owner, b.name, b.time_zone, m.role,
             (SELECT count(*)::int FROM category_groups g WHERE g.book_id = b.id) AS groups,
             (SELECT count(*)::int FROM categories c WHERE c.book_id = b.id) AS categories,
             (SELECT count(*)::int FROM categories c JOIN category_groups g ON g.id = c.group_id
               WHERE c.book_id = b.id AND g.kind = 'income') AS income
      FROM books b JOIN memberships m ON m.book_id = b.id AND m.user_id = b.personal_owner_id
      ORDER BY b.personal_owner_id`.execute(database.db);
    expect(books.rows).toEqual(
      [ana, bob, carol].map((owner) => ({
        owner,
        name: 'Personal',
        time_zone: null,
        role: 'owner',
        groups: 8,
        categories: 26,
        income: 5,
      })),
    );
  });

  it("moves each user's accounts and ledger into their book, keeping who created them", async () => {
    const misplaced = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM accounts a JOIN books b ON b.id = a.book_id
      WHERE b.personal_owner_id IS DISTINCT FROM a.created_by`.execute(database.db);
    expect(misplaced.rows[0]?.n).toBe(0);
    const entries = await sql<{ created_by: string; owner: string; n: number }>`
      SELECT t.created_by, b.personal_owner_id AS owner, count(*)::int AS n
      FROM transactions t JOIN books b ON b.id = t.book_id
      GROUP BY 1, 2 ORDER BY 1`.execute(database.db);
    expect(entries.rows).toEqual([
      { created_by: ana, owner: ana, n: 5 },
      { created_by: bob, owner: bob, n: 2 },
    ]);
  });

  it('dates every entry by the UTC day it was created, with its search text and version 1', async () => {
    const rows = await sql<{
      description: string;
      occurred_on: string;
      search_text: string;
      version: number;
      payee: string;
      tags: string[];
      deleted_at: Date | null;
    }>`
      SELECT description, occurred_on, search_text, version, payee, tags, deleted_at
      FROM transactions ORDER BY seq`.execute(database.db);
    expect(rows.rows.map((r) => [r.description, r.occurred_on, r.search_text])).toEqual([
      ['Salaire Été', '2025-01-05', 'salaire ete'],
      ['Cash', '2025-01-06', 'cash'],
      ['Café  Crème', '2025-04-01', 'cafe creme'],
      ['', '2025-02-01', ''],
      ['Bus ticket', '2025-02-02', 'bus ticket'],
      ['Pay', '2024-12-31', 'pay'],
      ['Gum', '2025-01-01', 'gum'],
    ]);
    for (const row of rows.rows) {
      expect(row).toMatchObject({ version: 1, payee: '', tags: [], deleted_at: null });
    }
  });

  it('keeps every balance equal to the signed sum of its live ledger', async () => {
    const accounts = await sql<{ id: string; balance: string; ledger: string; credit: string }>`
      SELECT a.id, a.balance_cents::text AS balance, a.credit_limit_cents::text AS credit,
             coalesce((SELECT sum(CASE WHEN t.transaction_type IN ('deposit', 'transfer_in')
                                       THEN t.amount_cents ELSE -t.amount_cents END)
                       FROM transactions t
                       WHERE t.account_id = a.id AND t.deleted_at IS NULL), 0)::text AS ledger
      FROM accounts a ORDER BY a.id`.execute(database.db);
    expect(accounts.rows).toEqual([
      { id: anaWallet, balance: '5451', ledger: '5451', credit: '0' },
      { id: anaCard, balance: '500', ledger: '500', credit: '0' },
      { id: bobWallet, balance: '99998', ledger: '99998', credit: '0' },
    ]);
  });

  it('keeps every reference inside one book: an entry cannot name another book’s account', async () => {
    const bobBook = await sql<{ id: string }>`
      SELECT id FROM books WHERE personal_owner_id = ${bob}`.execute(database.db);
    const attempt = sql`INSERT INTO transactions
        (book_id, account_id, transaction_type, amount_cents, occurred_on)
      VALUES (${bobBook.rows[0]?.id}, ${anaWallet}, 'deposit', 1, '2025-01-01')`.execute(
      database.db,
    );
    await expect(attempt).rejects.toThrow(/foreign key/);
  });
});
