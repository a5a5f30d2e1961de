import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetBudgetHistories } from '../../src/server/features/budget/budget-history.js';
import { budgetViolations } from '../helpers/budget-invariants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * The ledger's property test, with budget actions in its random sequences (docs/budgets.md,
 * docs/testing.md): deposits, expenses (some split), refunds, transfers, deletions and undos of
 * entries, accounts taken on and off the budget, card payment envelopes turned on and off, the
 * book's budget periods changed,
 * and assignments, moves, covers, holds, rollover rules and undos of budget actions (the card's
 * envelope a place as a category is), through REST and tRPC in turn. After every step the envelope
 * identity holds in every month against the ledger itself; after every undo of a budget action
 * every month's figures are exactly what they were before that action.
 */

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'] as const;
/**
 * Budget periods a step may switch to: calendar months, and starts on the days entries fall on
 * (the 15th, splits on the 3rd) or moved off a weekend (docs/budgets.md#budget-periods).
 */
const PERIOD_RULES = [
  { startDay: 1, weekend: 'keep' },
  { startDay: 25, weekend: 'before' },
  { startDay: 15, weekend: 'after' },
  { startDay: 3, weekend: 'keep' },
] as const;
const CHECKED = [...MONTHS, '2026-05'];

type Step =
  | {
      op: 'deposit' | 'expense' | 'refund';
      account: number;
      category: number;
      month: number;
      cents: number;
    }
  | { op: 'split'; account: number; month: number; cents: number }
  | { op: 'transfer'; from: number; to: number; month: number; cents: number }
  | { op: 'deleteEntry'; pick: number }
  | { op: 'undoEntry'; pick: number }
  | { op: 'toggleBudget'; account: number }
  | { op: 'toggleCardEnvelopes' }
  | { op: 'setPeriods'; rule: number }
  | { op: 'assign'; category: number; month: number; cents: number }
  | { op: 'move'; from: number; to: number; month: number; cents: number }
  | { op: 'cover'; category: number; from: number; month: number }
  | { op: 'hold'; month: number; cents: number }
  | { op: 'rollover'; category: number; month: number; rule: number; cents: number }
  | { op: 'undoBudget'; pick: number };

