import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * Model-based property test of the money rules: a random sequence of deposits, withdrawals and
 * expenses (valid or not, through REST and tRPC in turn) must leave every balance exactly where an
 * integer-cents model says, and equal to the signed sum of the account's ledger rows.
 */

/** Largest amount one operation may move (1,000,000,000.00) and largest balance, in cents. */
const MAX_OPERATION_CENTS = 100_000_000_000n;
const MAX_BALANCE_CENTS = 99_999_999_999_999n;

type Door = 'rest' | 'trpc';

/** How an amount is chosen; `nearBalance` is resolved against the model when the step runs. */
type AmountSpec =
  | { kind: 'cents'; cents: number }
  | { kind: 'nearBalance'; offsetCents: -1 | 0 | 1 }
  | { kind: 'shareOfBalance'; permille: number }
  | { kind: 'invalid'; value: unknown; label: string };

type Op =
  | { type: 'deposit' | 'withdraw' | 'expense'; slot: number; amount: AmountSpec }
  | { type: 'expenseNoAccount'; amount: AmountSpec; explicitNull: boolean };

/** The amount actually sent, and its cents when the API must accept it (null: must refuse). */
interface Resolved {
  sent: unknown;
  cents: bigint | null;
}

interface Outcome {
  status: number;
  code?: string | undefined;
  data?: MovementData | undefined;
}

interface MovementData {
  account: { id: string; balance: number } | null;
  transaction: {
    id: string;
    amount: number;
    accountId: string | null;
    transactionType: string;
  };
}

// Amounts in cents, mostly small so that withdrawals often succeed, sometimes huge.
const validCents = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 999 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000_000_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1, 10, 99, 100, 10_000_000_000, Number(MAX_OPERATION_CENTS)),
  },
);

// Amounts the API must refuse with a 400 whatever the balance.
const invalidAmount: fc.Arbitrary<AmountSpec> = fc.oneof(
  fc.constant<AmountSpec>({ kind: 'invalid', value: 0, label: 'zero' }),
  fc
    .integer({ min: 1, max: 1_000_000 })
    .map<AmountSpec>((c) => ({ kind: 'invalid', value: -c / 100, label: 'negative' })),
  // k.ddd with a last digit 1..9: three decimals.
  fc
    .tuple(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 9 }))
    .map<AmountSpec>(([k, d]) => ({
      kind: 'invalid',
      value: (k * 10 + d) / 1000,
      label: 'three decimals',
    })),
  fc.integer({ min: 1, max: 1_000_000 }).map<AmountSpec>((extra) => ({
    kind: 'invalid',
    value: (Number(MAX_OPERATION_CENTS) + extra) / 100,
    label: 'above the operation maximum',
  })),
  fc.constantFrom<AmountSpec>(
    { kind: 'invalid', value: 0.1 + 0.2, label: 'float noise 0.30000000000000004' },
    { kind: 'invalid', value: '12.34', label: 'numeric string' },
    { kind: 'invalid', value: Number.NaN, label: 'NaN' },
    { kind: 'invalid', value: -0, label: 'negative zero' },
  ),
);

const amountSpec: fc.Arbitrary<AmountSpec> = fc.oneof(
  {
    weight: 9,
    arbitrary: validCents.map<AmountSpec>((cents) => ({ kind: 'cents', cents })),
  },
  { weight: 1, arbitrary: invalidAmount },
);

const nearBalance: fc.Arbitrary<AmountSpec> = fc
  .constantFrom<-1 | 0 | 1>(-1, 0, 1)
  .map((offsetCents) => ({ kind: 'nearBalance', offsetCents }));

// Debits sized from the current balance, so that they succeed often and sometimes empty it.
const shareOfBalance: fc.Arbitrary<AmountSpec> = fc
  .integer({ min: 1, max: 1000 })
  .map((permille) => ({ kind: 'shareOfBalance', permille }));

const debitAmount = fc.oneof(
  { weight: 3, arbitrary: amountSpec },
  { weight: 2, arbitrary: shareOfBalance },
  { weight: 1, arbitrary: nearBalance },
);

