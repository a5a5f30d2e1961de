import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/**
 * Bad inputs on every REST route that takes input, and the same values through the tRPC caller.
 * Each case checks the status, the failure envelope, that nothing leaks (stack traces, SQL) and
 * that nothing changed in the database.
 */

type Caller = ReturnType<TestApp['caller']>;
type Input = Record<string, unknown>;

/** Stands for the id of the test user's real account; replaced when a case runs. */
const OWN_ACCOUNT = '<own account id>';
const UNKNOWN_ID = randomUUID();
const ONE_MB = 'x'.repeat(1024 * 1024);

const NOT_FOUND = 'Account not found';
const NOT_A_UUID = 'Account ID must be a UUID';
const TITLE_REQUIRED = 'Title is required';
const NOT_POSITIVE = 'Amount must be greater than 0';
const TWO_DECIMALS = 'Amount must have at most two decimal places';

const LEAK_MARKERS = [
  '    at ',
  '.ts:',
  'node_modules',
  'select ',
  'insert ',
  'update ',
  'syntax error at',
  'violates',
  'relation ',
];

// ---------------------------------------------------------------------------------------------
// Helpers: database snapshot, leak check, failure envelope
// ---------------------------------------------------------------------------------------------

function expectNoLeak(text: string): void {
  const lower = text.toLowerCase();
  for (const marker of LEAK_MARKERS) expect(lower).not.toContain(marker);
}

function expectFailureBody(
  body: string,
  expected: { code: string; message: string | undefined },
): void {
  expectNoLeak(body);
  const parsed: unknown = JSON.parse(body);
  expect(parsed).toMatchObject({
    success: false,
    message: expect.stringMatching(/\S/),
    code: expected.code,
    requestId: expect.any(String),
  });
  if (expected.message !== undefined) {
    expect((parsed as { message: string }).message).toBe(expected.message);
  }
}

/** The message a client of the /trpc door would see: the first issue of a validation error. */
function trpcMessage(error: TRPCError): string {
  return error.cause instanceof ZodError
    ? (error.cause.issues[0]?.message ?? error.message)
    : error.message;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be rejected, but it succeeded');
}

const APP_CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};
const TRPC_CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  422: 'UNPROCESSABLE_CONTENT',
};

// ---------------------------------------------------------------------------------------------
// Table 1: bad values, sent through REST and through the tRPC caller
// ---------------------------------------------------------------------------------------------

/** Each procedure's REST route and its tRPC call; inputs are deliberately ill-typed, hence `never`. */
const PROCEDURES = {
  create: {
    method: 'POST',
    path: '/api/account',
    call: (c: Caller, i: never) => c.account.create(i),
  },
  update: {
    method: 'PUT',
    path: '/api/account/{id}',
    call: (c: Caller, i: never) => c.account.update(i),
  },
  get: {
    method: 'GET',
    path: '/api/account/{id}',
    call: (c: Caller, i: never) => c.account.get(i),
  },
  delete: {
    method: 'DELETE',
    path: '/api/account/{id}',
    call: (c: Caller, i: never) => c.account.delete(i),
  },
  deposit: {
    method: 'POST',
    path: '/api/account/{id}/deposit',
    call: (c: Caller, i: never) => c.account.deposit(i),
  },
  withdraw: {
    method: 'POST',
    path: '/api/account/{id}/withdraw',
    call: (c: Caller, i: never) => c.account.withdraw(i),
  },
  byAccount: {
    method: 'GET',
    path: '/api/expenses/by-account/{accountId}',
    call: (c: Caller, i: never) => c.expense.byAccount(i),
  },
  expense: {
    method: 'POST',
    path: '/api/expenses/expense',
    call: (c: Caller, i: never) => c.expense.create(i),
  },
  transactions: {
    method: 'GET',
    path: '/api/transactions',
    call: (c: Caller, i: never) => c.transaction.list(i),
  },
} as const;
type Procedure = keyof typeof PROCEDURES;

interface ValueCase {
  name: string;
  procedure: Procedure;
  input: Input;
  status: 400 | 404 | 422;
  code?: string;
  message: string;
}

/** A valid input apart from the id, so that only the id is wrong. */
const VALID_OTHER_FIELDS: Record<Procedure, Input> = {
  create: { title: 'Valid' },
  update: { title: 'Valid' },
  get: {},
  delete: {},
  deposit: { amount: 1 },
  withdraw: { amount: 1 },
  byAccount: {},
  expense: { amount: 1 },
  transactions: {},
};

