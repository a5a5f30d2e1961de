import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { budgetViolations } from '../helpers/budget-invariants.js';
import { copyOf, restore, snapshotDatabase } from '../helpers/restore-fixtures.js';
import { RESTORE_ITEMS_MAX, type BookExport } from '../../src/shared/schemas/book-export.js';
import { parseRestoreInput } from '../../src/server/features/export/restore-input.js';

/**
 * The budget in the book file (docs/analytics.md#full-export-and-restore, docs/budgets.md): each
 * account's onBudget and the whole budget log travel, so a restored book shows every month's
 * figures and the log as the original did, and its undo chains go on working; a file written
 * before budgets restores the default onBudget and an empty log; a log that does not hold
 * together is refused whole, writing nothing.
 */

const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04'];
const MISSING = '00000000-0000-4000-8000-000000000000';

type Action = NonNullable<BookExport['budgetActions']>[number];

let t: TestApp;
let owner: TestUser;
let file: BookExport;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const caller = t.caller(owner);
  const groups = (await caller.category.list({})).data;
  const spending = groups.find((g) => g.kind === 'spending');
  const income = groups.find((g) => g.kind === 'income');
  if (!spending || !income) throw new Error('default groups missing');
  const make = async (groupId: string, name: string) =>
    (await caller.category.create({ groupId, name })).data.id;
  const food = await make(spending.id, 'Food envelope');
  const housing = await make(spending.id, 'Housing envelope');
  const fun = await make(spending.id, 'Fun envelope');
  const salary = await make(income.id, 'Salary envelope');

  const account = async (title: string, fields: object) =>
    (await caller.account.create({ title, ...fields })).data.id;
  const checking = await account('Checking', { type: 'checking' });
  const savings = await account('Savings', { type: 'savings' });
  // Tracking only by choice (a savings account is on budget by default), and a loan by default.
  const brokerage = await account('Brokerage', { type: 'savings', onBudget: false });
  const loan = await account('Loan', { type: 'loan' });

  const entry = (fields: object) => caller.entry.create(fields as never);
  await entry({
    accountId: checking,
    type: 'deposit',
    amount: 3000,
    description: 'Pay',
    occurredOn: '2026-01-01',
    categoryId: salary,
  });
  await entry({
    accountId: checking,
    type: 'expense',
    amount: 450,
    description: 'Shop',
    occurredOn: '2026-01-10',
    categoryId: food,
  });
  await entry({
    accountId: checking,
    type: 'expense',
    amount: 30,
    description: 'Film',
    occurredOn: '2026-01-12',
    categoryId: fun,
  });
  await caller.transfer.create({
    fromAccountId: checking,
    toAccountId: savings,
    amount: 500,
    occurredOn: '2026-01-15',
  });
  await entry({
    accountId: checking,
    type: 'deposit',
    amount: 3000,
    description: 'Pay',
    occurredOn: '2026-02-01',
    categoryId: salary,
  });
  await caller.transfer.create({
    fromAccountId: checking,
    toAccountId: brokerage,
    amount: 200,
    occurredOn: '2026-02-03',
  });
  await entry({
    accountId: brokerage,
    type: 'deposit',
    amount: 1000,
    description: 'Gains',
    occurredOn: '2026-02-05',
  });
  await entry({
    accountId: checking,
    type: 'expense',
    amount: 1600.55,
    description: 'Rent',
    occurredOn: '2026-02-10',
    categoryId: housing,
  });
  await entry({
    accountId: savings,
    type: 'expense',
    amount: 120.4,
    description: 'Market',
    occurredOn: '2026-02-12',
    categoryId: food,
  });
  await entry({
    accountId: loan,
    type: 'deposit',
    amount: 999,
    description: 'Loan',
    occurredOn: '2026-02-11',
  });

  const b = caller.budget;
  const id = (answer: { data: { action: { id: string } | null } }) => {
    if (!answer.data.action) throw new Error('the action recorded nothing');
    return answer.data.action.id;
  };
  await b.assign({ month: '2026-01', categoryId: food, assigned: 400 });
  await b.assign({ month: '2026-01', categoryId: housing, assigned: 1500 });
  await b.assign({ month: '2026-01', categoryId: fun, assigned: 200 });
  await b.move({ month: '2026-01', fromCategoryId: housing, toCategoryId: fun, amount: 20 });
  // Food is 50 over: Fun covers it.
  const cover = await b.cover({ month: '2026-01', categoryId: food, fromCategoryId: fun });
  expect(cover.data.action?.amount).toBe(50);
  await b.hold({ month: '2026-01', amount: 300 });
  await b.setRollover({ month: '2026-01', categoryId: housing, rule: 'capped', cap: 100 });
  await b.setRollover({ month: '2026-02', categoryId: fun, rule: 'none' });
  // An undone action.
  await b.undo({ id: id(await b.assign({ month: '2026-02', categoryId: food, assigned: 350 })) });
  // An undo of an undo: the move counts again.
  const moved = id(
    await b.move({ month: '2026-02', fromCategoryId: null, toCategoryId: fun, amount: 10 }),
  );
  const undo = id(await b.undo({ id: moved }));
  await b.undo({ id: undo });
  await b.assign({ month: '2026-02', categoryId: housing, assigned: 100.25 });
  // An undone rollover rule.
  await b.undo({
    id: id(await b.setRollover({ month: '2026-03', categoryId: food, rule: 'both' })),
  });
  // Goals of each kind, and a fill from them (assignments in the log).
  await b.setGoal({ categoryId: food, kind: 'monthly', amount: 400 });
  await b.setGoal({ categoryId: housing, kind: 'by-date', amount: 1200, targetMonth: '2026-06' });
  await b.setGoal({ categoryId: fun, kind: 'refill', amount: 150.5 });
  expect((await b.fillFromGoals({ month: '2026-03' })).data.actions.length).toBeGreaterThan(0);
  // A card with its payment envelope (docs/budgets.md#credit-cards): spending from Food moves
  // money there, a payment uses it, and the envelope has money assigned of its own.
  const visa = await account('Visa', { type: 'credit-card', creditLimit: 2000 });
  await b.setSettings({ cardEnvelopes: true });
  await entry({
    accountId: visa,
    type: 'expense',
    amount: 75.25,
    description: 'Card shop',
    occurredOn: '2026-03-08',
    categoryId: food,
  });
  await caller.transfer.create({
    fromAccountId: checking,
    toAccountId: visa,
    amount: 50,
    occurredOn: '2026-03-20',
  });
  await b.assign({ month: '2026-03', categoryId: visa, assigned: 20 });
  file = (await caller.bookData.export({})).data;
});
afterAll(() => t.close());