const slot = fc.integer({ min: 0, max: 2 });

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('deposit' as const), slot, amount: amountSpec }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('withdraw' as const), slot, amount: debitAmount }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('expense' as const), slot, amount: debitAmount }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('expenseNoAccount' as const),
      amount: amountSpec,
      explicitNull: fc.boolean(),
    }),
  },
);

const scenario = fc.record({
  accountCount: fc.integer({ min: 1, max: 3 }),
  firstDoor: fc.constantFrom<Door>('rest', 'trpc'),
  ops: fc.array(op, { minLength: 1, maxLength: 40, size: 'max' }),
});

/** A whole number of cents the API must accept as an amount: above 0, at most the maximum. */
function acceptable(cents: bigint): bigint | null {
  return cents > 0n && cents <= MAX_OPERATION_CENTS ? cents : null;
}

function resolveAmount(spec: AmountSpec, balance: bigint): Resolved {
  switch (spec.kind) {
    case 'cents':
      return { sent: spec.cents / 100, cents: BigInt(spec.cents) };
    case 'nearBalance': {
      const cents = balance + BigInt(spec.offsetCents);
      // At a zero balance this yields 0 or -0.01; on a huge one, more than one operation may move.
      return { sent: Number(cents) / 100, cents: acceptable(cents) };
    }
    case 'shareOfBalance': {
      const cents = (balance * BigInt(spec.permille)) / 1000n;
      return { sent: Number(cents) / 100, cents: acceptable(cents) };
    }
    case 'invalid':
      return { sent: spec.value, cents: null };
  }
}

/** Narrows away undefined/null, failing the run loudly instead of asserting with `!`. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** Exactly the double a balance of `cents` must be sent as, and back to cents without drift. */
function expectBalance(balance: unknown, cents: bigint, where: string): void {
  expect(typeof balance, where).toBe('number');
  expect(balance, where).toBe(Number(cents) / 100);
  expect(BigInt(Math.round((balance as number) * 100)), where).toBe(cents);
}

