import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/trpc/errors.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * Many movements on one account at the same time, through a pool of 20 real connections: the
 * balance guard must hold under contention (PGlite serialises everything, so only PostgreSQL can
 * show a race).
 */

interface MovementBody {
  success: boolean;
  code?: string;
  data?: { account: { id: string; balance: number } | null; transaction: { id: string } };
}

interface LedgerRow {
  id: string;
  transaction_type: 'deposit' | 'withdraw' | 'expense';
  amount_cents: string;
}

const signed = (row: LedgerRow): bigint =>
  row.transaction_type === 'deposit' ? BigInt(row.amount_cents) : -BigInt(row.amount_cents);

function count<T>(items: T[], predicate: (item: T) => boolean): number {
  return items.filter(predicate).length;
}

/** How many replies of each kind: "200", "422 INSUFFICIENT_FUNDS", ... */
function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of responses) {
    let code = '';
    try {
      code = r.json<MovementBody>().code ?? '';
    } catch {
      code = 'non-JSON body';
    }
    const key = r.statusCode === 200 ? '200' : `${r.statusCode} ${code}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The balances successful debits reported must be exactly {0, 1, ..., n-1} whole units. */
function expectDistinctCountdown(balances: number[], n: number): void {
  expect([...balances].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
}

describe.runIf(testBackend === 'postgres')('concurrent movements (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 20 });
  });
  afterAll(() => t.close());

  async function fundedAccount(units: number): Promise<{ user: TestUser; id: string }> {
    const user = await t.signUp();
    const created = await t.rest(user, {
      method: 'POST',
      url: '/api/account',
      payload: { title: 'Contended' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: { id: string } }>().data.id;
    const funded = await t.rest(user, {
      method: 'POST',
      url: `/api/account/${id}/deposit`,
      payload: { amount: units },
    });
    expect(funded.statusCode).toBe(200);
    return { user, id };
  }

  function post(user: TestUser, url: string, payload: object): Promise<LightMyRequestResponse> {
    return t.rest(user, { method: 'POST', url, payload });
  }

  async function ledgerOf(accountId: string): Promise<LedgerRow[]> {
    const result = await sql<LedgerRow>`
      SELECT id, transaction_type, amount_cents::text AS amount_cents
      FROM transactions WHERE account_id = ${accountId} ORDER BY seq`.execute(t.database.db);
    return result.rows;
  }

  /** Balance through the API (in cents, checked to be exact) and as stored. */
  async function balances(user: TestUser, id: string): Promise<{ api: bigint; stored: bigint }> {
    const res = await t.rest(user, { method: 'GET', url: `/api/account/${id}` });
    expect(res.statusCode).toBe(200);
    const units = res.json<{ data: { balance: number } }>().data.balance;
    const api = BigInt(Math.round(units * 100));
    expect(units).toBe(Number(api) / 100);
    const stored = await sql<{ balance_cents: string }>`
      SELECT balance_cents::text AS balance_cents FROM accounts WHERE id = ${id}`.execute(
      t.database.db,
    );
    return { api, stored: BigInt(stored.rows[0]?.balance_cents ?? 'NaN') };
  }

  function expectNoServerErrors(responses: LightMyRequestResponse[]): void {
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
  }

  it('lets exactly 100 of 200 concurrent REST withdrawals of 1.00 from 100.00 through', async () => {
    const { user, id } = await fundedAccount(100);

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => post(user, `/api/account/${id}/withdraw`, { amount: 1 })),
    );

    expectNoServerErrors(responses);
    expect(tally(responses)).toEqual({ '200': 100, '422 INSUFFICIENT_FUNDS': 100 });
    const ok = responses.filter((r) => r.statusCode === 200);
    // Serialised debits each saw a different balance: 99, 98, ..., 0 in some order.
    expectDistinctCountdown(
      ok.map((r) => r.json<MovementBody>().data?.account?.balance ?? Number.NaN),
      100,
    );

    expect(await balances(user, id)).toEqual({ api: 0n, stored: 0n });
    const ledger = await ledgerOf(id);
    const withdrawals = ledger.filter((r) => r.transaction_type === 'withdraw');
    expect(withdrawals).toHaveLength(100);
    expect(withdrawals.every((r) => r.amount_cents === '100')).toBe(true);
    expect(ledger.reduce((sum, r) => sum + signed(r), 0n)).toBe(0n);
  });

  it('keeps 0.50 plus concurrent deposits and withdrawals of 0.01 exact and never negative', async () => {
    const { user, id } = await fundedAccount(0.5);

    // Three withdrawals to each deposit at first (w, w, w, d, ...): the 0.50 runs out part way,
    // so some withdrawals should find the account empty while deposits still arrive.
    const kinds: ('deposit' | 'withdraw')[] = [];
    let deposits = 100;
    let withdrawals = 100;
    while (deposits + withdrawals > 0) {
      for (let i = 0; i < 3 && withdrawals > 0; i++, withdrawals--) kinds.push('withdraw');
      if (deposits > 0) {
        kinds.push('deposit');
        deposits--;
      }
    }
    const responses = await Promise.all(
      kinds.map((kind) => post(user, `/api/account/${id}/${kind}`, { amount: 0.01 })),
    );

    expectNoServerErrors(responses);
    const results = responses.map((r, i) => ({ kind: kinds[i], res: r }));
    const depositResults = results.filter((r) => r.kind === 'deposit');
    const withdrawResults = results.filter((r) => r.kind === 'withdraw');
    // A deposit of 0.01 is always allowed; a withdrawal either goes through or finds no funds.
    expect(depositResults.map((r) => r.res.statusCode)).toEqual(Array(100).fill(200));
    for (const { res } of withdrawResults) {
      expect([200, 422]).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.json<MovementBody>().code).toBe('INSUFFICIENT_FUNDS');
    }
    const depositsOk = count(depositResults, (r) => r.res.statusCode === 200);
    const withdrawalsOk = count(withdrawResults, (r) => r.res.statusCode === 200);

    const expected = 50n + BigInt(depositsOk) - BigInt(withdrawalsOk);
    expect(expected).toBeGreaterThanOrEqual(0n);
    expect(await balances(user, id)).toEqual({ api: expected, stored: expected });

    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(1 + depositsOk + withdrawalsOk);
    expect(count(ledger, (r) => r.transaction_type === 'withdraw')).toBe(withdrawalsOk);

    // Each ledger row is written under the account's row lock, so the ledger in seq order replays
    // the balance step by step: it never dips below zero, ends at the balance, and every reply
    // reported the balance right after its own row.
    const reported = new Map<string, number>();
    for (const { res } of results) {
      if (res.statusCode !== 200) continue;
      const data = res.json<MovementBody>().data;
      expect(data?.account?.balance).toBeGreaterThanOrEqual(0);
      reported.set(data?.transaction.id ?? '', data?.account?.balance ?? Number.NaN);
    }
    let running = 0n;
    let lowest = 0n;
    for (const [index, row] of ledger.entries()) {
      running += signed(row);
      if (running < lowest) lowest = running;
      if (index > 0) expect(reported.get(row.id), `row ${index}`).toBe(Number(running) / 100);
    }
    expect(lowest).toBe(0n);
    expect(running).toBe(expected);
  });

  it('lets exactly 100 of 200 concurrent tRPC withdrawals of 1.00 from 100.00 through', async () => {
    const { user, id } = await fundedAccount(100);

    const settled = await Promise.allSettled(
      Array.from({ length: 200 }, () => t.caller(user).account.withdraw({ id, amount: 1 })),
    );

    const fulfilled = settled.filter((s) => s.status === 'fulfilled');
    const rejected = settled.filter((s) => s.status === 'rejected');
    // Any rejection other than a refusal for funds (an internal error above all) fails here.
    const reasons = rejected.map((s) => {
      const error: unknown = s.reason;
      return error instanceof TRPCError
        ? `${error.code}/${describeError(error).code}`
        : String(error);
    });
    expect(new Set(reasons)).toEqual(new Set(['UNPROCESSABLE_CONTENT/INSUFFICIENT_FUNDS']));
    expect({ fulfilled: fulfilled.length, rejected: rejected.length }).toEqual({
      fulfilled: 100,
      rejected: 100,
    });
    expectDistinctCountdown(
      fulfilled.map((s) => s.value.data.account?.balance ?? Number.NaN),
      100,
    );

    expect(await balances(user, id)).toEqual({ api: 0n, stored: 0n });
    const ledger = await ledgerOf(id);
    expect(count(ledger, (r) => r.transaction_type === 'withdraw')).toBe(100);
    expect(ledger.reduce((sum, r) => sum + signed(r), 0n)).toBe(0n);
  });

  it('lets exactly 100 of 100 withdrawals and 100 expenses of 1.00 from 100.00 through', async () => {
    const { user, id } = await fundedAccount(100);

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? post(user, `/api/account/${id}/withdraw`, { amount: 1 })
          : post(user, '/api/expenses/expense', { amount: 1, accountId: id }),
      ),
    );

    expectNoServerErrors(responses);
    expect(tally(responses)).toEqual({ '200': 100, '422 INSUFFICIENT_FUNDS': 100 });

    expect(await balances(user, id)).toEqual({ api: 0n, stored: 0n });
    const ledger = await ledgerOf(id);
    expect(count(ledger, (r) => r.transaction_type !== 'deposit')).toBe(100);
    expect(ledger.reduce((sum, r) => sum + signed(r), 0n)).toBe(0n);
  });
});
