import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { DOORS, type Door } from '../helpers/doors.js';
import { EXPENSE_PAGE_DEFAULT, EXPENSE_PAGE_MAX } from '../../src/shared/limits.js';

// Issue 10, finding 6: the expenses lists answer one page at a time, never the whole list.

const SEEDED = 120;

interface Row {
  id: string;
  transactionType: string;
}

describe.each(DOORS)('paged expenses lists through %s', (_name, makeDoor) => {
  let t: TestApp;
  let api: Door;
  let user: TestUser;
  let accountId: string;
  let seeded: Set<string>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = makeDoor(t, user);
    accountId = (await api.createAccount({ title: 'Everyday' })).body.data.id;
    await api.deposit(accountId, { amount: 10_000 });
    seeded = new Set();
    for (let i = 0; i < SEEDED; i++) {
      // Several per day, so the cursor must break ties within a day.
      const res = await api.createExpense({
        description: `Expense ${i}`,
        amount: 1 + (i % 7),
        accountId,
        occurredOn: `2026-03-${String(1 + (i % 20)).padStart(2, '0')}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seeded.add(res.body.data.transaction.id as string);
    }
  }, 120_000);
  afterAll(() => t.close());

  it(`answers the first ${EXPENSE_PAGE_DEFAULT} expenses without a limit, with nextCursor and Link`, async () => {
    const res = await api.listExpenses();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(EXPENSE_PAGE_DEFAULT);
    expect(typeof res.body.nextCursor).toBe('string');
    if (api.name === 'rest') {
      expect(res.headers?.link).toBe(
        `</api/expenses?${new URLSearchParams({ cursor: res.body.nextCursor }).toString()}>; rel="next"`,
      );
    }
  });

  it.each([
    [
      'all expenses',
      (door: Door, query: Record<string, string | number>) => door.listExpenses(query),
    ],
    [
      "one account's expenses",
      (door: Door, query: Record<string, string | number>) =>
        door.expensesByAccount(accountId, query),
    ],
  ])('following the cursors of %s yields every expense exactly once', async (_what, list) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    // On REST, the page the previous Link pointed to, which the cursor must answer alike.
    let linked: string[] | null = null;
    do {
      const query: Record<string, string | number> = { limit: 45 };
      if (cursor !== null) query.cursor = cursor;
      const res = await list(api, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data as Row[];
      if (linked !== null) expect(rows.map((row) => row.id)).toEqual(linked);
      linked = null;
      expect(rows.length).toBeLessThanOrEqual(45);
      expect(rows.every((row) => row.transactionType === 'expense')).toBe(true);
      seen.push(...rows.map((row) => row.id));
      cursor = res.body.nextCursor as string | null;
      if (api.name === 'rest') {
        const link = res.headers?.link as string | undefined;
        if (cursor === null) expect(link).toBeUndefined();
        else {
          // The Link is the same query with the next cursor, and it answers the next page.
          const path = /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1];
          expect(path).toContain(`limit=45`);
          expect(new URL(path ?? '', 'http://x').searchParams.get('cursor')).toBe(cursor);
          const followed = await t.rest(user, { method: 'GET', url: path ?? '' });
          expect(followed.statusCode).toBe(200);
          linked = (followed.json().data as Row[]).map((row) => row.id);
        }
      }
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(Math.ceil(SEEDED / 45));
    expect(seen).toHaveLength(SEEDED);
    expect(new Set(seen)).toEqual(seeded);
  });

  it(`answers up to ${EXPENSE_PAGE_MAX} expenses in one page and says when it is the last`, async () => {
    const res = await api.listExpenses({ limit: EXPENSE_PAGE_MAX });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(SEEDED);
    expect(res.body.nextCursor).toBeNull();
    if (api.name === 'rest') expect(res.headers?.link).toBeUndefined();
  });

  it.each([
    [EXPENSE_PAGE_MAX + 1, `limit must be at most ${EXPENSE_PAGE_MAX}`],
    [0, 'limit must be at least 1'],
    [1.5, 'limit must be a whole number'],
  ])('refuses limit %s with "%s"', async (limit, message) => {
    for (const res of [
      await api.listExpenses({ limit }),
      await api.expensesByAccount(accountId, { limit }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });

  it('refuses a cursor that is not one of its own', async () => {
    const res = await api.listExpenses({ cursor: 'not-a-cursor' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid cursor');
  });
});
