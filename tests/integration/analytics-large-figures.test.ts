import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertEntry } from '../helpers/ledger-sql.js';
import { MAX_BALANCE_CENTS, MAX_EXACT_CENTS } from '../../src/shared/money.js';
import { ANALYTICS_MESSAGES } from '../../src/server/features/analytics/analytics-service.js';

/**
 * The second outside review's finding 8: with 92 accounts near the largest balance, sums pass
 * 2^53 cents and two analytics routes answered 500. A chart whose figures cannot be exact now
 * answers 422 with a message (docs/money.md#sums-past-the-exact-range); one that can, 200.
 */

const NOW = new Date('2026-03-20T12:00:00Z');
/**
 * 20 accounts at the largest balance sum to about 2 * 10^15 cents: past fifteen digits, where a
 * double stops holding every cent, yet below 2^53, the bound this range once wrongly had.
 */
const ACCOUNTS = 20;
/** What each account spends: all but 10,000.00. */
const SPENT = MAX_BALANCE_CENTS - 1_000_000n;
const ROUTES = [
  '/api/analytics/spending-by-category?from=2026-03-01&to=2026-03-31',
  '/api/analytics/income-vs-spending',
  '/api/analytics/balance-over-time?from=2026-03-01&to=2026-03-31',
  '/api/analytics/top-payees?from=2026-03-01&to=2026-03-31',
  '/api/analytics/largest-entries?from=2026-03-01&to=2026-03-31',
  '/api/analytics/dashboard',
];

describe('analytics past the exact range of a JSON number', () => {
  let t: TestApp;
  let user: TestUser;
  const accountIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    user = await t.signUp();
    const { rows } = await sql<{ id: string }>`
      INSERT INTO accounts (book_id, created_by, title)
      SELECT ${user.bookId}::uuid, ${user.id}::uuid, 'Vault ' || n
      FROM generate_series(1, ${ACCOUNTS}) AS n
      RETURNING id`.execute(t.database.db);
    accountIds.push(...rows.map((row) => row.id));
    // Each account receives the largest balance this month and spends nearly all of it at one
    // payee, so spending and payee sums pass the range too.
    for (const accountId of accountIds) {
      await insertEntry(t.database.db, {
        bookId: user.bookId,
        accountId,
        type: 'deposit',
        cents: MAX_BALANCE_CENTS,
        occurredOn: '2026-03-02',
      });
      await insertEntry(t.database.db, {
        bookId: user.bookId,
        accountId,
        type: 'expense',
        cents: SPENT,
        occurredOn: '2026-03-05',
        payee: 'Everything Store',
      });
    }
    expect(BigInt(ACCOUNTS) * MAX_BALANCE_CENTS).toBeGreaterThan(MAX_EXACT_CENTS);
    expect(BigInt(ACCOUNTS) * MAX_BALANCE_CENTS).toBeLessThan(BigInt(Number.MAX_SAFE_INTEGER));
  });
  afterAll(() => t.close());

  it('answers no 500: a chart whose sums pass the range says so (422), the others answer', async () => {
    const outcomes: Record<string, number> = {};
    for (const url of ROUTES) {
      const res = await t.rest(user, { method: 'GET', url });
      outcomes[url] = res.statusCode;
      expect(res.statusCode, `${url}: ${res.body}`).not.toBeGreaterThanOrEqual(500);
      if (res.statusCode === 422) {
        expect(res.json()).toMatchObject({
          code: 'UNPROCESSABLE',
          message: ANALYTICS_MESSAGES.tooLarge,
        });
      } else {
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    }
    // Total balances, income, spending and the payee's sum all pass fifteen digits.
    expect(outcomes).toMatchObject({
      [ROUTES[0] as string]: 422,
      [ROUTES[1] as string]: 422,
      [ROUTES[2] as string]: 422,
      [ROUTES[3] as string]: 422,
      [ROUTES[4] as string]: 200,
      [ROUTES[5] as string]: 422,
    });
    // The tRPC door refuses the same way.
    await expect(t.caller(user).analytics.dashboard({})).rejects.toMatchObject({
      message: ANALYTICS_MESSAGES.tooLarge,
    });
  });

  it('a narrower chart that fits is exact to the cent', async () => {
    const one = accountIds[0] as string;
    const res = await t.rest(user, {
      method: 'GET',
      url: `/api/analytics/balance-over-time?from=2026-03-01&to=2026-03-31&accountId=${one}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json<{ data: { days: { date: string; total: number }[] } }>().data.days;
    const last = days.at(-1);
    const expected = MAX_BALANCE_CENTS - SPENT;
    expect(last?.total).toBe(Number(expected) / 100);
  });
});