const MALFORMED_IDS: [string, string][] = [
  ['"abc"', 'abc'],
  ['"1 or 1=1"', '1 or 1=1'],
  ['%00 (NUL)', '\u0000'],
  ['a 300-char string', 'a'.repeat(300)],
];

function idCases(procedure: Procedure, idKey: 'id' | 'accountId'): ValueCase[] {
  return [
    ...MALFORMED_IDS.map(([label, id]): ValueCase => ({
      name: `${procedure}: malformed ${idKey} ${label}`,
      procedure,
      input: { ...VALID_OTHER_FIELDS[procedure], [idKey]: id },
      status: 400,
      message: NOT_A_UUID,
    })),
    {
      name: `${procedure}: unknown ${idKey} (random UUID)`,
      procedure,
      input: { ...VALID_OTHER_FIELDS[procedure], [idKey]: UNKNOWN_ID },
      status: 404,
      message: NOT_FOUND,
    },
  ];
}

function fieldCases(procedure: 'create' | 'update', base: Input): ValueCase[] {
  const cases: [string, Input, string][] = [
    ['missing title', {}, TITLE_REQUIRED],
    ['blank title', { title: '   ' }, TITLE_REQUIRED],
    ['title as number', { title: 42 }, 'Title must be text'],
    ['title of 101 chars', { title: 't'.repeat(101) }, 'Title must be at most 100 characters'],
    ['description as object', { title: 'Ok', description: { a: 1 } }, 'Description must be text'],
    [
      'description of 501 chars',
      { title: 'Ok', description: 'd'.repeat(501) },
      'Description must be at most 500 characters',
    ],
    ['icon "bank"', { title: 'Ok', icon: 'bank' }, 'Icon must be "wallet" or "credit-card"'],
    ['color "red"', { title: 'Ok', color: 'red' }, 'Color must be a hex color like #10b981'],
    ['color as number', { title: 'Ok', color: 123 }, 'Color must be text'],
  ];
  return cases.map(([what, input, message]) => ({
    name: `${procedure}: ${what}`,
    procedure,
    input: { ...base, ...input },
    status: 400,
    message,
  }));
}

function amountCases(procedure: 'deposit' | 'withdraw' | 'expense', base: Input): ValueCase[] {
  const cases: [string, Input, string][] = [
    ['amount as string "10"', { amount: '10' }, 'Amount must be a number'],
    ['missing amount', {}, 'Amount is required'],
    ['amount 12.345', { amount: 12.345 }, TWO_DECIMALS],
    ['amount -1', { amount: -1 }, NOT_POSITIVE],
    ['amount 0', { amount: 0 }, NOT_POSITIVE],
    ['amount 1000000000.01', { amount: 1000000000.01 }, 'Amount must be at most 1,000,000,000.00'],
    ['description as object', { amount: 1, description: { a: 1 } }, 'Description must be text'],
  ];
  return cases.map(([what, input, message]) => ({
    name: `${procedure}: ${what}`,
    procedure,
    input: { ...base, ...input },
    status: 400,
    message,
  }));
}

function transactionsCase(what: string, input: Input, message: string): ValueCase {
  return { name: `transactions: ${what}`, procedure: 'transactions', input, status: 400, message };
}

const OVERFLOW_CURSOR = Buffer.from('s:9999999999999999999', 'utf8').toString('base64url');

