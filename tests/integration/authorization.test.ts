import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * Who may call what: protected routes refuse every missing or dead token with 401, another
 * user's account is indistinguishable from one that does not exist (404, same message, nothing
 * changed), and a deleted account answers 404 everywhere while its ledger stays.
 */

type Caller = ReturnType<TestApp['caller']>;

interface Route {
  name: string;
  rest: (accountId: string) => InjectOptions;
  trpc: (caller: Caller, accountId: string) => Promise<unknown>;
}

/** Every route that takes an account id, called with a valid input around that id. */
const ID_ROUTES: Route[] = [
  {
    name: 'GET /api/account/{id}',
    rest: (id) => ({ method: 'GET', url: `/api/account/${id}` }),
    trpc: (c, id) => c.account.get({ id }),
  },
  {
    name: 'PUT /api/account/{id}',
    rest: (id) => ({ method: 'PUT', url: `/api/account/${id}`, payload: { title: 'Taken over' } }),
    trpc: (c, id) => c.account.update({ id, title: 'Taken over' }),
  },
  {
    name: 'POST /api/account/{id}/deposit',
    rest: (id) => ({ method: 'POST', url: `/api/account/${id}/deposit`, payload: { amount: 1 } }),
    trpc: (c, id) => c.account.deposit({ id, amount: 1 }),
  },
  {
    name: 'POST /api/account/{id}/withdraw',
    rest: (id) => ({ method: 'POST', url: `/api/account/${id}/withdraw`, payload: { amount: 1 } }),
    trpc: (c, id) => c.account.withdraw({ id, amount: 1 }),
  },
  {
    name: 'GET /api/expenses/by-account/{accountId}',
    rest: (id) => ({ method: 'GET', url: `/api/expenses/by-account/${id}` }),
    trpc: (c, id) => c.expense.byAccount({ accountId: id }),
  },
  {
    name: 'POST /api/expenses/expense with accountId',
    rest: (id) => ({
      method: 'POST',
      url: '/api/expenses/expense',
      payload: { amount: 1, accountId: id },
    }),
    trpc: (c, id) => c.expense.create({ amount: 1, accountId: id }),
  },
  {
    name: 'GET /api/transactions?accountId={id}',
    rest: (id) => ({ method: 'GET', url: `/api/transactions?accountId=${id}` }),
    trpc: (c, id) => c.transaction.list({ accountId: id }),
  },
  // Last, so that a broken check does not hide the routes above behind a deleted account.
  {
    name: 'DELETE /api/account/{id}',
    rest: (id) => ({ method: 'DELETE', url: `/api/account/${id}` }),
    trpc: (c, id) => c.account.delete({ id }),
  },
];

/** The protected routes that take no account id. */
const OTHER_ROUTES: Route[] = [
  {
    name: 'GET /api/account',
    rest: () => ({ method: 'GET', url: '/api/account' }),
    trpc: (c) => c.account.list({}),
  },
  {
    name: 'POST /api/account',
    rest: () => ({ method: 'POST', url: '/api/account', payload: { title: 'New' } }),
    trpc: (c) => c.account.create({ title: 'New' }),
  },
  {
    name: 'GET /api/expenses',
    rest: () => ({ method: 'GET', url: '/api/expenses' }),
    trpc: (c) => c.expense.list({}),
  },
  {
    name: 'POST /api/expenses/expense without account',
    rest: () => ({ method: 'POST', url: '/api/expenses/expense', payload: { amount: 1 } }),
    trpc: (c) => c.expense.create({ amount: 1 }),
  },
  {
    name: 'GET /api/transactions',
    rest: () => ({ method: 'GET', url: '/api/transactions' }),
    trpc: (c) => c.transaction.list({}),
  },
  {
    name: 'POST /api/test/new',
    rest: () => ({ method: 'POST', url: '/api/test/new', payload: {} }),
    trpc: (c) => c.system.testNew({}),
  },
];

const PROTECTED_ROUTES = [...ID_ROUTES, ...OTHER_ROUTES];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }
  throw new Error('expected the call to be rejected, but it succeeded');
}

