import { signInWithNewKey } from '../../tests/reliability/harness/auth.js';
import { dataOf, type ApiClient, type HttpAnswer } from '../../tests/reliability/harness/client.js';
import type { SeedNames } from './routes.js';

/** A user whose dashboard has something on it: a few accounts, and some ledger history. */
const ACCOUNTS = [
  { title: 'Everyday wallet', icon: 'wallet', color: '#10b981', deposit: 1250.5 },
  { title: 'Travel card', icon: 'credit-card', color: '#6366f1', deposit: 3400 },
  { title: 'Savings', icon: 'wallet', color: '#f59e0b', deposit: 12000 },
] as const;
const MOVEMENTS_PER_ACCOUNT = 4;

export interface SeededUser extends SeedNames {
  token: string;
}

function expectOk(step: string, answer: HttpAnswer): void {
  if (answer.status !== 200) {
    throw new Error(
      `Seeding failed at ${step}: ${answer.status ?? answer.error} ${answer.bodyText}`,
    );
  }
}

/**
 * Signs a new user in over the API with key-based login (the only sign-in a production server
 * without Firebase offers) and gives them accounts, deposits, withdrawals and expenses.
 */
export async function seedUser(api: ApiClient): Promise<SeededUser> {
  const { token } = await signInWithNewKey(api, `bench-web-${Date.now()}@example.test`);
  for (const account of ACCOUNTS) {
    const created = await api.request('POST', '/api/account', {
      token,
      body: { title: account.title, icon: account.icon, color: account.color },
    });
    expectOk(`create ${account.title}`, created);
    const id = dataOf<{ id: string }>(created)?.id;
    if (!id) throw new Error(`Seeding failed: no id for ${account.title}`);

    const deposited = await api.request('POST', `/api/account/${id}/deposit`, {
      token,
      body: { amount: account.deposit, description: 'Salary' },
    });
    expectOk('deposit', deposited);
    for (let i = 1; i <= MOVEMENTS_PER_ACCOUNT; i++) {
      const withdrawn = await api.request('POST', `/api/account/${id}/withdraw`, {
        token,
        body: { amount: 10 * i + 0.25, description: `Cash ${i}` },
      });
      expectOk('withdraw', withdrawn);
      const spent = await api.request('POST', '/api/expenses/expense', {
        token,
        body: { amount: 7 * i + 0.99, description: `Groceries ${i}`, accountId: id },
      });
      expectOk('expense', spent);
    }
  }
  return { token, accountTitles: ACCOUNTS.map((account) => account.title) };
}
