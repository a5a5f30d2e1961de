import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOORS, type Door } from '../helpers/doors.js';
import { okData, restData, categoryIdByName } from '../helpers/set-up-steps.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

// Rules on entries added by hand (docs/import.md#rules): the book's setting, off by default,
// lets the first matching enabled rule fill what the person left empty, through every door.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The setting through the door under test: PATCH /api/book or book.update. */
async function setApplyRules(door: Door['name'], user: TestUser, on: boolean) {
  if (door === 'rest') {
    return restData(t, user, 'PATCH', '/api/book', { applyRulesToManualEntries: on });
  }
  return (await t.caller(user).book.update({ applyRulesToManualEntries: on })).data;
}

const starbucksRule = (coffee: string, extra: object = {}) => ({
  name: 'Coffee',
  match: { field: 'description', operator: 'contains', value: 'starbucks' },
  set: { categoryId: coffee, payee: 'Starbucks', tags: ['treats'] },
  ...extra,
});

describe.each(DOORS)('rules on entries added by hand, through %s', (doorName, makeDoor) => {
  let user: TestUser;
  let api: Door;
  let coffee: string;
  let wallet: string;

  beforeAll(async () => {
    user = await t.signUp();
    api = makeDoor(t, user);
    coffee = await categoryIdByName(t, user, 'Coffee');
    wallet = okData(await api.createAccount({ title: 'Wallet' })).id;
    okData(await api.deposit(wallet, { amount: 500, description: 'Opening' }));
  });

  /** Each test starts with the setting off and no rules. */
  async function fresh() {
    await setApplyRules(doorName, user, false);
    for (const rule of await restData(t, user, 'GET', '/api/rules')) {
      await restData(t, user, 'DELETE', `/api/rules/${rule.id}`);
    }
  }

  it('leaves entries alone while the setting is off (the default)', async () => {
    await fresh();
    expect(await restData(t, user, 'GET', '/api/book')).toMatchObject({
      applyRulesToManualEntries: false,
    });
    await restData(t, user, 'POST', '/api/rules', starbucksRule(coffee));
    const created = okData(
      await api.createExpense({ accountId: wallet, amount: 4.5, description: 'Starbucks latte' }),
    );
    expect(created.ruleId).toBeNull();
    expect(created.transaction).toMatchObject({ categoryId: null, payee: '', tags: [] });
  });

  it('fills empty fields on every kind of entry when the setting is on; money untouched', async () => {
    await fresh();
    expect(await setApplyRules(doorName, user, true)).toMatchObject({
      applyRulesToManualEntries: true,
    });
    const rule = await restData(t, user, 'POST', '/api/rules', starbucksRule(coffee));
    const filled = { categoryId: coffee, payee: 'Starbucks', tags: ['treats'] };
    const card = okData(await api.createAccount({ title: 'Card' })).id;
    okData(await api.deposit(card, { amount: 500, description: 'Opening' }));

    const expense = okData(
      await api.createExpense({ accountId: card, amount: 4.5, description: 'STARBUCKS #12' }),
    );
    expect(expense.ruleId).toBe(rule.id);
    expect(expense.transaction).toMatchObject({ ...filled, amount: 4.5 });
    expect(expense.account.balance).toBe(495.5);

    const noAccount = okData(await api.createExpense({ amount: 3, description: 'Starbucks cash' }));
    expect(noAccount).toMatchObject({ ruleId: rule.id, transaction: filled });

    const withdrawal = okData(
      await api.withdraw(card, { amount: 10, description: 'Starbucks card top-up' }),
    );
    expect(withdrawal).toMatchObject({ ruleId: rule.id, transaction: { ...filled, amount: 10 } });

    const deposit = okData(await api.deposit(card, { amount: 2, description: 'Starbucks refund' }));
    expect(deposit).toMatchObject({ ruleId: rule.id, transaction: { ...filled, amount: 2 } });

    const entry = okData(
      await api.createEntry({
        type: 'expense',
        accountId: card,
        amount: 6,
        description: 'Starbucks beans',
      }),
    );
    expect(entry).toMatchObject({ ruleId: rule.id, transaction: filled });
    // The stored entry holds what the answer showed.
    expect(okData(await api.getEntry(entry.transaction.id)).transaction).toMatchObject(filled);

    // A split entry keeps its lines' categories; the rule fills its text fields only.
    const split = okData(
      await api.createEntry({
        type: 'expense',
        accountId: card,
        amount: 8,
        description: 'Starbucks and bakery',
        splits: [
          { amount: 5, categoryId: coffee },
          { amount: 3, categoryId: null },
        ],
      }),
    );
    expect(split).toMatchObject({
      ruleId: rule.id,
      transaction: { categoryId: null, payee: 'Starbucks', tags: ['treats'] },
    });

    const unmatched = okData(
      await api.createExpense({ accountId: card, amount: 1, description: 'Bus' }),
    );
    expect(unmatched).toMatchObject({ ruleId: null, transaction: { categoryId: null, payee: '' } });
    expect(okData(await api.getAccount(card)).balance).toBe(500 - 4.5 - 10 + 2 - 6 - 8 - 1);
  });

  it('never overrides what the person chose', async () => {
    await fresh();
    await setApplyRules(doorName, user, true);
    const dining = await categoryIdByName(t, user, 'Dining out');
    const rule = await restData(t, user, 'POST', '/api/rules', starbucksRule(coffee));
    const chosen = okData(
      await api.createExpense({
        accountId: wallet,
        amount: 12,
        description: 'Starbucks lunch',
        categoryId: dining,
      }),
    );
    // The category the person chose wins; the payee and tags they left empty are filled.
    expect(chosen).toMatchObject({
      ruleId: rule.id,
      transaction: { categoryId: dining, payee: 'Starbucks', tags: ['treats'] },
    });
    const everything = okData(
      await api.createEntry({
        type: 'expense',
        accountId: wallet,
        amount: 2,
        description: 'Starbucks water',
        categoryId: dining,
        payee: 'Kiosk',
        tags: ['travel'],
      }),
    );
    // Nothing was left for the rule to fill, so no rule applied.
    expect(everything).toMatchObject({
      ruleId: null,
      transaction: { categoryId: dining, payee: 'Kiosk', tags: ['travel'] },
    });
  });

  it('ignores disabled rules and respects the order', async () => {
    await fresh();
    await setApplyRules(doorName, user, true);
    const groceries = await categoryIdByName(t, user, 'Groceries');
    const disabled = await restData(
      t,
      user,
      'POST',
      '/api/rules',
      starbucksRule(groceries, { name: 'Off', enabled: false }),
    );
    const first = await restData(
      t,
      user,
      'POST',
      '/api/rules',
      starbucksRule(coffee, { name: 'First' }),
    );
    const second = await restData(t, user, 'POST', '/api/rules', {
      name: 'Second',
      match: { field: 'either', operator: 'matches', value: 'star' },
      set: { categoryId: groceries },
    });
    const a = okData(await api.createExpense({ amount: 1, description: 'Starbucks' }));
    expect(a).toMatchObject({ ruleId: first.id, transaction: { categoryId: coffee } });

    await restData(t, user, 'POST', '/api/rules/reorder', {
      ruleIds: [second.id, disabled.id, first.id],
    });
    const b = okData(await api.createExpense({ amount: 1, description: 'Starbucks' }));
    expect(b).toMatchObject({ ruleId: second.id, transaction: { categoryId: groceries } });
  });

  it("never applies another person's rules", async () => {
    await fresh();
    await setApplyRules(doorName, user, true);
    const other = await t.signUp();
    await setApplyRules(doorName, other, true);
    await restData(
      t,
      other,
      'POST',
      '/api/rules',
      starbucksRule(await categoryIdByName(t, other, 'Coffee')),
    );
    const mine = okData(await api.createExpense({ amount: 4, description: 'Starbucks' }));
    expect(mine).toMatchObject({ ruleId: null, transaction: { categoryId: null, payee: '' } });
  });
});