/** Every month's figures, categories, groups and cards by name (a restore renews ids). */
async function months(user: TestUser) {
  const caller = t.caller(user);
  const answers = [];
  for (const month of MONTHS) {
    const data = (await caller.budget.month({ month })).data;
    answers.push({
      ...data,
      categories: data.categories.map(({ categoryId: _c, groupId: _g, ...row }) => row),
      cards: data.cards.map(({ accountId: _a, ...row }) => row),
    });
  }
  return answers;
}

/** The whole log, oldest first, its ids as positions and its categories as names. */
async function history(user: TestUser) {
  const caller = t.caller(user);
  const names = new Map([
    ...(await caller.category.list({})).data.flatMap((g) =>
      g.categories.map((c) => [c.id, c.name] as const),
    ),
    // A card's payment envelope is named by the card's account id.
    ...(await caller.account.list({})).data.map((a) => [a.id, `card:${a.title}`] as const),
  ]);
  const items = [];
  for (let cursor: string | undefined; ;) {
    const page = (await caller.budget.history({ cursor })).data;
    items.push(...page.items);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  items.reverse();
  const at = new Map(items.map((item, i) => [item.id, i]));
  const place = (id: string | null) => (id === null ? null : names.get(id));
  return items.map((item) => ({
    ...item,
    id: at.get(item.id),
    categoryId: place(item.categoryId),
    fromCategoryId: place(item.fromCategoryId),
    undoesId: item.undoesId === null ? null : at.get(item.undoesId),
    undoneById: item.undoneById === null ? null : at.get(item.undoneById),
    actor: item.actor?.userId,
  }));
}

/** The file with every id a position of its list (groups and categories by name). */
function normalise(f: BookExport) {
  const names = new Map<string, string>();
  const group = new Map(f.categoryGroups.map((g) => [g.id, g.name]));
  f.accounts.forEach((a, i) => names.set(a.id, `account#${i}`));
  f.categoryGroups.forEach((g) => names.set(g.id, `group:${g.name}`));
  f.categories.forEach((c) => names.set(c.id, `category:${group.get(c.groupId) ?? '?'}/${c.name}`));
  f.entries.forEach((e, i) => {
    names.set(e.id, `entry#${i}`);
    if (e.transferId && !names.has(e.transferId)) names.set(e.transferId, `transfer@${i}`);
  });
  f.changes.forEach((c, i) => names.set(c.id, `change#${i}`));
  f.budgetActions?.forEach((a, i) => names.set(a.id, `action#${i}`));
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    }
    return value;
  };
  const renamed = rename({ ...f, exportedAt: 'x' }) as BookExport;
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return {
    ...renamed,
    categoryGroups: [...renamed.categoryGroups].sort(byId),
    categories: [...renamed.categories].sort(byId),
    splits: [...renamed.splits].sort((a, b) =>
      `${a.entryId}/${a.position}` < `${b.entryId}/${b.position}` ? -1 : 1,
    ),
    transfers: [...renamed.transfers].sort(byId),
  };
}

