import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetViolations } from '../helpers/budget-invariants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// Credit-card payment envelopes (docs/budgets.md#credit-cards) through both doors: spending on a
// card moves a category's money to the card's envelope, a payment uses it, spending beyond the
// money is card debt, and the setting changes every month at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MONTH = '2026-03';
const NEXT = '2026-04';

async function setUp() {
  const user = await t.signUp();
  const caller = t.caller(user);
  const groups = (await caller.category.list({})).data;
  const spending = groups.find((g) => g.kind === 'spending');
  if (!spending) throw new Error('default groups missing');
  const groceries = (
    await caller.category.create({
      groupId: spending.id,
      name: `Groceries ${randomUUID().slice(0, 4)}`,
    })
  ).data.id;
  const checking = (await caller.account.create({ title: 'Checking', type: 'checking' })).data.id;
  const card = (
    await caller.account.create({ title: 'Visa', type: 'credit-card', creditLimit: 5000 })
  ).data.id;
  await entry(user, { accountId: checking, type: 'deposit', amount: 1000, description: 'Pay' });
  await caller.budget.assign({ month: MONTH, categoryId: groceries, assigned: 300 });
  return { user, groceries, checking, card };
}

async function entry(user: TestUser, fields: Record<string, unknown>) {
  return t
    .caller(user, { idempotencyKey: randomUUID() })
    .entry.create({ occurredOn: `${MONTH}-10`, ...fields } as never);
}

async function month(user: TestUser, m = MONTH) {
  return (await t.caller(user).budget.month({ month: m })).data;
}

describe('credit-card payment envelopes', () => {
  it('are off by default: a card is an ordinary account and no envelope is a place', async () => {
    const s = await setUp();
    await entry(s.user, {
      accountId: s.card,
      type: 'expense',
      amount: 50,
      categoryId: s.groceries,
    });
    const data = await month(s.user);
    expect(data.cardEnvelopes).toBe(false);
    expect(data.cards).toEqual([]);
    expect(data.toAssign).toBe(700);
    await expect(
      t.caller(s.user).budget.assign({ month: MONTH, categoryId: s.card, assigned: 10 }),
    ).rejects.toMatchObject({ message: 'Category not found' });
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('moves the money of a category that had it to the envelope, and paying the card uses it', async () => {
    const s = await setUp();
    const settings = await t
      .caller(s.user, { idempotencyKey: randomUUID() })
      .budget.setSettings({ cardEnvelopes: true });
    expect(settings.data).toEqual({
      cardEnvelopes: true,
      periodStartDay: 1,
      periodWeekend: 'keep',
    });
    await entry(s.user, {
      accountId: s.card,
      type: 'expense',
      amount: 120.5,
      categoryId: s.groceries,
    });
    let data = await month(s.user);
    expect(data.categories.find((c) => c.categoryId === s.groceries)?.available).toBe(179.5);
    expect(data.cards).toEqual([
      expect.objectContaining({
        accountId: s.card,
        name: 'Visa payment',
        active: true,
        covered: 120.5,
        payments: 0,
        available: 120.5,
        uncoveredSpending: 0,
        owed: 120.5,
      }),
    ]);
    expect(data.toAssign).toBe(700);

    // Pay the card from checking: a transfer, neither income nor spending.
    await t.caller(s.user, { idempotencyKey: randomUUID() }).transfer.create({
      fromAccountId: s.checking,
      toAccountId: s.card,
      amount: 120.5,
      occurredOn: `${MONTH}-20`,
    });
    data = await month(s.user);
    expect(data.toAssign).toBe(700);
    expect(data.cards[0]).toMatchObject({ payments: 120.5, available: 0, owed: 0 });

    const explained = (await t.caller(s.user).budget.explain({ month: MONTH, categoryId: s.card }))
      .data;
    expect(explained.available).toBe(0);
    expect(explained.parts).toEqual([
      { label: 'Assigned and moved this month', amount: 0 },
      { label: "Categories' money for spending on the card", amount: 120.5 },
      { label: 'Payments to the card', amount: -120.5 },
    ]);
    expect(explained.entries.shown.map((e) => e.amount)).toEqual([-120.5]);
    // To assign's explanation lists neither leg of the payment.
    const toAssign = (await t.caller(s.user).budget.explain({ month: MONTH })).data;
    expect(toAssign.entries.shown.map((e) => e.description)).toEqual(['Pay']);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('leaves spending beyond the money as card debt, not taken from next month', async () => {
    const s = await setUp();
    await t.rest(s.user, {
      method: 'PUT',
      url: '/api/budget/settings',
      payload: { cardEnvelopes: true },
      headers: { 'idempotency-key': randomUUID() },
    });
    await entry(s.user, {
      accountId: s.card,
      type: 'expense',
      amount: 450,
      categoryId: s.groceries,
    });
    const data = await month(s.user);
    expect(data.categories.find((c) => c.categoryId === s.groceries)).toMatchObject({
      available: -150,
      overspent: true,
    });
    expect(data.cards[0]).toMatchObject({ covered: 300, uncoveredSpending: 150, owed: 450 });
    const next = await month(s.user, NEXT);
    expect(next.toAssignParts.overspendingFromLastMonth).toBe(0);
    expect(next.toAssign).toBe(700);
    expect(next.cards[0]).toMatchObject({ carriedIn: 300, available: 300, owed: 450 });
    // Money assigned to the envelope covers the rest of the debt; it can be undone.
    const assigned = await t
      .caller(s.user, { idempotencyKey: randomUUID() })
      .budget.assign({ month: NEXT, categoryId: s.card, assigned: 150 });
    expect((await month(s.user, NEXT)).cards[0]).toMatchObject({ assigned: 150, available: 450 });
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
    const id = assigned.data.action?.id ?? '';
    await t.caller(s.user, { idempotencyKey: randomUUID() }).budget.undo({ id });
    expect((await month(s.user, NEXT)).cards[0]).toMatchObject({ assigned: 0, available: 300 });
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('keeps money moved to an envelope when they are turned off, and the months change at once', async () => {
    const s = await setUp();
    const caller = () => t.caller(s.user, { idempotencyKey: randomUUID() });
    await caller().budget.setSettings({ cardEnvelopes: true });
    await entry(s.user, {
      accountId: s.card,
      type: 'expense',
      amount: 100,
      categoryId: s.groceries,
    });
    await caller().budget.move({
      month: MONTH,
      fromCategoryId: null,
      toCategoryId: s.card,
      amount: 25,
    });
    await caller().budget.setSettings({ cardEnvelopes: false });
    const data = await month(s.user);
    expect(data.cardEnvelopes).toBe(false);
    // Spending on the card no longer moves money; what was moved there stays, and can move back.
    expect(data.cards).toEqual([
      expect.objectContaining({
        accountId: s.card,
        active: false,
        covered: 0,
        available: 25,
        owed: null,
      }),
    ]);
    expect(data.toAssign).toBe(675);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
    await caller().budget.move({
      month: MONTH,
      fromCategoryId: s.card,
      toCategoryId: null,
      amount: 25,
    });
    expect((await month(s.user)).toAssign).toBe(700);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('refuses a setting that is not true or false, and changes nothing', async () => {
    const s = await setUp();
    const res = await t.rest(s.user, {
      method: 'PUT',
      url: '/api/budget/settings',
      payload: { cardEnvelopes: 'yes' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cardEnvelopes must be true or false');
    const read = await t.rest(s.user, { method: 'GET', url: '/api/budget/settings' });
    expect(read.json()).toMatchObject({ data: { cardEnvelopes: false } });
  });
});