describe('idempotent replays', () => {
  it('return the first result, whatever the rules say later', async () => {
    const user = await t.signUp();
    await restData(t, user, 'PATCH', '/api/book', { applyRulesToManualEntries: true });
    const coffee = await categoryIdByName(t, user, 'Coffee');
    const rule = await restData(t, user, 'POST', '/api/rules', starbucksRule(coffee));
    const key = randomUUID();
    const send = () =>
      t.rest(user, {
        method: 'POST',
        url: '/api/expenses/expense',
        payload: { amount: 4, description: 'Starbucks' },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.json().data).toMatchObject({
      ruleId: rule.id,
      transaction: { categoryId: coffee },
    });
    await restData(t, user, 'DELETE', `/api/rules/${rule.id}`);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    const trpcKey = randomUUID();
    await restData(t, user, 'POST', '/api/rules', starbucksRule(coffee));
    const caller = t.caller(user, { idempotencyKey: trpcKey });
    const once = await caller.entry.create({
      type: 'expense',
      amount: 2,
      description: 'Starbucks',
    });
    expect(once.data.ruleId).not.toBeNull();
    await restData(t, user, 'PATCH', '/api/book', { applyRulesToManualEntries: false });
    const again = await caller.entry.create({
      type: 'expense',
      amount: 2,
      description: 'Starbucks',
    });
    expect(again).toEqual(once);
    const count = await t.database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('book_id', '=', user.bookId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses a setting that is not true or false', async () => {
    const user = await t.signUp();
    const res = await t.rest(user, {
      method: 'PATCH',
      url: '/api/book',
      payload: { applyRulesToManualEntries: 'yes' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('applyRulesToManualEntries must be true or false');
  });
});