const account = fc.integer({ min: 0, max: 2 });
const category = fc.integer({ min: 0, max: 2 });
/** A category, or (3) the card's payment envelope. */
const place = fc.integer({ min: 0, max: 3 });
/** -1 stands for To assign where a step may name it. */
const placeOrToAssign = fc.integer({ min: -1, max: 3 });
const month = fc.integer({ min: 0, max: MONTHS.length - 1 });
const cents = fc.integer({ min: 1, max: 200_000 });
const pick = fc.nat();

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('deposit' as const), account, category, month, cents }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('expense' as const), account, category, month, cents }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('refund' as const), account, category, month, cents }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('split' as const),
      account,
      month,
      cents: fc.integer({ min: 2, max: 50_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      from: account,
      to: account,
      month,
      cents,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteEntry' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('undoEntry' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('toggleBudget' as const), account }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('toggleCardEnvelopes' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('setPeriods' as const),
      rule: fc.integer({ min: 0, max: PERIOD_RULES.length - 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('assign' as const),
      category: place,
      month,
      cents: fc.integer({ min: 0, max: 200_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('move' as const),
      from: placeOrToAssign,
      to: placeOrToAssign,
      month,
      cents,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('cover' as const),
      category: place,
      from: placeOrToAssign,
      month,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('hold' as const),
      month,
      cents: fc.integer({ min: 0, max: 100_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('rollover' as const),
      category,
      month,
      rule: fc.integer({ min: 0, max: 3 }),
      cents: fc.integer({ min: 0, max: 50_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('undoBudget' as const), pick }) },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Book {
  user: TestUser;
  accounts: string[];
  onBudget: boolean[];
  cardEnvelopes: boolean;
  categories: string[];
  income: string;
  entries: string[];
  changes: string[];
  actions: string[];
}

async function newBook(): Promise<Book> {
  const user = await t.signUp();
  const caller = t.caller(user);
  const groups = (await caller.category.list({})).data;
  const spending = groups.find((g) => g.kind === 'spending');
  const income = groups.find((g) => g.kind === 'income');
  if (!spending || !income) throw new Error('default groups missing');
  const categories: string[] = [];
  // Names of their own: the book's default categories hold the common ones.
  const tag = randomUUID().slice(0, 6);
  for (const name of ['Food', 'Home', 'Fun']) {
    categories.push(
      (await caller.category.create({ groupId: spending.id, name: `${name} ${tag}` })).data.id,
    );
  }
  const salary = (await caller.category.create({ groupId: income.id, name: `Wages ${tag}` })).data
    .id;
  const accounts: string[] = [];
  for (const [title, type] of [
    ['Checking', 'checking'],
    ['Card', 'credit-card'],
    ['Loan', 'loan'],
  ] as const) {
    accounts.push((await caller.account.create({ title, type, creditLimit: 1_000_000 })).data.id);
  }
  await t
    .caller(user, { idempotencyKey: randomUUID() })
    .budget.setSettings({ cardEnvelopes: true });
  return {
    user,
    accounts,
    onBudget: [true, true, false],
    cardEnvelopes: true,
    categories,
    income: salary,
    entries: [],
    changes: [],
    actions: [],
  };
}

const units = (c: number) => c / 100;
const monthDay = (m: number, day = 15) => `${MONTHS[m]}-${String(day).padStart(2, '0')}`;

/** Every figure of every checked month, for comparing before and after an undo. */
async function snapshot(book: Book): Promise<string> {
  const caller = t.caller(book.user);
  const months = [];
  for (const m of CHECKED) {
    const data = (await caller.budget.month({ month: m })).data;
    months.push({
      toAssign: data.toAssign,
      parts: data.toAssignParts,
      cards: data.cards,
      categories: data.categories.map((c) => [
        c.categoryId,
        c.carriedIn,
        c.assigned,
        c.activity,
        c.available,
        c.rollover,
      ]),
    });
  }
  return JSON.stringify(months);
}

/** Runs one step; refusals a person could meet (422, 409) are part of the sequence. */
async function run(book: Book, s: Step, door: 'rest' | 'trpc'): Promise<void> {
  const caller = t.caller(book.user, { idempotencyKey: randomUUID() });
  // 3: the card's payment envelope (its account's id).
  const placeId = (i: number) =>
    i === 3 ? (book.accounts[1] ?? null) : (book.categories[i] ?? null);
  const place = (i: number) => (i < 0 ? null : placeId(i));
  // `gone`: the entry may have been deleted by an earlier step (or its creation undone).
  const tolerate = async (work: () => Promise<unknown>, gone = false) => {
    try {
      await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const expected = ['UNPROCESSABLE_CONTENT', 'CONFLICT', ...(gone ? ['NOT_FOUND'] : [])];
      if (code === undefined || !expected.includes(code)) throw error;
    }
  };
  switch (s.op) {
    case 'deposit':
    case 'expense':
    case 'refund': {
      const type = s.op === 'expense' ? 'expense' : 'deposit';
      const categoryId = s.op === 'deposit' ? book.income : book.categories[s.category];
      const body = {
        accountId: book.accounts[s.account],
        type,
        amount: units(s.cents),
        description: s.op,
        occurredOn: monthDay(s.month),
        categoryId,
      };
      if (door === 'rest') {
        const res = await t.rest(book.user, {
          method: 'POST',
          url: '/api/transactions',
          payload: body,
          headers: { 'idempotency-key': randomUUID() },
        });
        if (res.statusCode === 200) {
          const data = res.json<{ data: { transaction: { id: string }; changeId: string } }>().data;
          book.entries.push(data.transaction.id);
          book.changes.push(data.changeId);
        } else expect([422]).toContain(res.statusCode);
      } else {
        await tolerate(async () => {
          const data = (await caller.entry.create(body as never)).data as {
            transaction: { id: string };
            changeId: string;
          };
          book.entries.push(data.transaction.id);
          book.changes.push(data.changeId);
        });
      }
      return;
    }
    case 'split': {
      const first = Math.floor(s.cents / 2);
      await tolerate(async () => {
        const data = (
          await caller.entry.create({
            accountId: book.accounts[s.account],
            type: 'expense',
            amount: units(s.cents),
            description: 'split',
            occurredOn: monthDay(s.month, 3),
            splits: [
              { categoryId: book.categories[0], amount: units(first) },
              { categoryId: book.categories[1], amount: units(s.cents - first) },
            ],
          } as never)
        ).data as { transaction: { id: string }; changeId: string };
        book.entries.push(data.transaction.id);
        book.changes.push(data.changeId);
      });
      return;
    }
    case 'transfer':
      if (s.from === s.to) return;
      await tolerate(async () => {
        const data = (
          await caller.transfer.create({
            fromAccountId: book.accounts[s.from],
            toAccountId: book.accounts[s.to],
            amount: units(s.cents),
            occurredOn: monthDay(s.month, 20),
          } as never)
        ).data as { changeId: string };
        book.changes.push(data.changeId);
      });
      return;
    case 'deleteEntry': {
      const id = book.entries[s.pick % Math.max(book.entries.length, 1)];
      if (id === undefined) return;
      await tolerate(async () => {
        const data = (await caller.entry.delete({ id })).data as { changeId: string };
        book.changes.push(data.changeId);
      }, true);
      return;
    }
    case 'undoEntry': {
      const id = book.changes[s.pick % Math.max(book.changes.length, 1)];
      if (id === undefined) return;
      await tolerate(() => caller.change.undo({ id }));
      return;
    }
    case 'setPeriods': {
      const rule = PERIOD_RULES[s.rule] ?? PERIOD_RULES[0];
      await caller.budget.setSettings({
        periodStartDay: rule.startDay,
        periodWeekend: rule.weekend,
      });
      return;
    }
    case 'toggleCardEnvelopes': {
      book.cardEnvelopes = !book.cardEnvelopes;
      await caller.budget.setSettings({ cardEnvelopes: book.cardEnvelopes });
      return;
    }
    case 'toggleBudget': {
      const onBudget = !book.onBudget[s.account];
      await caller.account.update({
        id: book.accounts[s.account],
        title: `Account ${s.account}`,
        onBudget,
      } as never);
      book.onBudget[s.account] = onBudget;
      return;
    }
    case 'assign':
    case 'move':
    case 'cover':
    case 'hold':
    case 'rollover': {
      const input =
        s.op === 'assign'
          ? {
              month: MONTHS[s.month],
              categoryId: placeId(s.category),
              assigned: units(s.cents),
            }
          : s.op === 'move'
            ? {
                month: MONTHS[s.month],
                fromCategoryId: place(s.from),
                toCategoryId: place(s.to),
                amount: units(s.cents),
              }
            : s.op === 'cover'
              ? {
                  month: MONTHS[s.month],
                  categoryId: placeId(s.category),
                  fromCategoryId: place(s.from),
                }
              : s.op === 'hold'
                ? { month: MONTHS[s.month], amount: units(s.cents) }
                : {
                    month: MONTHS[s.month],
                    categoryId: book.categories[s.category],
                    rule: (['surplus', 'both', 'none', 'capped'] as const)[s.rule],
                    ...(s.rule === 3 && { cap: units(s.cents) }),
                  };
      // The card's envelope is no place while envelopes are off and it holds nothing: 404.
      const namesCard = [
        'category' in s ? s.category : -1,
        'from' in s ? s.from : -1,
        'to' in s ? s.to : -1,
      ].includes(3);
      const refusals = namesCard && s.op !== 'rollover' ? [404, 422] : [422];
      const path = {
        assign: 'assign',
        move: 'move',
        cover: 'cover',
        hold: 'hold',
        rollover: 'rollover',
      }[s.op];
      if (door === 'rest') {
        const res = await t.rest(book.user, {
          method: s.op === 'hold' || s.op === 'rollover' ? 'PUT' : 'POST',
          url: `/api/budget/${path}`,
          payload: input,
          headers: { 'idempotency-key': randomUUID() },
        });
        if (res.statusCode === 200) {
          const action = res.json<{ data: { action: { id: string } | null } }>().data.action;
          if (action) book.actions.push(action.id);
        } else expect(refusals, res.body).toContain(res.statusCode);
        return;
      }
      const procedure = {
        assign: caller.budget.assign,
        move: caller.budget.move,
        cover: caller.budget.cover,
        hold: caller.budget.hold,
        rollover: caller.budget.setRollover,
      }[s.op] as (input: unknown) => Promise<{ data: { action: { id: string } | null } }>;
      await tolerate(async () => {
        const action = (await procedure(input)).data.action;
        if (action) book.actions.push(action.id);
      }, refusals.includes(404));
      return;
    }
    case 'undoBudget': {
      const id = book.actions[s.pick % Math.max(book.actions.length, 1)];
      if (id === undefined) return;
      const before = await snapshot(book);
      const history = (await t.caller(book.user).budget.history({})).data.items;
      const target = history.find((row) => row.id === id);
      if (target === undefined || target.undoneById !== null) {
        await expect(caller.budget.undo({ id })).rejects.toMatchObject({
          message: 'Already undone',
        });
        return;
      }
      const undone = (await caller.budget.undo({ id })).data.action;
      if (undone) book.actions.push(undone.id);
      // Undoing it again (the undo's undo) must give back exactly the figures before the undo.
      if (undone) {
        const again = (
          await t.caller(book.user, { idempotencyKey: randomUUID() }).budget.undo({ id: undone.id })
        ).data.action;
        expect(await snapshot(book)).toBe(before);
        if (again) book.actions.push(again.id);
      }
      return;
    }
  }
}

describe(`budget property (${testBackend})`, () => {
  it('keeps the envelope identity after every step, and an undo restores every figure exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
        const book = await newBook();
        let door: 'rest' | 'trpc' = 'trpc';
        for (const s of steps) {
          await run(book, s, door);
          door = door === 'rest' ? 'trpc' : 'rest';
          const problems = await budgetViolations(t, book.user, CHECKED);
          expect(problems, JSON.stringify(s)).toEqual([]);
          // What the server kept is what it would read from nothing (docs/budgets.md#speed).
          const kept = await snapshot(book);
          forgetBudgetHistories();
          expect(await snapshot(book), JSON.stringify(s)).toBe(kept);
        }
      }),
      { numRuns: testBackend === 'postgres' ? 12 : 16, interruptAfterTimeLimit: 60_000 },
    );
  }, 150_000);

  it('an action followed by its undo leaves every month as it was', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.constantFrom<Step['op']>('assign', 'move', 'cover', 'hold', 'rollover'),
        fc.record({
          category,
          other: placeOrToAssign,
          month,
          cents,
          rule: fc.integer({ min: 0, max: 3 }),
        }),
        async (setup, op, args) => {
          const book = await newBook();
          for (const s of setup) await run(book, s, 'trpc');
          const before = await snapshot(book);
          const known = book.actions.length;
          const s: Step =
            op === 'assign'
              ? { op, category: args.category, month: args.month, cents: args.cents }
              : op === 'move'
                ? { op, from: args.other, to: args.category, month: args.month, cents: args.cents }
                : op === 'cover'
                  ? { op, category: args.category, from: args.other, month: args.month }
                  : op === 'hold'
                    ? { op, month: args.month, cents: args.cents }
                    : {
                        op: 'rollover',
                        category: args.category,
                        month: args.month,
                        rule: args.rule,
                        cents: args.cents,
                      };
          await run(book, s, 'rest');
          const added = book.actions[known];
          if (added === undefined) return;
          await t.caller(book.user, { idempotencyKey: randomUUID() }).budget.undo({ id: added });
          expect(await snapshot(book)).toBe(before);
        },
      ),
      { numRuns: testBackend === 'postgres' ? 10 : 12, interruptAfterTimeLimit: 40_000 },
    );
  }, 120_000);
});