describe('the budget in the book file', () => {
  it('exports every account’s onBudget and every row of the log, amounts in cents', () => {
    expect(file.accounts.map((a) => [a.title, a.onBudget])).toEqual([
      ['Checking', true],
      ['Savings', true],
      ['Brokerage', false],
      ['Loan', false],
      ['Visa', true],
    ]);
    expect(file.book.cardEnvelopes).toBe(true);
    const visa = file.accounts.find((a) => a.title === 'Visa')?.id;
    expect(file.budgetActions?.at(-1)).toMatchObject({ categoryId: visa, amountCents: '2000' });
    const actions = file.budgetActions ?? [];
    expect(actions.slice(16).every((a) => a.kind === 'assign' && a.month === '2026-03')).toBe(true);
    expect(file.budgetGoals?.map((g) => [g.kind, g.amountCents, g.targetMonth])).toEqual([
      ['monthly', '40000', null],
      ['by-date', '120000', '2026-06'],
      ['refill', '15050', null],
    ]);
    expect(actions.slice(0, 16).map((a) => a.kind)).toEqual([
      'assign',
      'assign',
      'assign',
      'move',
      'cover',
      'hold',
      'rollover',
      'rollover',
      'assign',
      'undo',
      'move',
      'undo',
      'undo',
      'assign',
      'rollover',
      'undo',
    ]);
    expect(actions[0]).toMatchObject({ month: '2026-01', amountCents: '40000', rollover: null });
    expect(actions[6]).toMatchObject({
      kind: 'rollover',
      amountCents: '0',
      rollover: { rule: 'capped', capCents: '10000' },
    });
    expect(actions[13]?.amountCents).toBe('10025');
    // The undone assignment, and the move whose undo was undone.
    expect(actions[8]).toMatchObject({ counts: false, undoneById: actions[9]?.id });
    expect(actions[10]).toMatchObject({ counts: true, undoneById: actions[11]?.id });
    expect(actions[11]).toMatchObject({ undoesId: actions[10]?.id, undoneById: actions[12]?.id });
    expect(actions[12]).toMatchObject({ undoesId: actions[11]?.id, undoneById: null });
    expect(actions.some((a) => 'actor' in a)).toBe(false);
  });

  it('restores into an empty book: every month, the log and a second export as the original', async () => {
    const someone = await t.signUp();
    const res = await restore(t, someone, file);
    expect(res.statusCode, res.body).toBe(200);

    expect(await months(someone)).toEqual(await months(owner));
    const before = await history(owner);
    const after = await history(someone);
    expect(after.map((a) => a.actor)).toEqual(after.map(() => someone.id));
    expect(after.map((a) => ({ ...a, actor: owner.id }))).toEqual(before);
    expect(await budgetViolations(t, someone, MONTHS)).toEqual([]);
    const again = (await t.caller(someone).bookData.export({})).data;
    expect(normalise(again)).toEqual(normalise(file));

    // The undo chains go on: undoing the undo of the undo takes the move out again, in both.
    const last = async (user: TestUser) =>
      (await t.caller(user).budget.history({ month: '2026-02' })).data.items.find(
        (a) => a.kind === 'undo' && a.undoneById === null && a.undoesId !== null && a.amount > 0,
      )?.id as string;
    await t.caller(owner).budget.undo({ id: await last(owner) });
    await t.caller(someone).budget.undo({ id: await last(someone) });
    const [feb] = (await months(someone)).filter((m) => m.month === '2026-02');
    expect(await months(someone)).toEqual(await months(owner));
    expect(feb?.categories.find((c) => c.name === 'Fun envelope')?.assigned).toBe(0);
    // An action undone before is still undone: 409 as in the original.
    const undone = (await t.caller(someone).budget.history({ month: '2026-02' })).data.items.find(
      (a) => a.kind === 'assign' && !a.counts,
    );
    await expect(t.caller(someone).budget.undo({ id: undone?.id as string })).rejects.toMatchObject(
      { message: 'Already undone' },
    );
  });

  it('restores a file written before budgets: onBudget by type, an empty log', async () => {
    const old = copyOf(file);
    delete old.budgetActions;
    delete old.budgetGoals;
    for (const a of old.accounts) delete a.onBudget;
    delete old.book.cardEnvelopes;
    const someone = await t.signUp();
    const res = await restore(t, someone, old);
    expect(res.statusCode, res.body).toBe(200);
    const accounts = (await t.caller(someone).account.list({})).data;
    const byTitle = [...accounts].sort(
      (a, b) =>
        file.accounts.findIndex((f) => f.title === a.title) -
        file.accounts.findIndex((f) => f.title === b.title),
    );
    expect(byTitle.map((a) => [a.title, a.onBudget])).toEqual([
      ['Checking', true],
      ['Savings', true],
      ['Brokerage', true],
      ['Loan', false],
      ['Visa', true],
    ]);
    expect((await t.caller(someone).budget.settings({})).data.cardEnvelopes).toBe(false);
    expect((await t.caller(someone).budget.history({})).data.items).toEqual([]);
    const jan = (await t.caller(someone).budget.month({ month: '2026-01' })).data;
    expect(jan.totals.assigned).toBe(0);
    expect(jan.categories.every((c) => c.goal === null)).toBe(true);
    expect(await budgetViolations(t, someone, MONTHS)).toEqual([]);
  });

  it('refuses a log that does not hold together, whole, writing nothing', async () => {
    const someone = await t.signUp();
    const before = await snapshotDatabase(t.database.db);
    const actions = file.budgetActions ?? [];
    const at = (i: number) => actions[i] as Action;
    const goal = (i: number) =>
      file.budgetGoals?.[i] as NonNullable<BookExport['budgetGoals']>[number];
    const change = (edits: Record<number, Partial<Action>>): BookExport => ({
      ...file,
      budgetActions: actions.map((a, i) => ({ ...a, ...edits[i] })),
    });
    const broken: [string, BookExport, number, RegExp][] = [
      [
        'an assignment to a category not in the file',
        change({ 0: { categoryId: MISSING } }),
        422,
        /budget action .* names a category the file does not have/,
      ],
      [
        'a move from a category not in the file',
        change({ 3: { fromCategoryId: MISSING } }),
        422,
        /budget action .* names a category the file does not have/,
      ],
      [
        'an undo of a missing action',
        change({ 8: { undoneById: null, counts: true }, 9: { undoesId: MISSING } }),
        422,
        /undoes a missing action/,
      ],
      [
        'an undo the action it undoes does not name',
        change({ 8: { undoneById: null, counts: true } }),
        422,
        /do not name each other/,
      ],
      [
        'an undone action that counts',
        change({ 8: { counts: true } }),
        422,
        /counts although it is undone/,
      ],
      [
        'an action counted out with no undo',
        change({ 0: { counts: false } }),
        422,
        /does not count although it is not undone/,
      ],
      [
        'an undo before the action it undoes',
        { ...file, budgetActions: [at(9), ...actions.filter((_, i) => i !== 9)] },
        422,
        /undoes an action recorded after it/,
      ],
      [
        'a hold in a category',
        change({ 5: { categoryId: at(0).categoryId } }),
        422,
        /a hold names no category/,
      ],
      [
        'a move out of and into one place',
        change({ 3: { fromCategoryId: at(3).categoryId } }),
        422,
        /two different places/,
      ],
      [
        'two rows with one id',
        change({ 1: { id: at(0).id } }),
        422,
        /two budget actions have the same id/,
      ],
      [
        'a rollover row without a rule',
        change({ 6: { rollover: null } }),
        400,
        /only one, has a rule/,
      ],
      [
        'a cap without the rule capped',
        change({ 7: { rollover: { rule: 'none', capCents: '5' } } }),
        400,
        /A cap goes with the rule capped/,
      ],
      [
        'an undo that undoes nothing',
        change({ 9: { undoesId: null } }),
        400,
        /names the row it undoes/,
      ],
      [
        'an amount past the column',
        change({ 0: { amountCents: '200000000001' } }),
        400,
        /amountCents must be whole cents/,
      ],
      [
        'a month that is not one',
        change({ 0: { month: '2026-13' } }),
        400,
        /month must be a month like 2026-11/,
      ],
      [
        'a kind the log does not have',
        change({ 0: { kind: 'refill' as Action['kind'] } }),
        400,
        /budgetActions/,
      ],
      [
        'a goal of a category not in the file',
        { ...file, budgetGoals: [{ ...goal(0), categoryId: MISSING }] },
        422,
        /a budget goal names a category the file does not have/,
      ],
      [
        'two goals of one category',
        { ...file, budgetGoals: [goal(0), { ...goal(1), categoryId: goal(0).categoryId }] },
        422,
        /a category has two budget goals/,
      ],
      [
        'a by-date goal without its month',
        { ...file, budgetGoals: [{ ...goal(1), targetMonth: null }] },
        400,
        /A target month goes with a by-date goal/,
      ],
    ];
    const missing = await restore(t, someone, change({ 0: { categoryId: MISSING } }));
    expect(missing.json().message).toBe(
      `The file cannot be restored: budget action ${at(0).id} names a category the file does not have`,
    );
    for (const [label, bad, status, message] of broken) {
      const res = await restore(t, someone, bad);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      // 422: the message says it; 400: the message or the issues' paths and messages.
      expect(res.body, label).toMatch(message);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('refuses a list longer than RESTORE_ITEMS_MAX before reading its rows', async () => {
    const raw = {
      file: { ...file, budgetActions: new Array(RESTORE_ITEMS_MAX.budgetActions + 1).fill(0) },
    };
    const error = await parseRestoreInput(raw).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((i) => i.message)).toEqual([
      `A file holds at most ${RESTORE_ITEMS_MAX.budgetActions} budget actions`,
    ]);
  });

  it('counts a budget log as data: a book with a hold alone is not empty', async () => {
    const held = await t.signUp();
    await t.caller(held).budget.hold({ month: '2026-01', amount: 10 });
    const before = await snapshotDatabase(t.database.db);
    const res = await restore(t, held, file);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This book is not empty/);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('undoes the budget rows a restore wrote when it fails after them', async () => {
    const someone = await t.signUp();
    // A fault injected in the database: the undo marks fail, once every row of the log is in.
    await sql
      .raw(
        `CREATE FUNCTION restore_budget_boom() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'boom'; END $$`,
      )
      .execute(t.database.db);
    await sql
      .raw(
        `CREATE TRIGGER restore_budget_boom BEFORE UPDATE ON budget_actions
         FOR EACH ROW EXECUTE FUNCTION restore_budget_boom()`,
      )
      .execute(t.database.db);
    try {
      const before = await snapshotDatabase(t.database.db);
      const res = await restore(t, someone, file);
      expect(res.statusCode).toBe(500);
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    } finally {
      await sql.raw('DROP TRIGGER restore_budget_boom ON budget_actions').execute(t.database.db);
      await sql.raw('DROP FUNCTION restore_budget_boom()').execute(t.database.db);
    }
    const retry = await restore(t, someone, file);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await history(someone)).length).toBe(file.budgetActions?.length);
  });
});
