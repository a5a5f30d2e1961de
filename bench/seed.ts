/**
 * Seeds the benchmark's data through the running app where it matters (key sign-in, account
 * creation), and in bulk SQL only for the 100,000-row ledger, which would otherwise take longer
 * to seed than to measure.
 */
import postgres from 'postgres';
import { signInWithNewKey, type Session } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import { encodeCursor } from '../src/server/features/ledger/search/cursor.js';

export interface BenchUser extends Session {
  accountIds: string[];
}

export interface Seeded {
  users: BenchUser[];
  /** The user whose ledger holds `ledgerRows` rows, on one account of their own. */
  ledgerUser: BenchUser;
  ledgerRows: number;
  /** The cursor of a page `deepOffset` rows into that ledger (newest day first). */
  deepCursor: string;
  deepOffset: number;
  /** A category of the ledger's book holding about 1/24 of its entries. */
  ledgerCategoryId: string;
  /** The newest day of the ledger (YYYY-MM-DD): date ranges of the scenarios end there. */
  ledgerLastDay: string;
  /** Every seeded account of `users`, numbered 1..n in bench_accounts for pgbench. */
  accountCount: number;
}

async function createAccounts(api: ApiClient, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await api.request('POST', '/api/account', {
      token,
      body: { title: `Account ${i + 1}`, icon: i % 2 ? 'credit-card' : 'wallet' },
    });
    const id = dataOf<{ id: string }>(created)?.id;
    if (!id) throw new Error(`Creating an account failed: ${created.status} ${created.bodyText}`);
    ids.push(id);
  }
  return ids;
}

async function seedUser(api: ApiClient, email: string, accounts: number): Promise<BenchUser> {
  const session = await signInWithNewKey(api, email);
  return { ...session, accountIds: await createAccounts(api, session.token, accounts) };
}

