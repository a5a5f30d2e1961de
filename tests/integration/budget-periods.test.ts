import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_WEEKEND_RULES, periodOf, periodStart } from '../../src/shared/budget-periods.js';
import { budgetViolations } from '../helpers/budget-invariants.js';
import { newSpendingCategory, writeAs } from '../helpers/budget-setup.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// Budget periods that start on a pay day (docs/budgets.md#budget-periods): the database's SQL
// functions and src/shared/budget-periods.ts agree; entries count in the period their day falls
// in, explain lists them there, and changing the periods moves every month at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const write = (user: TestUser) => writeAs(t, user);

async function setUp() {
  const user = await t.signUp();
  const { id: groceries } = await newSpendingCategory(t, user);
  const checking = (await write(user).account.create({ title: 'Checking', type: 'checking' })).data
    .id;
  const spend = (occurredOn: string, amount: number) =>
    write(user).entry.create({
      accountId: checking,
      type: 'expense',
      amount,
      categoryId: groceries,
      description: `Shop ${occurredOn}`,
      occurredOn,
    } as never);
  await write(user).entry.create({
    accountId: checking,
    type: 'deposit',
    amount: 5000,
    description: 'Pay',
    occurredOn: '2026-09-01',
  } as never);
  // 25 October 2026 is a Sunday: with "the 25th, moved before a weekend" October's period
  // starts on Friday the 23rd and runs to 24 November.
  await spend('2026-10-22', 1);
  await spend('2026-10-23', 10);
  await spend('2026-11-24', 100);
  await spend('2026-11-25', 1000);
  return { user, groceries };
}

const activity = async (user: TestUser, month: string, categoryId: string) =>
  (await t.caller(user).budget.month({ month })).data.categories.find(
    (c) => c.categoryId === categoryId,
  )?.activity;

describe('budget periods', () => {
  it('are computed alike by the database and the shared module', async () => {
    const rule = fc.record({
      startDay: fc.integer({ min: 1, max: 31 }),
      weekend: fc.constantFrom(...PERIOD_WEEKEND_RULES),
    });
    const day = fc
      .date({
        min: new Date('1901-03-01T00:00:00Z'),
        max: new Date('9998-10-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const cases = fc.sample(fc.tuple(rule, day), 400);
    const { rows } = await sql<{ of: string; start: string }>`
      SELECT to_char(budget_period_of(c.day, c.start_day, c.weekend), 'YYYY-MM') AS of,
        to_char(budget_period_start(date_trunc('month', c.day)::date, c.start_day, c.weekend),
          'YYYY-MM-DD') AS start
      FROM unnest(${cases.map(([, d]) => d)}::date[], ${cases.map(([r]) => r.startDay)}::int[],
        ${cases.map(([r]) => r.weekend)}::text[]) WITH ORDINALITY AS c (day, start_day, weekend, n)
      ORDER BY c.n`.execute(t.database.db);
    expect(rows).toEqual(
      cases.map(([r, d]) => ({ of: periodOf(d, r), start: periodStart(d.slice(0, 7), r) })),
    );
  });

  it('start on pay day, moved before a weekend, and entries count in the period their day is in', async () => {
    const s = await setUp();
    expect(await activity(s.user, '2026-10', s.groceries)).toBe(-11);
    expect(await activity(s.user, '2026-11', s.groceries)).toBe(-1100);

    const saved = await write(s.user).budget.setSettings({
      periodStartDay: 25,
      periodWeekend: 'before',
    });
    // What was left out is kept.
    expect(saved.data).toEqual({
      cardEnvelopes: false,
      periodStartDay: 25,
      periodWeekend: 'before',
    });
    const october = (await t.caller(s.user).budget.month({ month: '2026-10' })).data;
    expect(october.period).toEqual({ start: '2026-10-23', end: '2026-11-24' });
    expect(await activity(s.user, '2026-09', s.groceries)).toBe(-1);
    expect(await activity(s.user, '2026-10', s.groceries)).toBe(-110);
    expect(await activity(s.user, '2026-11', s.groceries)).toBe(-1000);
    const explained = (
      await t.caller(s.user).budget.explain({ month: '2026-10', categoryId: s.groceries })
    ).data;
    expect(explained.entries.shown.map((e) => e.occurredOn)).toEqual(['2026-10-23', '2026-11-24']);
    expect(explained.entries.total).toBe(-110);
    expect(await budgetViolations(t, s.user, ['2026-09', '2026-10', '2026-11', '2026-12'])).toEqual(
      [],
    );

    // Back to calendar months: every month moves back at once.
    await write(s.user).budget.setSettings({ periodStartDay: 1, periodWeekend: 'keep' });
    expect(await activity(s.user, '2026-10', s.groceries)).toBe(-11);
    expect(await activity(s.user, '2026-11', s.groceries)).toBe(-1100);
    expect(await budgetViolations(t, s.user, ['2026-09', '2026-10', '2026-11', '2026-12'])).toEqual(
      [],
    );
  });

  it('refuse a start day outside 1 to 31 or an unknown weekend rule, and change nothing', async () => {
    const s = await setUp();
    for (const payload of [
      { periodStartDay: 0 },
      { periodStartDay: 32 },
      { periodStartDay: 2.5 },
    ]) {
      const res = await t.rest(s.user, {
        method: 'PUT',
        url: '/api/budget/settings',
        payload,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('periodStartDay must be a whole number from 1 to 31');
    }
    const res = await t.rest(s.user, {
      method: 'PUT',
      url: '/api/budget/settings',
      payload: { periodWeekend: 'sunday' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('periodWeekend must be one of keep, before, after');
    expect((await t.caller(s.user).budget.settings({})).data).toEqual({
      cardEnvelopes: false,
      periodStartDay: 1,
      periodWeekend: 'keep',
    });
  });
});
