/**
 * Seeds the benchmark's data through the running app where it matters (key sign-in, account
 * creation), and in bulk SQL only for the 100,000-row ledger, which would otherwise take longer
 * to seed than to measure.
 */
import postgres from 'postgres';
import { signInWithNewKey, type Session } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf } from '../tests/reliability/harness/client.js';
import { encodeCursor } from '../src/server/features/ledger/ledger-service.js';

export interface BenchUser extends Session {
  accountIds: string[];
}

export interface Seeded {
  users: BenchUser[];
  /** The user whose ledger holds `ledgerRows` rows, on one account of their own. */
  ledgerUser: BenchUser;
  ledgerRows: number;
  /** The cursor of a page `deepOffset` rows into that ledger. */
  deepCursor: string;
  deepOffset: number;
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

    // One deposit of 1.00 a minute, oldest first, so seq and created_at agree as in real use;
    // the balance is set to the ledger's sum so the account stays consistent.
    await sql.begin(async (trx) => {
      await trx`
        INSERT INTO transactions (user_id, account_id, transaction_type, amount_cents, description, created_at, updated_at)
        SELECT ${ledgerUser.userId}, ${ledgerAccount}, 'deposit', 100, 'Seeded deposit ' || i,
               now() - make_interval(mins => ${options.ledgerRows} - i),
               now() - make_interval(mins => ${options.ledgerRows} - i)
        FROM generate_series(1, ${options.ledgerRows}) AS i`;
      await trx`
        UPDATE accounts SET balance_cents =
          (SELECT sum(amount_cents) FROM transactions WHERE account_id = ${ledgerAccount})
        WHERE id = ${ledgerAccount}`;
      await trx`CREATE TABLE bench_accounts (n int PRIMARY KEY, account_id uuid NOT NULL, user_id uuid NOT NULL)`;
      await trx`
        INSERT INTO bench_accounts (n, account_id, user_id)
        SELECT row_number() OVER (ORDER BY id), id, user_id FROM accounts WHERE user_id <> ${ledgerUser.userId}`;
    });
    await sql`ANALYZE`;

    // The page that starts deepOffset rows in begins after the row just before it.
    const [before] = await sql<{ seq: string }[]>`
      SELECT seq FROM transactions WHERE user_id = ${ledgerUser.userId}
      ORDER BY seq DESC OFFSET ${options.deepOffset - 1} LIMIT 1`;
    if (!before) throw new Error('The seeded ledger is shorter than the deep page offset');

    return {
      users,
      ledgerUser,
      ledgerRows: options.ledgerRows,
      deepCursor: encodeCursor(before.seq),
      deepOffset: options.deepOffset,
      accountCount: users.length * options.accountsPerUser,
    };
  } finally {
    api.close();
    await sql.end();
  }
}