export async function seed(options: {
  baseUrl: string;
  databaseUrl: string;
  users: number;
  accountsPerUser: number;
  ledgerRows: number;
  deepOffset: number;
}): Promise<Seeded> {
  const api = new ApiClient(options.baseUrl, 30_000);
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const users: BenchUser[] = [];
    for (let i = 0; i < options.users; i += 1) {
      users.push(await seedUser(api, `bench-${i}@example.test`, options.accountsPerUser));
    }
    const ledgerUser = await seedUser(api, 'bench-ledger@example.test', 1);
    const ledgerAccount = ledgerUser.accountIds[0];
    if (!ledgerAccount) throw new Error('The ledger user has no account');

    // A person's ledger over about three years, oldest first so seq and created_at agree as
    // in real use: every fifth entry a deposit, the others expenses, each with one of the
    // book's default categories, one of 200 payees (accented, as real ones are) and 0 to 2 of
    // 32 tags. The balance is set to the ledger's signed sum so the account stays consistent.
    const [ledgerBook] = await sql<{ id: string }[]>`
      SELECT id FROM books WHERE personal_owner_id = ${ledgerUser.userId}`;
    if (!ledgerBook) throw new Error('The ledger user has no book');
    await sql.begin(async (trx) => {
      await trx`
        WITH cats AS (
          SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE book_id = ${ledgerBook.id}
        ), rows AS (
          SELECT i, now() - make_interval(mins => (${options.ledgerRows} - i) * 15) AS at
          FROM generate_series(1, ${options.ledgerRows}) AS i
        )
        INSERT INTO transactions (book_id, created_by, account_id, transaction_type, amount_cents,
                                  description, occurred_on, category_id, payee, tags,
                                  created_at, updated_at)
        SELECT ${ledgerBook.id}, ${ledgerUser.userId}, ${ledgerAccount},
               CASE WHEN i % 5 = 0 THEN 'deposit' ELSE 'expense' END,
               CASE WHEN i % 5 = 0 THEN 200000 + (i::bigint * 7919) % 300000
                    ELSE 100 + (i::bigint * 104729) % 25000 END,
               (ARRAY['Weekly shop', 'Dinner out', 'Morning coffee', 'Fuel', 'Monthly rent',
                      'Train ticket', 'New shoes', 'Prescription', 'Cinema night', 'Phone bill',
                      'Birthday present', 'Salary'])[1 + i % 12],
               rows.at::date,
               cats.ids[1 + (i * 31) % cardinality(cats.ids)],
               (ARRAY['Café Müller', 'Boulangerie Dupont', 'Supermarché Leclerc', 'Shell',
                      'Amazon', 'Uber', 'Netflix', 'Zara', 'Pharmacie Centrale', 'Cinéma Rex',
                      'Deutsche Bahn', 'Orange', 'IKEA', 'Décathlon', 'Fnac', 'Lidl',
                      'Crêperie Bretonne', 'Total Énergies', 'Spotify', 'Ålborg Bakery'])[1 + (i * 7) % 20]
                 || ' ' || (i % 10),
               CASE i % 4 WHEN 0 THEN '{}'::text[]
                          WHEN 1 THEN ARRAY['tag' || (i % 32)]
                          WHEN 2 THEN ARRAY['tag' || (i % 32), 'holiday']
                          ELSE ARRAY['work'] END,
               rows.at, rows.at
        FROM rows, cats`;
      // The book's activity as long as its ledger, as if every entry had been recorded by hand:
      // one change in five on an account (docs/live-updates.md#the-activity-feed).
      await trx`
        INSERT INTO book_activity (book_id, actor_id, kind, created_at)
        SELECT ${ledgerBook.id}, ${ledgerUser.userId},
               (ARRAY['entry.create', 'entry.update', 'account.deposit', 'entry.create',
                      'category.update'])[1 + i % 5],
               now() - make_interval(mins => (${options.ledgerRows} - i) * 15)
        FROM generate_series(1, ${options.ledgerRows}) AS i`;
      await trx`
        UPDATE accounts SET balance_cents = (
          SELECT sum(CASE WHEN transaction_type = 'deposit' THEN amount_cents ELSE -amount_cents END)
          FROM transactions WHERE account_id = ${ledgerAccount})
        WHERE id = ${ledgerAccount}`;
      await trx`CREATE TABLE bench_accounts (n int PRIMARY KEY, account_id uuid NOT NULL, book_id uuid NOT NULL)`;
      await trx`
        INSERT INTO bench_accounts (n, account_id, book_id)
        SELECT row_number() OVER (ORDER BY id), id, book_id FROM accounts WHERE book_id <> ${ledgerBook.id}`;
    });
    // As autovacuum would: statistics, and the GIN indexes' pending lists merged.
    await sql`VACUUM ANALYZE`;

    // The page that starts deepOffset rows in begins after the row just before it.
    const [before] = await sql<{ seq: string; occurred_on: string; amount_cents: string }[]>`
      SELECT seq, occurred_on::text, amount_cents::text FROM transactions
      WHERE book_id = ${ledgerBook.id} AND deleted_at IS NULL
      ORDER BY occurred_on DESC, seq DESC OFFSET ${options.deepOffset - 1} LIMIT 1`;
    if (!before) throw new Error('The seeded ledger is shorter than the deep page offset');
    const [category] = await sql<{ id: string; last_day: string }[]>`
      SELECT category_id AS id, max(occurred_on)::text AS last_day FROM transactions
      WHERE book_id = ${ledgerBook.id} GROUP BY category_id ORDER BY count(*) DESC LIMIT 1`;
    if (!category) throw new Error('The seeded ledger has no category');

    return {
      users,
      ledgerUser,
      ledgerRows: options.ledgerRows,
      deepCursor: encodeCursor('date_desc', before),
      deepOffset: options.deepOffset,
      ledgerCategoryId: category.id,
      ledgerLastDay: category.last_day,
      accountCount: users.length * options.accountsPerUser,
    };
  } finally {
    api.close();
    await sql.end();
  }
}
