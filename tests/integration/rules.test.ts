import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { PATTERN_MESSAGES } from '../../src/server/features/rules/safe-pattern.js';

// Rules (docs/import.md#rules): CRUD, order, testing against existing entries, and their effect
// on an import's review and entries.

interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
}

let t: TestApp;
let user: TestUser;

async function call(method: string, url: string, payload?: object): Promise<Outcome> {
  const res = await t.rest(user, {
    method,
    url,
    ...(payload !== undefined && { payload }),
    headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
  });
  return { status: res.statusCode, body: res.json() };
}

async function categoryId(name: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('categories')
    .select('id')
    .where('book_id', '=', user.bookId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const csv = (text: string) => Buffer.from(text).toString('base64');
const STATEMENT = `Date,Description,Amount
2026-03-01,Salary ACME,2000.00
2026-03-02,STARBUCKS #1234,-4.50
2026-03-03,Starbucks Reserve,-6.00
2026-03-04,Shell Station 77,-60.00
2026-03-05,Shell Station 77,-250.00
`;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp();
});
afterAll(() => t.close());

describe('rules', () => {
  it('creates, lists in order, updates, reorders and deletes rules', async () => {
    const coffee = await categoryId('Coffee');
    const a = await call('POST', '/api/rules', {
      name: 'Coffee',
      match: { field: 'description', operator: 'contains', value: 'starbucks' },
      set: { categoryId: coffee, tags: ['Treats'] },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      message: 'Rule added',
      data: {
        name: 'Coffee',
        position: 0,
        enabled: true,
        match: { field: 'description', operator: 'contains', value: 'starbucks' },
        amountMin: null,
        amountMax: null,
        accountId: null,
        set: { categoryId: coffee, payee: null, tags: ['treats'], description: null },
      },
    });
    const b = await call('POST', '/api/rules', {
      name: 'Big fuel',
      match: { field: 'either', operator: 'matches', value: '^shell\\s+station' },
      amountMin: 100,
      set: { payee: 'Shell' },
    });
    expect(b.body.data.position).toBe(1);
    const list = await call('GET', '/api/rules');
    expect(list.body.data.map((rule: { name: string }) => rule.name)).toEqual([
      'Coffee',
      'Big fuel',
    ]);
    const reordered = await call('POST', '/api/rules/reorder', {
      ruleIds: [b.body.data.id, a.body.data.id],
    });
    expect(reordered.body.data.map((rule: { name: string }) => rule.name)).toEqual([
      'Big fuel',
      'Coffee',
    ]);
    const incomplete = await call('POST', '/api/rules/reorder', { ruleIds: [a.body.data.id] });
    expect(incomplete).toMatchObject({
      status: 422,
      body: { message: 'ruleIds must name every rule of the book exactly once' },
    });
    const updated = await call('PATCH', `/api/rules/${a.body.data.id}`, {
      name: 'Coffee shops',
      enabled: false,
      match: { field: 'description', operator: 'contains', value: 'starbucks' },
      set: { categoryId: coffee },
    });
    expect(updated.body.data).toMatchObject({ name: 'Coffee shops', enabled: false, position: 1 });
    expect((await call('DELETE', `/api/rules/${a.body.data.id}`)).body).toEqual({
      success: true,
      message: 'Rule deleted',
    });
    expect((await call('DELETE', `/api/rules/${a.body.data.id}`)).body.message).toBe(
      'Rule not found',
    );
    expect((await call('DELETE', `/api/rules/${b.body.data.id}`)).status).toBe(200);
  });

  it.each([
    [
      { name: 'No condition', set: { payee: 'X' } },
      'A rule needs a condition: text to match, an amount range or an account',
    ],
    [
      { name: 'No action', match: { field: 'payee', operator: 'equals', value: 'x' }, set: {} },
      'A rule needs something to set: a category, payee, tags or description',
    ],
    [
      { name: 'Range', amountMin: 10, amountMax: 5, set: { payee: 'X' } },
      'amountMin must not be above amountMax',
    ],
    [
      {
        name: 'Bad regex',
        match: { field: 'payee', operator: 'matches', value: '([a-z' },
        set: { payee: 'X' },
      },
      PATTERN_MESSAGES.invalid,
    ],
    [
      {
        name: 'Lookahead',
        match: { field: 'payee', operator: 'matches', value: 'a(?=b)' },
        set: { payee: 'X' },
      },
      PATTERN_MESSAGES.unsafe,
    ],
    [
      {
        name: 'Huge repeat',
        match: { field: 'payee', operator: 'matches', value: 'a{1001}' },
        set: { payee: 'X' },
      },
      PATTERN_MESSAGES.tooComplex,
    ],
    [
      {
        name: 'Backreference',
        match: { field: 'payee', operator: 'matches', value: '(a)\\1' },
        set: { payee: 'X' },
      },
      PATTERN_MESSAGES.unsafe,
    ],
  ])('refuses %o with a clear message and saves nothing', async (draft, message) => {
    const res = await call('POST', '/api/rules', draft);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect((await call('GET', '/api/rules')).body.data).toEqual([]);
  });

  it('refuses a category or account that is not the book’s', async () => {
    const res = await call('POST', '/api/rules', {
      name: 'X',
      accountId: randomUUID(),
      set: { payee: 'X' },
    });
    expect(res).toMatchObject({ status: 404, body: { message: 'Account not found' } });
    const cat = await call('POST', '/api/rules', {
      name: 'X',
      amountMin: 1,
      set: { categoryId: randomUUID() },
    });
    expect(cat).toMatchObject({ status: 404, body: { message: 'Category not found' } });
  });

  it('tests a draft against existing entries without saving it', async () => {
    const account = (await call('POST', '/api/account', { title: 'Everyday' })).body.data.id;
    await call('POST', `/api/account/${account}/deposit`, { amount: 100, description: 'Top up' });
    await call('POST', '/api/expenses/expense', {
      accountId: account,
      amount: 3.2,
      description: 'Café Crème',
    });
    await call('POST', '/api/expenses/expense', {
      accountId: account,
      amount: 4.1,
      description: 'CAFE latte',
    });
    const res = await call('POST', '/api/rules/test', {
      name: 'Cafés',
      match: { field: 'description', operator: 'contains', value: 'café' },
      amountMax: 4,
      set: { categoryId: await categoryId('Coffee') },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      scanned: 3,
      matched: 1,
      sample: [{ description: 'Café Crème', amount: -3.2 }],
    });
    expect((await call('GET', '/api/rules')).body.data).toEqual([]);
  });

  it('rules set categories, payee and tags in the import review and on the imported entries; the first match wins; disabled ones do nothing', async () => {
    const coffee = await categoryId('Coffee');
    const fuel = await categoryId('Fuel');
    const account = (await call('POST', '/api/account', { title: 'Card' })).body.data.id;
    const big = await call('POST', '/api/rules', {
      name: 'Big fuel',
      match: { field: 'description', operator: 'matches', value: '^shell\\s+station' },
      amountMin: 100,
      set: { categoryId: fuel, payee: 'Shell', tags: ['car', 'big'] },
    });
    await call('POST', '/api/rules', {
      name: 'Fuel',
      match: { field: 'description', operator: 'contains', value: 'SHELL' },
      set: { categoryId: fuel, payee: 'Shell' },
    });
    await call('POST', '/api/rules', {
      name: 'Coffee',
      match: { field: 'description', operator: 'contains', value: 'starbucks' },
      set: { categoryId: coffee },
    });
    await call('POST', '/api/rules', {
      name: 'Disabled',
      enabled: false,
      match: { field: 'description', operator: 'contains', value: 'salary' },
      set: { description: 'Should not happen' },
    });
    const review = await call('POST', '/api/imports/preview', {
      accountId: account,
      content: csv(STATEMENT),
    });
    expect(
      review.body.data.rows.map(
        (row: {
          description: string;
          payee: string;
          categoryId: string | null;
          ruleId: string | null;
          tags: string[];
        }) => [
          row.description,
          row.payee,
          row.categoryId,
          row.ruleId === big.body.data.id,
          row.tags,
        ],
      ),
    ).toEqual([
      ['Salary ACME', '', null, false, []],
      ['STARBUCKS #1234', '', coffee, false, []],
      ['Starbucks Reserve', '', coffee, false, []],
      ['Shell Station 77', 'Shell', fuel, false, []],
      ['Shell Station 77', 'Shell', fuel, true, ['car', 'big']],
    ]);
    const res = await call('POST', '/api/imports', { accountId: account, content: csv(STATEMENT) });
    expect(res.status).toBe(200);
    const entries = await t.database.db
      .selectFrom('transactions')
      .select(['description', 'payee', 'category_id', 'tags'])
      .where('account_id', '=', account)
      .orderBy('seq')
      .execute();
    expect(entries.map((e) => [e.description, e.payee, e.category_id, e.tags])).toEqual([
      ['Salary ACME', '', null, []],
      ['STARBUCKS #1234', '', coffee, []],
      ['Starbucks Reserve', '', coffee, []],
      ['Shell Station 77', 'Shell', fuel, []],
      ['Shell Station 77', 'Shell', fuel, ['car', 'big']],
    ]);
  });
});