/** One user's accounts and ledger rows in full. */
async function userData(t: TestApp, userId: string) {
  const accounts = await t.database.db
    .selectFrom('accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const transactions = await t.database.db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return { accounts, transactions };
}

interface Fixture {
  user: TestUser;
  accountId: string;
  transactionIds: string[];
}

/** A user with one account holding a deposit and an expense, plus an expense without account. */
async function userWithLedger(t: TestApp, title: string): Promise<Fixture> {
  const user = await t.signUp();
  const caller = t.caller(user);
  const accountId = (await caller.account.create({ title })).data.id;
  const deposit = await caller.account.deposit({ id: accountId, amount: 100 });
  const expense = await caller.expense.create({ accountId, amount: 30, description: 'Groceries' });
  const loose = await caller.expense.create({ amount: 4.2, description: 'Coffee' });
  return {
    user,
    accountId,
    transactionIds: [deposit, expense, loose].map((m) => m.data.transaction.id),
  };
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('authorization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('(a) authentication', () => {
    let owner: Fixture;
    let revoked: Fixture;

    beforeAll(async () => {
      owner = await userWithLedger(t, 'Owner');
      revoked = await userWithLedger(t, 'Revoked');
      await t.database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', revoked.user.id)
        .execute();
    });

    /**
     * Each way of being signed out, as the token sent after "Bearer " (null: no Authorization
     * header at all). The revoked user calls on their own account; the others target a live
     * account of someone else.
     */
    const SIGNED_OUT: {
      name: string;
      revokedUser: boolean;
      token: (f: Fixture) => string | null;
    }[] = [
      { name: 'no token', revokedUser: false, token: () => null },
      { name: 'empty bearer', revokedUser: false, token: () => '' },
      { name: 'garbage bearer', revokedUser: false, token: () => 'garbage' },
      { name: 'revoked session', revokedUser: true, token: (f) => f.user.token },
    ];
    const CASES = PROTECTED_ROUTES.flatMap((route) =>
      SIGNED_OUT.map((way) => ({ ...way, route, label: `${route.name} with ${way.name}` })),
    );

    it.each(CASES)('REST: $label -> 401', async ({ route, revokedUser, token }) => {
      const target = revokedUser ? revoked : owner;
      const request = route.rest(target.accountId);
      const sent = token(target);
      const before = await moneySnapshot(t);
      const res = await t.rest(null, {
        ...request,
        headers: { ...request.headers, ...(sent !== null && { authorization: `Bearer ${sent}` }) },
      });
      expect(await moneySnapshot(t)).toEqual(before);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'UNAUTHORIZED',
        message: expect.stringMatching(/\S/),
        requestId: expect.any(String),
      });
    });

    it.each(CASES)('tRPC: $label -> UNAUTHORIZED', async ({ route, revokedUser, token }) => {
      const target = revokedUser ? revoked : owner;
      const sent = token(target);
      const caller = t.caller(sent === null ? null : { ...target.user, token: sent });
      const before = await moneySnapshot(t);
      const error = await rejection(route.trpc(caller, target.accountId));
      expect(await moneySnapshot(t)).toEqual(before);
      expect(error.code).toBe('UNAUTHORIZED');
    });

    it('GET /api/health works without a token, and with a bad one', async () => {
      for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
        const res = await t.rest(null, { method: 'GET', url: '/api/health', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
      }
      await expect(t.caller(null).system.health({})).resolves.toEqual({
        success: true,
        data: { status: 'ok', database: 'ok' },
      });
    });

    it('the revoked user is still refused after all of the above, the owner is not', async () => {
      expect((await t.rest(revoked.user, { method: 'GET', url: '/api/account' })).statusCode).toBe(
        401,
      );
      expect((await t.rest(owner.user, { method: 'GET', url: '/api/account' })).statusCode).toBe(
        200,
      );
    });
  });

  describe("(b) another user's account is indistinguishable from a missing one", () => {
    let a: Fixture;
    let b: Fixture;

    beforeAll(async () => {
      a = await userWithLedger(t, 'A main');
      b = await userWithLedger(t, 'B main');
    });

    it.each(ID_ROUTES)('REST: user B calls $name with A account id -> 404', async (route) => {
      const missing = await t.rest(b.user, route.rest(randomUUID()));
      const beforeA = await userData(t, a.user.id);
      const res = await t.rest(b.user, route.rest(a.accountId));
      expect(await userData(t, a.user.id)).toEqual(beforeA);

      expect(res.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      const { requestId: _1, ...body } = res.json();
      const { requestId: _2, ...missingBody } = missing.json();
      expect(body).toEqual(missingBody);
      expect(body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Account not found' });
    });

    it.each(ID_ROUTES)('tRPC: user B calls $name with A account id -> NOT_FOUND', async (route) => {
      const caller = t.caller(b.user);
      const missing = await rejection(route.trpc(caller, randomUUID()));
      const beforeA = await userData(t, a.user.id);
      const error = await rejection(route.trpc(caller, a.accountId));
      expect(await userData(t, a.user.id)).toEqual(beforeA);

      expect(error.code).toBe('NOT_FOUND');
      expect(missing.code).toBe('NOT_FOUND');
      expect(error.message).toBe(missing.message);
      expect(error.message).toBe('Account not found');
    });

    it("A's account, balance and ledger are as A left them", async () => {
      const data = await userData(t, a.user.id);
      expect(data.accounts).toHaveLength(1);
      expect(data.accounts[0]).toMatchObject({
        id: a.accountId,
        title: 'A main',
        deleted_at: null,
      });
      expect(BigInt(data.accounts[0]?.balance_cents ?? -1)).toBe(7000n);
      expect(data.transactions.map((row) => row.id)).toEqual(a.transactionIds);
      const res = await t.rest(a.user, { method: 'GET', url: `/api/account/${a.accountId}` });
      expect(res.json()).toMatchObject({ success: true, data: { balance: 70, title: 'A main' } });
    });

    describe("B's lists never contain A's rows", () => {
      const LISTS = [
        { name: 'GET /api/account', url: '/api/account', rows: (data: unknown) => data },
        { name: 'GET /api/expenses', url: '/api/expenses', rows: (data: unknown) => data },
        {
          name: 'GET /api/transactions',
          url: '/api/transactions?limit=200',
          rows: (data: unknown) => (data as { items: unknown }).items,
        },
      ];

      function expectOnlyB(rows: unknown, ownIds: string[]): void {
        const list = rows as { id: string; accountId?: string | null }[];
        expect(list.length).toBeGreaterThan(0);
        const aIds = [a.accountId, ...a.transactionIds];
        for (const row of list) {
          expect(aIds).not.toContain(row.id);
          if (row.accountId) expect(row.accountId).not.toBe(a.accountId);
          expect(ownIds).toContain(row.id);
        }
      }

      it.each(LISTS)('REST: $name', async ({ url, rows }) => {
        const res = await t.rest(b.user, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expectOnlyB(rows(res.json().data), [b.accountId, ...b.transactionIds]);
      });

      it('tRPC: account.list, expense.list, transaction.list', async () => {
        const caller = t.caller(b.user);
        const own = [b.accountId, ...b.transactionIds];
        expectOnlyB((await caller.account.list({})).data, own);
        expectOnlyB((await caller.expense.list({})).data, own);
        expectOnlyB((await caller.transaction.list({ limit: 200 })).data.items, own);
      });
    });
  });

  describe('(c) a deleted account', () => {
    let c: Fixture;

    beforeAll(async () => {
      c = await userWithLedger(t, 'To delete');
      const res = await t.rest(c.user, { method: 'DELETE', url: `/api/account/${c.accountId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Account deleted successfully' });
    });

    it.each(ID_ROUTES)('REST: $name -> 404', async (route) => {
      const before = await moneySnapshot(t);
      const res = await t.rest(c.user, route.rest(c.accountId));
      expect(await moneySnapshot(t)).toEqual(before);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Account not found',
      });
    });

    it.each(ID_ROUTES)('tRPC: $name -> NOT_FOUND', async (route) => {
      const before = await moneySnapshot(t);
      const error = await rejection(route.trpc(t.caller(c.user), c.accountId));
      expect(await moneySnapshot(t)).toEqual(before);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('Account not found');
    });

    it('is gone from GET /api/account', async () => {
      const res = await t.rest(c.user, { method: 'GET', url: '/api/account' });
      expect(res.json()).toEqual({ success: true, data: [] });
      expect((await t.caller(c.user).account.list({})).data).toEqual([]);
    });

    it('keeps its ledger rows in the table and in GET /api/transactions', async () => {
      const rows = await t.database.db
        .selectFrom('transactions')
        .select(['id', 'account_id'])
        .where('user_id', '=', c.user.id)
        .orderBy('seq')
        .execute();
      expect(rows.map((row) => row.id)).toEqual(c.transactionIds);
      expect(rows.filter((row) => row.account_id === c.accountId)).toHaveLength(2);

      const res = await t.rest(c.user, { method: 'GET', url: '/api/transactions' });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as { id: string; accountId: string | null }[];
      expect(items.map((item) => item.id).sort()).toEqual([...c.transactionIds].sort());
      expect(items.filter((item) => item.accountId === c.accountId)).toHaveLength(2);

      const page = await t.caller(c.user).transaction.list({});
      expect(page.data.items.map((item) => item.id).sort()).toEqual([...c.transactionIds].sort());
    });
  });
});
