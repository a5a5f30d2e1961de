import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { budgetViolations } from '../helpers/budget-invariants.js';
import { sweepBudgetMarks } from '../../src/server/features/budget/index.js';

// The envelope budget (docs/budgets.md) through both doors: To assign from income on on-budget
// accounts, assignments, moves, covers, holds, rollover rules, undo, explain, and what counts
// where (splits, refunds, transfers, tracking accounts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MONTH = '2026-03';
const NEXT = '2026-04';

interface Setup {
  user: TestUser;
  checking: string;
  groceries: string;
  rent: string;
  salary: string;
}

async function setUp(): Promise<Setup> {
  const user = await t.signUp();
  const caller = t.caller(user);
  const groups = (await caller.category.list({})).data;
  const spending = groups.find((g) => g.kind === 'spending');
  const income = groups.find((g) => g.kind === 'income');
  if (!spending || !income) throw new Error('default groups missing');
  const make = async (groupId: string, name: string) =>
    (await caller.category.create({ groupId, name })).data.id;
  const groceries = await make(spending.id, `Groceries ${randomUUID().slice(0, 4)}`);
  const rent = await make(spending.id, `Rent ${randomUUID().slice(0, 4)}`);
  const salary = await make(income.id, `Salary ${randomUUID().slice(0, 4)}`);
  const checking = (await caller.account.create({ title: 'Checking', type: 'checking' })).data.id;
  await caller.entry.create({
    accountId: checking,
    type: 'deposit',
    amount: 3000,
    description: 'Pay',
    occurredOn: `${MONTH}-01`,
    categoryId: salary,
  } as never);
  return { user, checking, groceries, rent, salary };
}

function month(user: TestUser, m = MONTH) {
  return t.caller(user).budget.month({ month: m });
}

function availableOf(data: Awaited<ReturnType<typeof month>>['data'], categoryId: string) {
  const row = data.categories.find((c) => c.categoryId === categoryId);
  if (!row) throw new Error(`no row for ${categoryId}`);
  return row.available;
}

