import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcOutcome, type Outcome } from '../helpers/doors.js';
import { okData, restData, categoryIdByName } from '../helpers/set-up-steps.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { RULE_APPLY_MAX } from '../../src/shared/limits.js';
import { MESSAGES } from '../../src/shared/errors.js';
import { testBackend } from '../helpers/test-database.js';

// The rules editor's API (docs/import.md#rules): a saved rule edited, rules with several
// conditions, a test that lists what the rule would change, and "apply" to those entries as one
// undoable change, refused (changing nothing) when they changed since; never another book's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The rule routes through one door: REST with app.inject, or the tRPC caller. */
interface RuleDoor {
  create(input: object): Promise<Outcome>;
  update(id: string, input: object): Promise<Outcome>;
  list(): Promise<Outcome>;
  test(input: object): Promise<Outcome>;
  apply(input: object): Promise<Outcome>;
  undo(changeId: string): Promise<Outcome>;
}

function restRules(user: TestUser): RuleDoor {
  const call = async (method: string, url: string, payload?: object): Promise<Outcome> => {
    const res = await t.rest(user, {
      method,
      url,
      ...(payload !== undefined && { payload }),
      headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    create: (input) => call('POST', '/api/rules', input),
    update: (id, input) => call('PATCH', `/api/rules/${id}`, input),
    list: () => call('GET', '/api/rules'),
    test: (input) => call('POST', '/api/rules/test', input),
    apply: (input) => call('POST', '/api/rules/apply', input),
    undo: (id) => call('POST', `/api/changes/${id}/undo`),
  };
}

function trpcRules(user: TestUser): RuleDoor {
  const caller = () => t.caller(user, { idempotencyKey: randomUUID() });
  const any = (input: unknown) => input as never;
  return {
    create: (input) => trpcOutcome(() => caller().rules.create(any(input))),
    update: (id, input) => trpcOutcome(() => caller().rules.update(any({ ...input, id }))),
    list: () => trpcOutcome(() => caller().rules.list({})),
    test: (input) => trpcOutcome(() => caller().rules.test(any(input))),
    apply: (input) => trpcOutcome(() => caller().rules.applyToEntries(any(input))),
    undo: (id) => trpcOutcome(() => caller().change.undo({ id })),
  };
}

/** Everything a rule could change in a book, and every balance: what must stay put. */
async function bookState(user: TestUser) {
  const entries = await t.database.db
    .selectFrom('transactions')
    .select([
      'id',
      'description',
      'payee',
      'category_id',
      'tags',
      'amount_cents',
      'account_id',
      'deleted_at',
    ])
    .where('book_id', '=', user.bookId)
    .orderBy('id')
    .execute();
  const accounts = await t.database.db
    .selectFrom('accounts')
    .select(['id', 'balance_cents'])
    .where('book_id', '=', user.bookId)
    .orderBy('id')
    .execute();
  return {
    entries,
    accounts: accounts.map((a) => ({ id: a.id, balance: String(a.balance_cents) })),
  };
}

async function entryRow(id: string) {
  return t.database.db
    .selectFrom('transactions')
    .select(['description', 'payee', 'category_id', 'tags', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A book with a card and a wallet, coffee bought on both, and other spending. */
async function seed(user: TestUser) {
  const card = (await restData(t, user, 'POST', '/api/account', { title: 'Card' })).id as string;
  const wallet = (await restData(t, user, 'POST', '/api/account', { title: 'Wallet' }))
    .id as string;
  await restData(t, user, 'POST', `/api/account/${card}/deposit`, {
    amount: 500,
    description: 'Pay',
  });
  await restData(t, user, 'POST', `/api/account/${wallet}/deposit`, {
    amount: 500,
    description: 'Pay',
  });
  const spend = async (accountId: string, amount: number, description: string) =>
    (
      await restData(t, user, 'POST', '/api/transactions', {
        type: 'expense',
        accountId,
        amount,
        description,
      })
    ).transaction.id as string;
  return {
    card,
    wallet,
    smallCardCoffee: await spend(card, 3.5, 'Starbucks 12'),
    bigCardCoffee: await spend(card, 40, 'Starbucks beans'),
    walletCoffee: await spend(wallet, 4, 'Starbucks 7'),
    cardFuel: await spend(card, 60, 'Shell 77'),
    secondSmallCardCoffee: await spend(card, 4.2, 'STARBUCKS airport'),
  };
}

const coffeeOnCard = (card: string, set: object, extra: object = {}) => ({
  name: 'Coffee on the card',
  match: { field: 'description', operator: 'contains', value: 'starbucks' },
  amountMax: 10,
  accountId: card,
  set,
  ...extra,
});

describe.each([
  ['rest', restRules],
  ['trpc', trpcRules],
] as const)('the rules editor, through %s', (_door, makeDoor) => {
  let user: TestUser;
  let other: TestUser;
  let api: RuleDoor;
  let seeded: Awaited<ReturnType<typeof seed>>;
  let coffee: string;

  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
    api = makeDoor(user);
    seeded = await seed(user);
    await seed(other);
    coffee = await categoryIdByName(t, user, 'Coffee');
  });

  it('edits a saved rule: every field, several conditions, and a 404 for an unknown one', async () => {
    const created = okData(
      await api.create({
        name: 'Fuel',
        match: { field: 'description', operator: 'contains', value: 'shell' },
        set: { payee: 'Shell' },
      }),
    );
    const updated = okData(
      await api.update(created.id, {
        ...coffeeOnCard(seeded.card, { categoryId: coffee, tags: ['coffee'] }),
        amountMin: 1,
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Coffee on the card',
      match: { field: 'description', operator: 'contains', value: 'starbucks' },
      amountMin: 1,
      amountMax: 10,
      accountId: seeded.card,
      set: { categoryId: coffee, payee: null, tags: ['coffee'], description: null },
    });
    expect(okData(await api.list()).find((rule: { id: string }) => rule.id === created.id)).toEqual(
      updated,
    );
    const missing = await api.update(randomUUID(), coffeeOnCard(seeded.card, { payee: 'X' }));
    expect(missing).toMatchObject({ status: 404, body: { message: 'Rule not found' } });
  });

  it('tests a rule of several conditions: only entries meeting all of them are listed', async () => {
    const tested = okData(await api.test(coffeeOnCard(seeded.card, { categoryId: coffee })));
    expect(tested.matched).toBe(2);
    expect(tested.changes).toBe(2);
    expect(
      tested.toApply
        .map((entry: { id: string }) => entry.id)
        .sort((a: string, b: string) => a.localeCompare(b)),
    ).toEqual([seeded.smallCardCoffee, seeded.secondSmallCardCoffee].sort());
    // Newest first, with what the list shows and the version apply sends back.
    expect(tested.toApply[0]).toEqual({
      id: seeded.secondSmallCardCoffee,
      occurredOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: -4.2,
      currency: 'USD',
      description: 'STARBUCKS airport',
      payee: '',
      accountId: seeded.card,
      version: 1,
    });
  });

  it('applies the rule to exactly the listed entries as one change, and one undo restores them all', async () => {
    const rule = coffeeOnCard(seeded.card, {
      categoryId: coffee,
      payee: 'Starbucks',
      tags: ['coffee'],
    });
    const tested = okData(await api.test(rule));
    const before = await bookState(user);
    const otherBefore = await bookState(other);
    const applied = okData(
      await api.apply({
        ...rule,
        entries: tested.toApply.map(({ id, version }: { id: string; version: number }) => ({
          id,
          version,
        })),
      }),
    );
    expect(applied).toMatchObject({ count: 2, accounts: [] });
    const after = await bookState(user);
    const changed = after.entries.filter(
      (entry, index) => JSON.stringify(entry) !== JSON.stringify(before.entries[index]),
    );
    expect(changed.map((entry) => entry.id).sort()).toEqual(
      [seeded.smallCardCoffee, seeded.secondSmallCardCoffee].sort(),
    );
    for (const entry of changed) {
      expect(entry).toMatchObject({ category_id: coffee, payee: 'Starbucks', tags: ['coffee'] });
    }
    expect(after.accounts).toEqual(before.accounts);
    expect(await bookState(other)).toEqual(otherBefore);

    // The change is in each entry's history.
    const detail = await restData(t, user, 'GET', `/api/transactions/${seeded.smallCardCoffee}`);
    expect(detail.history.at(-1)).toMatchObject({
      changeId: applied.changeId,
      kind: 'rule-apply',
      fields: ['payee', 'categoryId', 'tags'],
    });
    // Tested again, nothing is left to change.
    expect(okData(await api.test(rule))).toMatchObject({ matched: 2, changes: 0, toApply: [] });

    okData(await api.undo(applied.changeId));
    expect(await bookState(user)).toEqual(before);
  });

  it('refuses a list that changed since the test (409), changing nothing', async () => {
    const rule = coffeeOnCard(seeded.card, { payee: 'Coffee shop' });
    const tested = okData(await api.test(rule));
    const entries = tested.toApply.map(({ id, version }: { id: string; version: number }) => ({
      id,
      version,
    }));
    expect(entries).toHaveLength(2);
    // One of them is edited meanwhile, though it still matches.
    await restData(t, user, 'PATCH', `/api/transactions/${seeded.smallCardCoffee}`, {
      description: 'Starbucks 12 (latte)',
    });
    const before = await bookState(user);
    const stale = await api.apply({ ...rule, entries });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      '1 of these entries was changed or deleted since the rule was tested, or no longer match it: nothing was changed. Test the rule again',
    );
    expect(await bookState(user)).toEqual(before);

    // An up-to-date version that no longer matches the rule is refused the same way.
    const fresh = await entryRow(seeded.smallCardCoffee);
    const narrower = { ...rule, match: { ...rule.match, value: 'airport' } };
    const unmatched = await api.apply({
      ...narrower,
      entries: [{ id: seeded.smallCardCoffee, version: fresh.version }],
    });
    expect(unmatched.status).toBe(409);
    expect(await bookState(user)).toEqual(before);
  });

  it('refuses a rule that would make an entry invalid (a category on a split entry), changing nothing', async () => {
    const split = (
      await restData(t, user, 'POST', '/api/transactions', {
        type: 'expense',
        accountId: seeded.card,
        amount: 9,
        description: 'Starbucks and bakery',
        splits: [{ amount: 5 }, { amount: 4 }],
      })
    ).transaction.id as string;
    const rule = coffeeOnCard(seeded.card, { categoryId: coffee });
    const tested = okData(await api.test(rule));
    expect(tested.toApply.map((entry: { id: string }) => entry.id)).toContain(split);
    const before = await bookState(user);
    const refused = await api.apply({
      ...rule,
      entries: tested.toApply.map(({ id, version }: { id: string; version: number }) => ({
        id,
        version,
      })),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/“Starbucks and bakery” of .* is split/);
    expect(await bookState(user)).toEqual(before);
    await restData(t, user, 'DELETE', `/api/transactions/${split}`);
  });

  it('names its limit when more entries are sent than one apply takes', async () => {
    const before = await bookState(user);
    const refused = await api.apply({
      ...coffeeOnCard(seeded.card, { payee: 'X' }),
      entries: Array.from({ length: RULE_APPLY_MAX + 1 }, () => ({ id: randomUUID(), version: 1 })),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`at most ${RULE_APPLY_MAX} entries at once`);
    expect(await bookState(user)).toEqual(before);
  });

  it("never touches another book's entries: they answer like missing ones", async () => {
    const theirs = await t.database.db
      .selectFrom('transactions')
      .select(['id', 'version'])
      .where('book_id', '=', other.bookId)
      .where('description', 'like', 'Starbucks%')
      .execute();
    expect(theirs.length).toBeGreaterThan(0);
    const before = await bookState(other);
    const mine = await entryRow(seeded.secondSmallCardCoffee);
    const refused = await api.apply({
      name: 'Everything Starbucks',
      match: { field: 'description', operator: 'contains', value: 'starbucks' },
      set: { payee: 'Hijacked' },
      entries: [
        { id: seeded.secondSmallCardCoffee, version: mine.version },
        ...theirs.map(({ id, version }) => ({ id, version })),
      ],
    });
    expect(refused).toMatchObject({
      status: 404,
      body: { message: MESSAGES.transactionNotFound },
    });
    expect(await bookState(other)).toEqual(before);
    expect((await entryRow(seeded.secondSmallCardCoffee)).payee).toBe('');
  });
});

/**
 * An apply racing edits of the same entries: PGlite runs one transaction at a time, so only
 * PostgreSQL can show it. The apply either changes all of its entries (the edits then land on
 * top) or, when an edit came first, none (409); never some.
 */
describe.each([
  ['rest', restRules],
  ['trpc', trpcRules],
] as const)("a rule's amount range in its account's currency, through %s", (_door, makeDoor) => {
  let user: TestUser;
  let api: RuleDoor;
  let yen: string;
  let coffee: string;

  beforeAll(async () => {
    user = await t.signUp();
    api = makeDoor(user);
    yen = (await restData(t, user, 'POST', '/api/account', { title: 'Yen', currency: 'JPY' })).id;
    coffee = await categoryIdByName(t, user, 'Coffee');
  });

  it("answers the range with its currency: the account's, or none for a rule on every account", async () => {
    const onYen = okData(
      await api.create({
        name: 'Yen coffee',
        match: null,
        amountMin: 300,
        amountMax: 1200,
        accountId: yen,
        set: { categoryId: coffee, payee: null, tags: null, description: null },
      }),
    );
    expect([onYen.amountMin, onYen.amountMax, onYen.currency]).toEqual([300, 1200, 'JPY']);
    const anywhere = okData(
      await api.create({
        name: 'Any coffee',
        match: { field: 'payee', operator: 'contains', value: 'coffee' },
        amountMin: 2.5,
        amountMax: null,
        accountId: null,
        set: { categoryId: coffee, payee: null, tags: null, description: null },
      }),
    );
    expect(anywhere.currency).toBeNull();
    const listed = okData(await api.list()) as { id: string; currency: string | null }[];
    expect(Object.fromEntries(listed.map((rule) => [rule.id, rule.currency]))).toMatchObject({
      [onYen.id]: 'JPY',
      [anywhere.id]: null,
    });
  });

  it("refuses decimals the account's currency does not have, changing nothing", async () => {
    const before = okData(await api.list());
    const refused = await api.create({
      name: 'Half a yen',
      match: null,
      amountMin: 0.5,
      amountMax: null,
      accountId: yen,
      set: { categoryId: coffee, payee: null, tags: null, description: null },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/JPY amounts have no decimals/);
    expect(okData(await api.list())).toEqual(before);
  });
});

describe.runIf(testBackend === 'postgres')('apply racing edits (postgres)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ poolSize: 20 });
  });
  afterAll(() => app.close());

  it('applies to all of its entries or none while they are edited', async () => {
    const user = await app.signUp();
    const call = async (method: string, url: string, payload?: object) => {
      const res = await app.rest(user, {
        method,
        url,
        ...(payload !== undefined && { payload }),
        headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
      });
      return { status: res.statusCode, body: res.json() };
    };
    for (let round = 0; round < 4; round++) {
      const ids: string[] = [];
      for (let n = 0; n < 12; n++) {
        const created = await call('POST', '/api/transactions', {
          type: 'expense',
          amount: 2,
          description: `Race ${round} ${n}`,
        });
        ids.push(created.body.data.transaction.id);
      }
      const rule = {
        name: 'Race',
        match: { field: 'description', operator: 'contains', value: `race ${round} ` },
        set: { payee: `Raced ${round}` },
      };
      const tested = (await call('POST', '/api/rules/test', rule)).body.data;
      expect(tested.toApply).toHaveLength(12);
      const entries = tested.toApply.map(({ id, version }: { id: string; version: number }) => ({
        id,
        version,
      }));
      const [applied, ...edits] = await Promise.all([
        call('POST', '/api/rules/apply', { ...rule, entries }),
        ...ids
          .filter((_, n) => n % 4 === round % 4)
          .map((id) =>
            call('PATCH', `/api/transactions/${id}`, { description: `Race ${round} edited` }),
          ),
      ]);
      for (const edit of edits) expect(edit?.status).toBe(200);
      expect([200, 409]).toContain(applied?.status);
      const rows = await app.database.db
        .selectFrom('transactions')
        .select('payee')
        .where('id', 'in', ids)
        .execute();
      const raced = rows.filter((row) => row.payee === `Raced ${round}`).length;
      expect(raced).toBe(applied?.status === 200 ? 12 : 0);
    }
  });
});