describe(`ledger property (${testBackend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function restCall(user: TestUser, url: string, payload: object): Promise<Outcome> {
    const res = await t.rest(user, { method: 'POST', url, payload });
    const body = res.json() as { data?: MovementData; code?: string };
    return { status: res.statusCode, code: body.code, data: body.data };
  }

  async function trpcCall(run: () => Promise<{ data: MovementData }>): Promise<Outcome> {
    try {
      const result = await run();
      return { status: 200, data: result.data };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const appCode = (error as { appCode?: string }).appCode;
      return {
        status: getHTTPStatusCodeFromError(error),
        code: appCode ?? (error.cause instanceof ZodError ? 'VALIDATION_ERROR' : error.code),
      };
    }
  }

  function perform(
    door: Door,
    user: TestUser,
    op: Op,
    accountId: string | null,
    amount: unknown,
  ): Promise<Outcome> {
    // Invalid amounts (strings, NaN) are sent as they are: the API must refuse them, not the types.
    const units = amount as number;
    if (op.type === 'expenseNoAccount') {
      const input = op.explicitNull ? { amount: units, accountId: null } : { amount: units };
      return door === 'rest'
        ? restCall(user, '/api/expenses/expense', input)
        : trpcCall(() => t.caller(user).expense.create(input));
    }
    const id = accountId as string;
    if (op.type === 'expense') {
      return door === 'rest'
        ? restCall(user, '/api/expenses/expense', { amount: units, accountId: id })
        : trpcCall(() => t.caller(user).expense.create({ amount: units, accountId: id }));
    }
    if (door === 'rest') return restCall(user, `/api/account/${id}/${op.type}`, { amount: units });
    const caller = t.caller(user);
    return trpcCall(() =>
      op.type === 'deposit'
        ? caller.account.deposit({ id, amount: units })
        : caller.account.withdraw({ id, amount: units }),
    );
  }

  interface DbState {
    accounts: Map<string, { balanceCents: bigint; ledgerCents: bigint }>;
    rowCount: number;
    unassignedCents: bigint;
  }

  async function readDb(userId: string): Promise<DbState> {
    const db = t.database.db;
    const accounts = await sql<{ id: string; balance_cents: string; ledger_cents: string }>`
      SELECT a.id,
             a.balance_cents::text AS balance_cents,
             COALESCE((
               SELECT SUM(CASE WHEN tr.transaction_type = 'deposit'
                               THEN tr.amount_cents ELSE -tr.amount_cents END)
               FROM transactions tr WHERE tr.account_id = a.id
             ), 0)::text AS ledger_cents
      FROM accounts a
      WHERE a.user_id = ${userId}`.execute(db);
    const totals = await sql<{ row_count: string; unassigned_cents: string }>`
      SELECT COUNT(*)::text AS row_count,
             COALESCE(SUM(amount_cents) FILTER (WHERE account_id IS NULL), 0)::text
               AS unassigned_cents
      FROM transactions WHERE user_id = ${userId}`.execute(db);
    const total = totals.rows[0];
    if (!total) throw new Error('no totals row');
    return {
      accounts: new Map(
        accounts.rows.map((r) => [
          r.id,
          { balanceCents: BigInt(r.balance_cents), ledgerCents: BigInt(r.ledger_cents) },
        ]),
      ),
      rowCount: Number(total.row_count),
      unassignedCents: BigInt(total.unassigned_cents),
    };
  }

  async function createAccount(user: TestUser, title: string): Promise<string> {
    const res = await t.rest(user, { method: 'POST', url: '/api/account', payload: { title } });
    expect(res.statusCode).toBe(200);
    const account = (res.json() as { data: { id: string; balance: number } }).data;
    expect(account.balance).toBe(0);
    return account.id;
  }

  it('keeps every balance equal to the cents model and to its signed ledger sum', async () => {
    const numRuns = 50;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ accountCount, firstDoor, ops }) => {
        const user = await t.signUp();
        const ids: string[] = [];
        for (let i = 0; i < accountCount; i++) ids.push(await createAccount(user, `Acc ${i}`));
        const model = new Map<string, bigint>(ids.map((id) => [id, 0n]));
        const modelBalance = (id: string) => must(model.get(id), `model balance of ${id}`);
        let modelRows = 0;
        let modelUnassigned = 0n;

        for (const [step, op] of ops.entries()) {
          const door: Door = (step % 2 === 0) === (firstDoor === 'rest') ? 'rest' : 'trpc';
          const accountId =
            op.type === 'expenseNoAccount' ? null : must(ids[op.slot % ids.length], 'account');
          const before = accountId === null ? 0n : modelBalance(accountId);
          const expectedType = op.type === 'expenseNoAccount' ? 'expense' : op.type;
          const { sent, cents } = resolveAmount(op.amount, before);
          const where = `step ${step} via ${door}: ${op.type} ${String(sent)} (balance ${before})`;

          // What the model says must happen.
          let expected: { status: number; code?: string };
          let after = before;
          if (cents === null) {
            expected = { status: 400, code: 'VALIDATION_ERROR' };
          } else if (op.type === 'deposit') {
            after = before + cents;
            expected =
              after > MAX_BALANCE_CENTS
                ? { status: 422, code: 'BALANCE_LIMIT_EXCEEDED' }
                : { status: 200 };
          } else if (op.type === 'expenseNoAccount') {
            expected = { status: 200 };
          } else {
            after = before - cents;
            expected = after < 0n ? { status: 422, code: 'INSUFFICIENT_FUNDS' } : { status: 200 };
          }
          if (expected.status !== 200) after = before;

          const outcome = await perform(door, user, op, accountId, sent);
          expect(outcome.status, where).toBe(expected.status);
          if (expected.code) expect(outcome.code, where).toBe(expected.code);

          if (expected.status === 200 && cents !== null) {
            modelRows += 1;
            if (accountId === null) modelUnassigned += cents;
            else model.set(accountId, after);

            const data = must(outcome.data, `reply data at ${where}`);
            const tx = data.transaction;
            expect(tx.amount, where).toBe(sent);
            expect(tx.accountId, where).toBe(accountId);
            expect(tx.transactionType, where).toBe(expectedType);
            if (accountId === null) {
              expect(data.account, where).toBeNull();
            } else {
              expect(data.account?.id, where).toBe(accountId);
              expectBalance(data.account?.balance, after, `${where}: movement reply`);
            }
            const row = await sql<{
              amount_cents: string;
              account_id: string | null;
              transaction_type: string;
              user_id: string;
            }>`
              SELECT amount_cents::text AS amount_cents, account_id, transaction_type, user_id
              FROM transactions WHERE id = ${tx.id}`.execute(t.database.db);
            expect(row.rows, where).toEqual([
              {
                amount_cents: cents.toString(),
                account_id: accountId,
                transaction_type: expectedType,
                user_id: user.id,
              },
            ]);
          }

          // Every account, through the API and in the database, after every step.
          for (const id of ids) {
            const res = await t.rest(user, { method: 'GET', url: `/api/account/${id}` });
            expect(res.statusCode, where).toBe(200);
            const balance = (res.json() as { data: { balance: number } }).data.balance;
            expectBalance(balance, modelBalance(id), `${where}: GET ${id}`);
          }
          const state = await readDb(user.id);
          expect(state.accounts.size, where).toBe(ids.length);
          for (const id of ids) {
            const stored = state.accounts.get(id);
            expect(stored?.balanceCents, `${where}: balance_cents of ${id}`).toBe(model.get(id));
            expect(stored?.ledgerCents, `${where}: ledger sum of ${id}`).toBe(model.get(id));
          }
          expect(state.rowCount, `${where}: ledger rows`).toBe(modelRows);
          expect(state.unassignedCents, `${where}: expenses without account`).toBe(modelUnassigned);
        }
      }),
      // Shrinking a failure stops in time for fast-check to report its counterexample.
      { numRuns, interruptAfterTimeLimit: 90_000 },
    );
  }, 120_000);

  it('adds 0.1 and 0.2 to exactly 0.3 and takes exactly 0.3 back out', async () => {
    const user = await t.signUp();
    const id = await createAccount(user, 'Floats');

    const first = await t.rest(user, {
      method: 'POST',
      url: `/api/account/${id}/deposit`,
      payload: { amount: 0.1 },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.caller(user).account.deposit({ id, amount: 0.2 });
    expect(second.data.account?.balance).toBe(0.3);

    const res = await t.rest(user, { method: 'GET', url: `/api/account/${id}` });
    expect((res.json() as { data: { balance: number } }).data.balance).toBe(0.3);
    const stored = await sql<{ balance_cents: string }>`
      SELECT balance_cents::text AS balance_cents FROM accounts WHERE id = ${id}`.execute(
      t.database.db,
    );
    expect(stored.rows).toEqual([{ balance_cents: '30' }]);
    const rows = await sql<{ amount_cents: string }>`
      SELECT amount_cents::text AS amount_cents FROM transactions
      WHERE account_id = ${id} ORDER BY seq`.execute(t.database.db);
    expect(rows.rows.map((r) => r.amount_cents)).toEqual(['10', '20']);

    // 0.1 + 0.2 computed in floating point is not a whole number of cents: refused, not rounded.
    const noisy = await t.rest(user, {
      method: 'POST',
      url: `/api/account/${id}/deposit`,
      payload: { amount: 0.1 + 0.2 },
    });
    expect(noisy.statusCode).toBe(400);

    // A float balance of 0.30000000000000004 would refuse this or leave dust behind.
    const out = await t.rest(user, {
      method: 'POST',
      url: `/api/account/${id}/withdraw`,
      payload: { amount: 0.3 },
    });
    expect(out.statusCode).toBe(200);
    expect((out.json() as { data: MovementData }).data.account?.balance).toBe(0);
  });
});
