import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { DOORS, trpcOutcome, type Door, type Outcome } from '../helpers/doors.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { testBackend } from '../helpers/test-database.js';
import { bookToday } from '../../src/server/features/ledger/index.js';

/**
 * An account's type, credit limit and opening balance on creation and edit, and its list of
 * entries with the balance after each (docs/ledger.md#account-types, #opening-balance,
 * #running-balance), through both doors.
 */

interface LedgerItem {
  id: string;
  description: string;
  amount: number;
  transactionType: string;
  occurredOn: string;
  balanceAfter: number;
}

/** GET /api/account/{id}/transactions, or account.transactions, the same way for both doors. */
function ledgerOf(t: TestApp, user: TestUser, door: Door['name']) {
  return async (id: string, query: { limit?: number; cursor?: string } = {}): Promise<Outcome> => {
    if (door === 'trpc')
      return trpcOutcome(() => t.caller(user).account.transactions({ id, ...query }));
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await t.rest(user, {
      method: 'GET',
      url: `/api/account/${id}/transactions${search ? `?${search}` : ''}`,
    });
    return { status: res.statusCode, body: res.json() };
  };
}

describe.each(DOORS)(
  `account types, opening balances and running balances (${testBackend}) through %s`,
  (name, makeDoor) => {
    let t: TestApp;
    let user: TestUser;
    let api: Door;
    let ledger: ReturnType<typeof ledgerOf>;

    beforeAll(async () => {
      t = await createTestApp();
      user = await t.signUp();
      api = makeDoor(t, user);
      ledger = ledgerOf(t, user, name);
    });
    afterAll(() => t.close());

    const invariantsHold = async () =>
      expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);

    it('keeps the type given, and derives it from the icon when none is', async () => {
      for (const type of ['cash', 'checking', 'savings', 'credit-card', 'loan', 'other']) {
        const res = await api.createAccount({ title: `A ${type}`, type });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ type, icon: 'wallet', creditLimit: 0, balance: 0 });
        expect((await api.getAccount(res.body.data.id)).body.data.type).toBe(type);
      }
      expect(
        (await api.createAccount({ title: 'Card', icon: 'credit-card' })).body.data,
      ).toMatchObject({
        type: 'credit-card',
        icon: 'credit-card',
      });
      expect((await api.createAccount({ title: 'Plain' })).body.data.type).toBe('other');
      // The type does not choose the icon: it stays its own field, wallet by default.
      expect((await api.createAccount({ title: 'Visa', type: 'credit-card' })).body.data.icon).toBe(
        'wallet',
      );
    });

    it('changes the type and the credit limit with an edit, and keeps them when left out', async () => {
      const { id } = (await api.createAccount({ title: 'Savings', type: 'savings' })).body.data;
      const edited = await api.updateAccount(id, {
        title: 'Card',
        type: 'credit-card',
        creditLimit: 250.5,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({
        type: 'credit-card',
        creditLimit: 250.5,
        available: 250.5,
      });
      const kept = await api.updateAccount(id, { title: 'Card 2' });
      expect(kept.body.data).toMatchObject({
        title: 'Card 2',
        type: 'credit-card',
        creditLimit: 250.5,
      });
      expect(
        (await api.listAccounts()).body.data.find((a: { id: string }) => a.id === id),
      ).toMatchObject({
        type: 'credit-card',
        creditLimit: 250.5,
      });
    });

    it('records the opening balance as one deposit on the given day, exact to the cent', async () => {
      const res = await api.createAccount({
        title: 'Checking',
        type: 'checking',
        openingBalance: 1234.56,
        openingDate: '2025-02-28',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        balance: 1234.56,
        available: 1234.56,
        type: 'checking',
      });
      const items = (await ledger(res.body.data.id)).body.data.items as LedgerItem[];
      expect(items).toEqual([
        expect.objectContaining({
          description: 'Opening balance',
          transactionType: 'deposit',
          amount: 1234.56,
          occurredOn: '2025-02-28',
          balanceAfter: 1234.56,
        }),
      ]);
      const cents = await t.database.db
        .selectFrom('accounts')
        .select('balance_cents')
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(String(cents.balance_cents)).toBe('123456');
      await invariantsHold();
    });

    it("dates an opening balance without a day on today in the book's time zone", async () => {
      const res = await api.createAccount({ title: 'Cash', type: 'cash', openingBalance: 20 });
      const [item] = (await ledger(res.body.data.id)).body.data.items as LedgerItem[];
      expect(item?.occurredOn).toBe(await bookToday(t.database.db, user.bookId));
    });

    it('records no entry for an opening balance of 0', async () => {
      const res = await api.createAccount({ title: 'Empty', openingBalance: 0 });
      expect(res.body.data.balance).toBe(0);
      expect((await ledger(res.body.data.id)).body.data.items).toEqual([]);
    });

    it('takes a purchase at once on a card created with a limit', async () => {
      const card = await api.createAccount({
        title: 'Visa',
        type: 'credit-card',
        creditLimit: 500,
      });
      expect(card.body.data).toMatchObject({ creditLimit: 500, available: 500, balance: 0 });
      const bought = await api.createExpense({
        accountId: card.body.data.id,
        amount: 100,
        description: 'Shoes',
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect(bought.body.data.account).toMatchObject({ balance: -100, available: 400 });
      await invariantsHold();
    });

    it('records a negative opening balance as a withdrawal within the credit limit', async () => {
      const card = await api.createAccount({
        title: 'Owed card',
        type: 'credit-card',
        creditLimit: 500,
        openingBalance: -450.25,
        openingDate: '2025-01-31',
      });
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      expect(card.body.data).toMatchObject({ balance: -450.25, available: 49.75 });
      const [item] = (await ledger(card.body.data.id)).body.data.items as LedgerItem[];
      expect(item).toMatchObject({
        transactionType: 'withdraw',
        amount: 450.25,
        description: 'Opening balance',
        occurredOn: '2025-01-31',
        balanceAfter: -450.25,
      });
      // The limit cannot then be lowered below what is owed, through the edit either.
      const lowered = await api.updateAccount(card.body.data.id, {
        title: 'Owed card',
        creditLimit: 400,
      });
      expect(lowered.status).toBe(422);
      expect(lowered.body.message).toBe(
        'This account owes 450.25; the credit limit cannot be lower than that',
      );
      expect((await api.getAccount(card.body.data.id)).body.data.creditLimit).toBe(500);
      await invariantsHold();
    });

    it.each([
      [
        { title: 'x', type: 'bank' },
        'Type must be one of cash, checking, savings, credit-card, loan or other',
      ],
      [{ title: 'x', creditLimit: -1 }, 'Credit limit must be 0 or more'],
      [{ title: 'x', creditLimit: 1.234 }, 'Credit limit must have at most two decimal places'],
      [{ title: 'x', creditLimit: '500' }, 'Credit limit must be a number'],
      [
        { title: 'x', openingBalance: 10.001 },
        'Opening balance must have at most two decimal places',
      ],
      [{ title: 'x', openingBalance: '10' }, 'Opening balance must be a number'],
      [{ title: 'x', openingBalance: 1e12 }, 'Opening balance must be at most 1,000,000,000.00'],
      [
        { title: 'x', openingBalance: 10, openingDate: '2025-02-30' },
        'openingDate must be a real date',
      ],
      [
        { title: 'x', openingBalance: -0.01 },
        'An opening balance of -0.01 needs a credit limit of at least 0.01',
      ],
      [
        { title: 'x', type: 'credit-card', creditLimit: 500, openingBalance: -500.01 },
        'An opening balance of -500.01 needs a credit limit of at least 500.01',
      ],
    ])('refuses %j with its reason and changes nothing', async (input, message) => {
      const before = await moneySnapshot(t);
      const res = await api.createAccount(input);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).toContain(message);
      expect(await moneySnapshot(t)).toEqual(before);
    });

    it.each([
      [{ title: 'x', type: 'bank' }, 'Type must be one of'],
      [{ title: 'x', creditLimit: -5 }, 'Credit limit must be 0 or more'],
    ])('refuses the edit %j and changes nothing', async (input, message) => {
      const { id } = (await api.createAccount({ title: 'Kept', type: 'loan', creditLimit: 10 }))
        .body.data;
      const before = await moneySnapshot(t);
      const res = await api.updateAccount(id, input);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(await moneySnapshot(t)).toEqual(before);
    });

    it('gives the balance after each entry, exact across a page boundary', async () => {
      const { id } = (
        await api.createAccount({
          title: 'Running',
          openingBalance: 100.1,
          openingDate: '2025-01-01',
        })
      ).body.data;
      // Amounts whose float sums are not exact (0.1 + 0.2), dates out of order, two on one day.
      const moves: [string, number, string][] = [
        ['deposit', 0.2, '2025-01-03'],
        ['withdraw', 0.3, '2025-01-02'],
        ['deposit', 0.7, '2025-01-03'],
        ['withdraw', 50.05, '2025-01-05'],
        ['deposit', 19.99, '2025-01-04'],
      ];
      for (const [type, amount, occurredOn] of moves) {
        const res =
          type === 'deposit'
            ? await api.deposit(id, { amount, occurredOn })
            : await api.withdraw(id, { amount, occurredOn });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await api.createExpense({ accountId: id, amount: 0.01, occurredOn: '2025-01-02' });

      // Expected: oldest first in (occurredOn, entry order), each a running sum in cents.
      const all = (await ledger(id, { limit: 200 })).body.data.items as LedgerItem[];
      const oldestFirst = [...all].reverse();
      let cents = 0;
      for (const item of oldestFirst) {
        cents += (item.transactionType === 'deposit' ? 1 : -1) * Math.round(item.amount * 100);
        expect(Math.round(item.balanceAfter * 100)).toBe(cents);
        expect(item.balanceAfter).toBe(cents / 100);
      }
      expect(all.map((i) => i.occurredOn)).toEqual([
        '2025-01-05',
        '2025-01-04',
        '2025-01-03',
        '2025-01-03',
        '2025-01-02',
        '2025-01-02',
        '2025-01-01',
      ]);
      expect(all[0]?.balanceAfter).toBe((await api.getAccount(id)).body.data.balance);
      expect(all[0]?.balanceAfter).toBe(70.63);

      // Pages of 3 (the boundary falls between two entries of 2025-01-03) give the same figures.
      const paged: LedgerItem[] = [];
      let cursor: string | undefined;
      do {
        const page = await ledger(id, { limit: 3, ...(cursor && { cursor }) });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        paged.push(...(page.body.data.items as LedgerItem[]));
        cursor = page.body.data.nextCursor ?? undefined;
      } while (cursor);
      expect(paged.map((i) => [i.id, i.balanceAfter])).toEqual(
        all.map((i) => [i.id, i.balanceAfter]),
      );

      // A deleted entry leaves the running balance of every page.
      const third = all[2];
      if (!third) throw new Error('no third entry');
      expect((await api.deleteEntry(third.id)).status).toBe(200);
      const after = (await ledger(id, { limit: 2 })).body;
      const next = (await ledger(id, { limit: 2, cursor: after.data.nextCursor })).body.data
        .items as LedgerItem[];
      expect(next[0]?.balanceAfter).toBe(Math.round((all[3]?.balanceAfter ?? 0) * 100) / 100);
      await invariantsHold();
    });

    it("answers 404 for another person's account and a bad cursor with 400", async () => {
      const other = await t.signUp();
      const { id } = (
        await makeDoor(t, other).createAccount({ title: 'Theirs', openingBalance: 5 })
      ).body.data;
      expect((await ledger(id)).status).toBe(404);
      const mine = (await api.createAccount({ title: 'Mine' })).body.data.id;
      const bad = await ledger(mine, { cursor: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid cursor');
    });

    it('replays a create with its Idempotency-Key: one account, one opening entry', async () => {
      const key = randomUUID();
      const input = { title: 'Once', openingBalance: 42, openingDate: '2025-03-01' };
      const send = () =>
        name === 'rest'
          ? t
              .rest(user, {
                method: 'POST',
                url: '/api/account',
                payload: input,
                headers: { 'idempotency-key': key },
              })
              .then((res) => ({ status: res.statusCode, body: res.json() }))
          : trpcOutcome(() => t.caller(user, { idempotencyKey: key }).account.create(input));
      const first = await send();
      const again = await send();
      expect(again.body.data.id).toBe(first.body.data.id);
      const count = (await api.listAccounts()).body.data.filter(
        (a: { title: string }) => a.title === 'Once',
      );
      expect(count).toHaveLength(1);
      expect((await ledger(first.body.data.id)).body.data.items).toHaveLength(1);
    });

    it('keeps the type through the full export and a restore', async () => {
      if (name === 'trpc') return; // The restore is one request; the REST door carries it.
      const { id } = (await api.createAccount({ title: 'Loan', type: 'loan', creditLimit: 900 }))
        .body.data;
      const file = (await t.rest(user, { method: 'GET', url: '/api/book/export' })).json<{
        data: { accounts: { id: string; type?: string }[] };
      }>().data;
      expect(file.accounts.find((a) => a.id === id)?.type).toBe('loan');
      const other = await t.signUp();
      const restored = await t.rest(other, {
        method: 'POST',
        url: '/api/book/restore',
        payload: { file },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(restored.statusCode, restored.body).toBe(200);
      const accounts = (await t.rest(other, { method: 'GET', url: '/api/account' })).json<{
        data: { title: string; type: string; creditLimit: number }[];
      }>().data;
      expect(accounts.find((a) => a.title === 'Loan')).toMatchObject({
        type: 'loan',
        creditLimit: 900,
      });
    });
  },
);