const VALUE_CASES: ValueCase[] = [
  ...fieldCases('create', {}),
  ...fieldCases('update', { id: OWN_ACCOUNT }),
  ...idCases('update', 'id'),
  ...idCases('get', 'id'),
  ...idCases('delete', 'id'),
  ...amountCases('deposit', { id: OWN_ACCOUNT }),
  ...idCases('deposit', 'id'),
  ...amountCases('withdraw', { id: OWN_ACCOUNT }),
  ...idCases('withdraw', 'id'),
  {
    name: 'withdraw: beyond the balance',
    procedure: 'withdraw',
    input: { id: OWN_ACCOUNT, amount: 1000 },
    status: 422,
    code: 'INSUFFICIENT_FUNDS',
    message: 'Insufficient funds',
  },
  ...amountCases('expense', {}),
  ...amountCases('expense', { accountId: OWN_ACCOUNT }).map((c) => ({
    ...c,
    name: `${c.name} (on an account)`,
  })),
  {
    name: 'expense: accountId as number 123',
    procedure: 'expense',
    input: { amount: 1, accountId: 123 },
    status: 400,
    message: NOT_A_UUID,
  },
  ...idCases('expense', 'accountId'),
  ...idCases('byAccount', 'accountId'),
  transactionsCase('limit=0', { limit: 0 }, 'limit must be at least 1'),
  transactionsCase('limit=201', { limit: 201 }, 'limit must be at most 200'),
  transactionsCase('limit=abc', { limit: 'abc' }, 'limit must be a whole number'),
  transactionsCase('limit=1.5', { limit: 1.5 }, 'limit must be a whole number'),
  transactionsCase('type=bogus', { type: 'bogus' }, 'type must be deposit, withdraw or expense'),
  transactionsCase('from=not-a-date', { from: 'not-a-date' }, 'from must be an ISO 8601 date-time'),
  transactionsCase(
    'from after to',
    { from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' },
    'from must not be after to',
  ),
  transactionsCase('cursor=garbage', { cursor: 'garbage' }, 'Invalid cursor'),
  transactionsCase('cursor beyond the bigint range', { cursor: OVERFLOW_CURSOR }, 'Invalid cursor'),
  ...idCases('transactions', 'accountId'),
];

function resolveInput(input: Input, ownAccountId: string): Input {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      value === OWN_ACCOUNT ? ownAccountId : value,
    ]),
  );
}

/** The REST request for a procedure: path parameters in the path, the rest in body or query. */
function restRequest(procedure: Procedure, input: Input): InjectOptions {
  const { method, path } = PROCEDURES[procedure];
  const pathKeys = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const url = path.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(String(input[key])),
  );
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !pathKeys.includes(key)));
  if (method === 'POST' || method === 'PUT') return { method, url, payload: rest };
  const query = new URLSearchParams(
    Object.entries(rest).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return { method, url: query ? `${url}?${query}` : url };
}

// ---------------------------------------------------------------------------------------------
// Table 2: malformed requests only REST can send (raw bodies, content types, sizes)
// ---------------------------------------------------------------------------------------------

interface RawCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** A documented path; {id} becomes the test user's own account. */
  path: string;
  body?: string;
  contentType?: string;
  status: 400 | 404 | 413 | 415;
  message: string;
}

const BODY_ROUTES: [RawCase['method'], string][] = [
  ['POST', '/api/account'],
  ['PUT', '/api/account/{id}'],
  ['POST', '/api/account/{id}/deposit'],
  ['POST', '/api/account/{id}/withdraw'],
  ['POST', '/api/expenses/expense'],
  ['POST', '/api/test/new'],
];

type BadBody = Omit<RawCase, 'name' | 'method' | 'path'> & { what: string };

const NOT_JSON = 'Request body is not valid JSON';
const NOT_OBJECT = 'Request body must be a JSON object';
const TOO_LARGE = 'Request body is too large';
const UNSUPPORTED = 'Unsupported Content-Type: send application/json';

const BAD_BODIES: BadBody[] = [
  { what: 'broken JSON', body: '{"amount": ', status: 400, message: NOT_JSON },
  { what: 'JSON array []', body: '[]', status: 400, message: NOT_OBJECT },
  { what: 'JSON string "str"', body: '"str"', status: 400, message: NOT_OBJECT },
  { what: 'JSON null', body: 'null', status: 400, message: NOT_OBJECT },
  { what: 'JSON number 42', body: '42', status: 400, message: NOT_OBJECT },
  {
    what: 'empty body with a JSON content-type',
    body: '',
    status: 400,
    message: 'Request body is empty but Content-Type is application/json',
  },
  { what: 'amount NaN', body: '{"title": "T", "amount": NaN}', status: 400, message: NOT_JSON },
  {
    what: '1 MB title',
    body: JSON.stringify({ title: ONE_MB, amount: 1 }),
    status: 413,
    message: TOO_LARGE,
  },
  {
    what: '1 MB description',
    body: JSON.stringify({ title: 'T', description: ONE_MB, amount: 1 }),
    status: 413,
    message: TOO_LARGE,
  },
  {
    what: '1 MB amount',
    body: JSON.stringify({ title: 'T', amount: ONE_MB }),
    status: 413,
    message: TOO_LARGE,
  },
  {
    what: 'text/plain body',
    contentType: 'text/plain',
    body: '{"title": "Plain", "amount": 1}',
    status: 415,
    message: UNSUPPORTED,
  },
  {
    what: 'form-urlencoded body',
    contentType: 'application/x-www-form-urlencoded',
    body: 'title=Form&amount=1',
    status: 415,
    message: UNSUPPORTED,
  },
];

