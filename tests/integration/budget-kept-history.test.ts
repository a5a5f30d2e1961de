import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgetBudgetHistories,
  loadHistory,
} from '../../src/server/features/budget/budget-history.js';
import { newSpendingCategory, writeAs } from '../helpers/budget-setup.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// A server keeps each book's budget history between reads, under the book's generation token
// (docs/budgets.md#speed). Every change the months are computed from must change the token, so
// that the next read reads again: after each change below, the read equals a read from nothing
// (every kept history forgotten first).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MONTH = '2026-03';

async function setUp() {
  const user = await t.signUp();
  const { id: groceries, incomeGroupId } = await newSpendingCategory(t, user);
  const checking = (await write(user).account.create({ title: 'Checking', type: 'checking' })).data
    .id;
  const savings = (await write(user).account.create({ title: 'Savings', type: 'savings' })).data.id;
  const card = (
    await write(user).account.create({ title: 'Visa', type: 'credit-card', creditLimit: 5000 })
  ).data.id;
  await entry(user, { accountId: checking, type: 'deposit', amount: 1000, description: 'Pay' });
  await entry(user, { accountId: savings, type: 'deposit', amount: 250, description: 'Gift' });
  await entry(user, { accountId: card, type: 'expense', amount: 40, categoryId: groceries });
  await entry(user, { accountId: checking, type: 'expense', amount: 70, categoryId: groceries });
  await write(user).budget.assign({ month: MONTH, categoryId: groceries, assigned: 300 });
  return { user, groceries, checking, savings, card, incomeGroup: incomeGroupId };
}

const write = (user: TestUser) => writeAs(t, user);

async function entry(user: TestUser, fields: Record<string, unknown>) {
  return t
    .caller(user, { idempotencyKey: randomUUID() })
    .entry.create({ occurredOn: `${MONTH}-10`, ...fields } as never);
}

const read = async (user: TestUser) => (await t.caller(user).budget.month({ month: MONTH })).data;

/** The read as kept, and as read from nothing: equal, or the test fails with both. */
async function expectKeptIsFresh(user: TestUser) {
  const kept = await read(user);
  forgetBudgetHistories();
  const fresh = await read(user);
  expect(kept).toEqual(fresh);
  return fresh;
}

describe('the budget history a server keeps between reads', () => {
  it('is used again while nothing changed, and read again after a change', async () => {
    const s = await setUp();
    await read(s.user);
    const db = t.database.db;
    const first = await loadHistory(db, s.user.bookId, `${MONTH}-01`);
    const second = await loadHistory(db, s.user.bookId, `${MONTH}-01`);
    expect(first.kept).not.toBeNull();
    // The same parsed rows: nothing was read again.
    expect(second.history.flows).toBe(first.history.flows);
    await entry(s.user, {
      accountId: s.checking,
      type: 'expense',
      amount: 5,
      categoryId: s.groceries,
    });
    await read(s.user);
    const third = await loadHistory(db, s.user.bookId, `${MONTH}-01`);
    expect(third.history.flows).not.toBe(first.history.flows);
    // Inside a transaction nothing is kept: its own writes may yet roll back.
    await db.transaction().execute(async (trx) => {
      expect((await loadHistory(trx, s.user.bookId, `${MONTH}-01`)).kept).toBeNull();
    });
  });

  it('follows every kind of change the months are computed from', async () => {
    const s = await setUp();
    const before = await read(s.user);
    const changes: [string, () => Promise<unknown>][] = [
      [
        'an entry',
        () =>
          entry(s.user, {
            accountId: s.checking,
            type: 'expense',
            amount: 12,
            categoryId: s.groceries,
          }),
      ],
      [
        'an assignment',
        () =>
          t
            .caller(s.user, { idempotencyKey: randomUUID() })
            .budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 410 }),
      ],
      [
        'a rollover rule',
        () =>
          t
            .caller(s.user, { idempotencyKey: randomUUID() })
            .budget.setRollover({ month: MONTH, categoryId: s.groceries, rule: 'both' }),
      ],
      [
        'card envelopes turned on',
        () =>
          t
            .caller(s.user, { idempotencyKey: randomUUID() })
            .budget.setSettings({ cardEnvelopes: true }),
      ],
      [
        'an account taken off budget',
        () =>
          t
            .caller(s.user, { idempotencyKey: randomUUID() })
            .account.update({ id: s.savings, title: 'Savings', onBudget: false }),
      ],
      [
        'a category moved to an income group',
        () =>
          t
            .caller(s.user, { idempotencyKey: randomUUID() })
            .category.update({ id: s.groceries, groupId: s.incomeGroup }),
      ],
      ['an account deleted', () => write(s.user).account.delete({ id: s.card })],
    ];
    let last = before;
    for (const [name, change] of changes) {
      await read(s.user);
      await change();
      const now = await expectKeptIsFresh(s.user);
      expect(now, `${name} changed nothing the test can see`).not.toEqual(last);
      last = now;
    }
  });

  it('would answer from stale rows without the token (the negative control)', async () => {
    const s = await setUp();
    const db = t.database.db;
    await sql`DROP TRIGGER categories_budget_bump ON categories`.execute(db);
    try {
      await read(s.user);
      await t
        .caller(s.user, { idempotencyKey: randomUUID() })
        .category.update({ id: s.groceries, groupId: s.incomeGroup });
      const kept = await read(s.user);
      forgetBudgetHistories();
      expect(kept).not.toEqual(await read(s.user));
    } finally {
      await sql`CREATE TRIGGER categories_budget_bump
        AFTER INSERT OR DELETE OR UPDATE OF group_id ON categories
        FOR EACH ROW EXECUTE FUNCTION budget_bump_row()`.execute(db);
    }
  });
});