describe('a month of the budget', () => {
  it('puts income in To assign and takes assignments out of it, exactly', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    expect((await month(s.user)).data.toAssign).toBe(3000);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 400.1 });
    await caller.budget.assign({ month: MONTH, categoryId: s.rent, assigned: 1500 });
    const data = (await month(s.user)).data;
    expect(data.toAssign).toBe(1099.9);
    expect(data.currency).toBe('USD');
    expect(availableOf(data, s.groceries)).toBe(400.1);
    // Setting the same figure again records nothing.
    const same = await caller.budget.assign({ month: MONTH, categoryId: s.rent, assigned: 1500 });
    expect(same.data.action).toBeNull();
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('counts spending, split lines and refunds in their categories, and income on tracking accounts nowhere', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 100 });
    await caller.entry.create({
      accountId: s.checking,
      type: 'expense',
      amount: 60,
      description: 'Shop',
      occurredOn: `${MONTH}-05`,
      splits: [
        { categoryId: s.groceries, amount: 45 },
        { categoryId: s.rent, amount: 15 },
      ],
    } as never);
    await caller.entry.create({
      accountId: s.checking,
      type: 'deposit',
      amount: 5,
      description: 'Refund',
      occurredOn: `${MONTH}-06`,
      categoryId: s.groceries,
    } as never);
    const loan = (await caller.account.create({ title: 'Loan', type: 'loan' })).data;
    expect(loan.onBudget).toBe(false);
    await caller.account.deposit({ id: loan.id, amount: 999 });
    const data = (await month(s.user)).data;
    expect(availableOf(data, s.groceries)).toBe(60);
    expect(availableOf(data, s.rent)).toBe(-15);
    expect(data.categories.find((c) => c.categoryId === s.rent)?.overspent).toBe(true);
    expect(data.toAssign).toBe(2900);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('leaves transfers between on-budget accounts out, and counts one to a tracking account in To assign', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    const savings = (await caller.account.create({ title: 'Savings', type: 'savings' })).data.id;
    const loan = (await caller.account.create({ title: 'Loan', type: 'loan' })).data.id;
    await caller.transfer.create({
      fromAccountId: s.checking,
      toAccountId: savings,
      amount: 500,
      occurredOn: `${MONTH}-10`,
    });
    expect((await month(s.user)).data.toAssign).toBe(3000);
    await caller.transfer.create({
      fromAccountId: s.checking,
      toAccountId: loan,
      amount: 200,
      occurredOn: `${MONTH}-11`,
    });
    expect((await month(s.user)).data.toAssign).toBe(2800);
    // Taking the loan onto the budget brings its money in.
    await caller.account.update({ id: loan, title: 'Loan', onBudget: true });
    expect((await month(s.user)).data.toAssign).toBe(3000);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('carries surplus, takes overspending from next month and says so', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 100 });
    await caller.budget.assign({ month: MONTH, categoryId: s.rent, assigned: 50 });
    await caller.expense.create({
      accountId: s.checking,
      amount: 80,
      description: 'Rent part',
      occurredOn: `${MONTH}-15`,
      categoryId: s.rent,
    });
    const next = (await month(s.user, NEXT)).data;
    expect(next.categories.find((c) => c.categoryId === s.groceries)?.carriedIn).toBe(100);
    expect(next.categories.find((c) => c.categoryId === s.rent)?.carriedIn).toBe(0);
    expect(next.toAssignParts.overspendingFromLastMonth).toBe(-30);
    expect(next.toAssign).toBe(3000 - 150 - 30);
    // With rule both, the deficit travels with the category instead.
    await caller.budget.setRollover({ month: MONTH, categoryId: s.rent, rule: 'both' });
    const after = (await month(s.user, NEXT)).data;
    expect(after.categories.find((c) => c.categoryId === s.rent)?.carriedIn).toBe(-30);
    expect(after.toAssignParts.overspendingFromLastMonth).toBe(0);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('moves, covers, holds and undoes, each exactly', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 100 });
    await caller.expense.create({
      accountId: s.checking,
      amount: 30,
      description: 'Rent part',
      occurredOn: `${MONTH}-15`,
      categoryId: s.rent,
    });
    await expect(
      caller.budget.move({
        month: MONTH,
        fromCategoryId: s.groceries,
        toCategoryId: s.rent,
        amount: 100.01,
      }),
    ).rejects.toMatchObject({
      message: `Only 100.00 is available in ${await nameOf(s, s.groceries)} in ${MONTH}`,
    });
    const cover = await caller.budget.cover({
      month: MONTH,
      categoryId: s.rent,
      fromCategoryId: s.groceries,
    });
    expect(cover.data.action?.amount).toBe(30);
    let data = (await month(s.user)).data;
    expect(availableOf(data, s.rent)).toBe(0);
    expect(availableOf(data, s.groceries)).toBe(70);
    const hold = await caller.budget.hold({ month: MONTH, amount: 250 });
    data = (await month(s.user)).data;
    expect(data.toAssign).toBe(3000 - 100 - 250);
    expect((await month(s.user, NEXT)).data.toAssignParts.heldFromLastMonth).toBe(250);
    const holdId = hold.data.action?.id ?? '';
    const undone = await caller.budget.undo({ id: holdId });
    expect(undone.data.action?.kind).toBe('undo');
    expect((await month(s.user)).data.toAssign).toBe(2900);
    await expect(caller.budget.undo({ id: holdId })).rejects.toMatchObject({
      message: 'Already undone',
    });
    // Undoing the undo brings the hold back.
    await caller.budget.undo({ id: undone.data.action?.id ?? '' });
    expect((await month(s.user)).data.toAssign).toBe(2650);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('explains a category and To assign with the rows and entries that make them up', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 100 });
    await caller.expense.create({
      accountId: s.checking,
      amount: 12.34,
      description: 'Bread',
      occurredOn: `${MONTH}-02`,
      categoryId: s.groceries,
    });
    const explained = (await caller.budget.explain({ month: MONTH, categoryId: s.groceries })).data;
    expect(explained.available).toBe(87.66);
    const sum =
      explained.carriedIn.amount + explained.parts.reduce((total, p) => total + p.amount, 0);
    expect(Math.round(sum * 100)).toBe(8766);
    expect(explained.actions.map((a) => a.kind)).toEqual(['assign']);
    expect(explained.entries.shown.map((e) => [e.description, e.amount])).toEqual([
      ['Bread', -12.34],
    ]);
    const toAssign = (await caller.budget.explain({ month: MONTH })).data;
    expect(toAssign.available).toBe(2900);
    expect(toAssign.entries.shown.map((e) => e.description)).toEqual(['Pay']);
  });

  it('refuses what it cannot do, clearly, and changes nothing', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await expect(
      caller.budget.assign({ month: MONTH, categoryId: s.salary, assigned: 5 }),
    ).rejects.toMatchObject({ message: 'Only spending categories have a budget' });
    await expect(
      caller.budget.assign({ month: MONTH, categoryId: randomUUID(), assigned: 5 }),
    ).rejects.toMatchObject({ message: 'Category not found' });
    await expect(
      caller.budget.assign({ month: MONTH, categoryId: s.rent, assigned: 5.001 }),
    ).rejects.toMatchObject({ message: 'assigned must have at most two decimal places' });
    // Nothing to cover records nothing.
    const cover = await caller.budget.cover({
      month: MONTH,
      categoryId: s.rent,
      fromCategoryId: null,
    });
    expect(cover.data.action).toBeNull();
    const res = await t.rest(s.user, {
      method: 'GET',
      url: '/api/budget?month=2026-13',
    });
    expect(res.statusCode).toBe(400);
    // Another person's category is not found for them.
    const other = await t.signUp();
    await expect(
      t.caller(other).budget.assign({ month: MONTH, categoryId: s.rent, assigned: 5 }),
    ).rejects.toMatchObject({ message: 'Category not found' });
    expect((await month(s.user)).data.toAssign).toBe(3000);
    expect((await t.caller(s.user).budget.history({})).data.items).toEqual([]);
  });

  it('sets goals, fills the month from them, and lists their progress', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    expect((await caller.budget.goals({ month: MONTH })).data).toEqual({
      month: MONTH,
      currency: 'USD',
      goals: [],
    });
    // 1,200 by June, set in March: 300 a month.
    await caller.budget.setGoal({
      categoryId: s.groceries,
      kind: 'by-date',
      amount: 1200,
      targetMonth: '2026-06',
    });
    await caller.budget.setGoal({ categoryId: s.rent, kind: 'monthly', amount: 1500 });
    await expect(
      caller.budget.setGoal({ categoryId: s.salary, kind: 'monthly', amount: 10 }),
    ).rejects.toMatchObject({ message: 'Only spending categories have a budget' });
    const before = (await month(s.user)).data;
    expect(before.categories.find((c) => c.categoryId === s.groceries)?.goal).toMatchObject({
      kind: 'by-date',
      amount: 1200,
      targetMonth: '2026-06',
      needed: 300,
      funded: 0,
      status: 'pending',
    });
    const filled = await caller.budget.fillFromGoals({ month: MONTH });
    expect(filled.data.actions.map((a) => [a.categoryId, a.amount])).toEqual([
      [s.groceries, 300],
      [s.rent, 1500],
    ]);
    const after = (await month(s.user)).data;
    expect(after.toAssign).toBe(1200);
    expect(after.categories.find((c) => c.categoryId === s.rent)?.goal?.status).toBe('completed');
    // Nothing more to fill; each filled amount is an assignment of its own, undoable alone.
    expect((await caller.budget.fillFromGoals({ month: MONTH })).data.actions).toEqual([]);
    await caller.budget.undo({ id: filled.data.actions[0]?.id ?? '' });
    expect((await month(s.user)).data.toAssign).toBe(1500);
    // April: with March's 300 undone, all 1,200 is left over three months.
    const goals = (await caller.budget.goals({ month: NEXT })).data.goals;
    expect(goals.map((g) => [g.categoryId, g.needed])).toEqual([
      [s.groceries, 400],
      [s.rent, 1500],
    ]);
    await caller.budget.deleteGoal({ categoryId: s.rent });
    await expect(caller.budget.deleteGoal({ categoryId: s.rent })).rejects.toMatchObject({
      message: 'This category has no goal',
    });
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('keeps listing money assigned to a category that moved into an income group', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 70 });
    const income = (await caller.category.list({})).data.find((g) => g.kind === 'income');
    await caller.category.update({ id: s.groceries, groupId: income?.id ?? '' });
    const data = (await month(s.user)).data;
    expect(availableOf(data, s.groceries)).toBe(70);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('reads plan against actual: budgeted and spent per category and month, as the grid has them', async () => {
    const s = await setUp();
    const caller = t.caller(s.user);
    await caller.budget.assign({ month: MONTH, categoryId: s.groceries, assigned: 100 });
    await caller.budget.assign({ month: NEXT, categoryId: s.groceries, assigned: 50.25 });
    await caller.budget.move({
      month: NEXT,
      fromCategoryId: s.groceries,
      toCategoryId: s.rent,
      amount: 20,
    });
    await caller.expense.create({
      accountId: s.checking,
      amount: 130.1,
      description: 'Shop',
      occurredOn: `${NEXT}-03`,
      categoryId: s.groceries,
    });
    await caller.entry.create({
      accountId: s.checking,
      type: 'deposit',
      amount: 10,
      description: 'Refund',
      occurredOn: `${NEXT}-04`,
      categoryId: s.groceries,
    } as never);
    const plan = (await caller.budget.plan({ from: '2026-02', to: NEXT })).data;
    expect(plan.months).toEqual(['2026-02', MONTH, NEXT]);
    const groceries = plan.categories.find((c) => c.categoryId === s.groceries);
    expect(groceries?.months).toEqual([
      { month: '2026-02', budgeted: 0, spent: 0, difference: 0 },
      { month: MONTH, budgeted: 100, spent: 0, difference: 100 },
      { month: NEXT, budgeted: 30.25, spent: 120.1, difference: -89.85 },
    ]);
    expect(groceries).toMatchObject({ budgeted: 130.25, spent: 120.1, difference: 10.15 });
    // The same figures as the grid's Assigned and Activity of each month.
    for (const m of [MONTH, NEXT]) {
      const grid = (await month(s.user, m)).data;
      for (const row of grid.categories) {
        const cell = plan.categories
          .find((c) => c.categoryId === row.categoryId)
          ?.months.find((x) => x.month === m);
        expect(cell).toMatchObject({ budgeted: row.assigned, spent: 0 - row.activity });
      }
    }
    expect(plan.totals).toMatchObject({ budgeted: 150.25, spent: 120.1, difference: 30.15 });
    expect(plan.categories.some((c) => c.categoryId === s.salary)).toBe(false);

    // Over REST, and refused clearly when the period runs backwards or is too long.
    const rest = await t.rest(s.user, {
      method: 'GET',
      url: `/api/budget/plan?from=${MONTH}&to=${NEXT}`,
    });
    expect(rest.statusCode).toBe(200);
    const backwards = await t.rest(s.user, {
      method: 'GET',
      url: `/api/budget/plan?from=${NEXT}&to=${MONTH}`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toContain('from must not be after to');
    const long = await t.rest(s.user, {
      method: 'GET',
      url: '/api/budget/plan?from=2024-01&to=2026-01',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('at most 24 months');
  });

  it('sums the marks of a book whose budget nobody reads, in the background sweep', async () => {
    const s = await setUp();
    await t.caller(s.user).expense.create({
      accountId: s.checking,
      amount: 12.34,
      description: 'Unread',
      occurredOn: `${NEXT}-02`,
      categoryId: s.groceries,
    });
    const marks = () =>
      t.database.db
        .selectFrom('budget_dirty')
        .innerJoin('accounts', 'accounts.id', 'budget_dirty.account_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('budget_dirty.account_id', '=', s.checking)
        .executeTakeFirstOrThrow();
    expect(Number((await marks()).n)).toBeGreaterThan(0);
    expect(await sweepBudgetMarks(t.database.db, 1_000)).toBeGreaterThan(0);
    expect(Number((await marks()).n)).toBe(0);
    const summed = await t.database.db
      .selectFrom('budget_activity')
      .select(['category_id', 'base_cents'])
      .where('account_id', '=', s.checking)
      .where('month', '=', `${NEXT}-01`)
      .execute();
    expect(summed.map((r) => [r.category_id, Number(r.base_cents)])).toEqual([
      [s.groceries, -1234],
    ]);
    expect(await budgetViolations(t, s.user, [MONTH, NEXT])).toEqual([]);
  });

  it('answers over REST at the documented paths', async () => {
    const s = await setUp();
    const assign = await t.rest(s.user, {
      method: 'POST',
      url: '/api/budget/assign',
      payload: { month: MONTH, categoryId: s.groceries, assigned: 10 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(assign.statusCode).toBe(200);
    const id = assign.json<{ data: { action: { id: string } } }>().data.action.id;
    const read = await t.rest(s.user, { method: 'GET', url: `/api/budget?month=${MONTH}` });
    expect(read.json<{ data: { toAssign: number } }>().data.toAssign).toBe(2990);
    const undo = await t.rest(s.user, {
      method: 'POST',
      url: `/api/budget/actions/${id}/undo`,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(undo.statusCode).toBe(200);
    const history = await t.rest(s.user, {
      method: 'GET',
      url: `/api/budget/actions?month=${MONTH}`,
    });
    const items = history.json<{ data: { items: { kind: string; counts: boolean }[] } }>().data
      .items;
    expect(items.map((i) => [i.kind, i.counts])).toEqual([
      ['undo', true],
      ['assign', false],
    ]);
  });
});

async function nameOf(s: Setup, categoryId: string): Promise<string> {
  const groups = (await t.caller(s.user).category.list({})).data;
  for (const g of groups) for (const c of g.categories) if (c.id === categoryId) return c.name;
  throw new Error('no such category');
}