const RAW_CASES: RawCase[] = [
  ...BODY_ROUTES.flatMap(([method, path]) =>
    BAD_BODIES.map(({ what, ...rest }): RawCase => ({
      name: `${method} ${path}: ${what}`,
      method,
      path,
      ...rest,
    })),
  ),
  ...['/api/account/{id}/deposit', '/api/account/{id}/withdraw', '/api/expenses/expense'].flatMap(
    (path): RawCase[] => [
      {
        name: `POST ${path}: amount 1e309 (parses to Infinity)`,
        method: 'POST',
        path,
        body: '{"amount": 1e309}',
        status: 400,
        message: 'Amount must be a finite number',
      },
      {
        name: `POST ${path}: amount -1e309 (parses to -Infinity)`,
        method: 'POST',
        path,
        body: '{"amount": -1e309}',
        status: 400,
        message: 'Amount must be a finite number',
      },
    ],
  ),
  {
    name: 'GET /api/account/%ZZ: undecodable path',
    method: 'GET',
    path: '/api/account/%ZZ',
    status: 400,
    message: 'Malformed URL: the path is not valid percent-encoding',
  },
];

function rawRequest(c: RawCase, ownAccountId: string): InjectOptions {
  return {
    method: c.method,
    url: c.path.replace('{id}', ownAccountId),
    ...(c.body !== undefined && {
      payload: c.body,
      headers: { 'content-type': c.contentType ?? 'application/json' },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('bad inputs', () => {
  let t: TestApp;
  let user: TestUser;
  let ownAccountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    const caller = t.caller(user);
    ownAccountId = (await caller.account.create({ title: 'Main', description: 'Day to day' })).data
      .id;
    await caller.account.deposit({ id: ownAccountId, amount: 50 });
    await caller.expense.create({ accountId: ownAccountId, amount: 5, description: 'Lunch' });
    await caller.expense.create({ amount: 2.5, description: 'Cash' });
    // Someone else's data is in the snapshot too.
    const other = await t.signUp();
    const otherId = (await t.caller(other).account.create({ title: 'Other' })).data.id;
    await t.caller(other).account.deposit({ id: otherId, amount: 10 });
  });
  afterAll(() => t.close());

  /** Runs `act` and checks that no account and no ledger row changed. */
  async function expectNothingChanged<T>(act: () => Promise<T>): Promise<T> {
    const before = await moneySnapshot(t);
    expect(before.accounts.length).toBeGreaterThan(0);
    expect(before.transactionCount).toBeGreaterThan(0);
    const result = await act();
    expect(await moneySnapshot(t)).toEqual(before);
    return result;
  }

  describe('REST: bad values', () => {
    async function check(c: ValueCase): Promise<void> {
      const request = restRequest(c.procedure, resolveInput(c.input, ownAccountId));
      const res = await expectNothingChanged(() => t.rest(user, request));
      expect(res.statusCode).toBe(c.status);
      expectFailureBody(res.body, {
        code: c.code ?? (APP_CODE_BY_STATUS[c.status] as string),
        message: c.message,
      });
    }

    it.each(VALUE_CASES)('$name', check);
  });

  describe('tRPC caller: the same bad values', () => {
    async function check(c: ValueCase): Promise<void> {
      const { call } = PROCEDURES[c.procedure];
      const input = resolveInput(c.input, ownAccountId) as never;
      const error = await expectNothingChanged(() => rejection(call(t.caller(user), input)));
      expect(error).toBeInstanceOf(TRPCError);
      const trpcError = error as TRPCError;
      expect(trpcError.code).toBe(TRPC_CODE_BY_STATUS[c.status]);
      expect(trpcMessage(trpcError)).toBe(c.message);
      expectNoLeak(trpcError.message);
    }

    it.each(VALUE_CASES)('$name', check);
  });

  describe('REST: malformed requests', () => {
    async function check(c: RawCase): Promise<void> {
      const res = await expectNothingChanged(() => t.rest(user, rawRequest(c, ownAccountId)));
      expect(res.statusCode).toBe(c.status);
      expectFailureBody(res.body, {
        code: APP_CODE_BY_STATUS[c.status] as string,
        message: c.message,
      });
    }

    it.each(RAW_CASES)('$name', check);
  });

  it('the happy path still works after all of the above', async () => {
    const res = await t.rest(user, { method: 'GET', url: `/api/account/${ownAccountId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: ownAccountId, balance: 45 } });
  });
});
