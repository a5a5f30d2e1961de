import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '../../src/server/trpc/errors.js';
import { restDoor, trpcDoor, type Outcome as DoorOutcome } from '../helpers/doors.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import {
  LedgerModel,
  cutInto,
  movesReconciled,
  type ModelEntry,
  type ModelState,
  type PlannedRow,
  type Refusal,
} from '../helpers/ledger-model.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';

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

/**
 * The rows a change that sets `categoryId` on `entries` writes: one per entry whose category it
 * changes (bulk re-categorise and a rule applied to entries plan alike).
 */
function categorisedRows(entries: ModelEntry[], categoryId: string | null): PlannedRow[] {
  return entries
    .filter((entry) => entry.state.categoryId !== categoryId)
    .map((entry) => ({
      entryId: entry.id,
      type: entry.type,
      before: entry.state,
      after: { ...entry.state, categoryId },
    }));
}

describe(`ledger property (${testBackend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function restCall(user: TestUser, url: string, payload: object): Promise<Outcome> {
    const res = await t.rest(user, { method: 'POST', url, payload });
    const body = res.json<{ data?: MovementData; code?: string }>();
    return { status: res.statusCode, code: body.code, data: body.data };
  }

  async function trpcCall(run: () => Promise<{ data: MovementData }>): Promise<Outcome> {
    try {
      const result = await run();
      return { status: 200, data: result.data };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return { status: getHTTPStatusCodeFromError(error), code: describeError(error).code };
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

  async function readDb(bookId: string): Promise<DbState> {
    const db = t.database.db;
    const accounts = await sql<{ id: string; balance_cents: string; ledger_cents: string }>`
      SELECT a.id,
             a.balance_cents::text AS balance_cents,
             COALESCE((
               SELECT SUM(CASE WHEN tr.transaction_type = 'deposit'
                               THEN tr.amount_cents ELSE -tr.amount_cents END)
               FROM transactions tr WHERE tr.account_id = a.id AND tr.deleted_at IS NULL
             ), 0)::text AS ledger_cents
      FROM accounts a
      WHERE a.book_id = ${bookId}`.execute(db);
    const totals = await sql<{ row_count: string; unassigned_cents: string }>`
      SELECT COUNT(*)::text AS row_count,
             COALESCE(SUM(amount_cents) FILTER (WHERE account_id IS NULL), 0)::text
               AS unassigned_cents
      FROM transactions WHERE book_id = ${bookId} AND deleted_at IS NULL`.execute(db);
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
    const account = res.json<{ data: { id: string; balance: number } }>().data;
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
              book_id: string;
              created_by: string;
            }>`
              SELECT amount_cents::text AS amount_cents, account_id, transaction_type, book_id,
                     created_by
              FROM transactions WHERE id = ${tx.id}`.execute(t.database.db);
            expect(row.rows, where).toEqual([
              {
                amount_cents: cents.toString(),
                account_id: accountId,
                transaction_type: expectedType,
                book_id: user.bookId,
                created_by: user.id,
              },
            ]);
          }

          // Every account, through the API and in the database, after every step.
          for (const id of ids) {
            const res = await t.rest(user, { method: 'GET', url: `/api/account/${id}` });
            expect(res.statusCode, where).toBe(200);
            const balance = res.json<{ data: { balance: number } }>().data.balance;
            expectBalance(balance, modelBalance(id), `${where}: GET ${id}`);
          }
          const state = await readDb(user.bookId);
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
    expect(res.json<{ data: { balance: number } }>().data.balance).toBe(0.3);
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
    expect(out.json<{ data: MovementData }>().data.account?.balance).toBe(0);
  });
});

/**
 * The whole ledger of issues 13 and 22 against an integer-cents model
 * (tests/helpers/ledger-model.ts): random sequences of creations (split or not, dated), edits,
 * deletes, undos, transfers and their edits and deletes, bulk changes, credit limits, entries
 * marked cleared or not, and accounts reconciled against statements (right or wrong), through
 * REST and tRPC in turn. Edits and deletes of reconciled entries are refused unless confirmed
 * (docs/ledger.md#reconciliation). After every step: each balance is the model's and the signed
 * sum of its live entries; every transfer's legs net to zero; split lines sum to their entry;
 * every entry's history replays to its state (ledgerViolations); every entry's date and cleared
 * state are the model's; one account's reconciliation summary is the model's; and a refused
 * step (a RECONCILED_ENTRY refusal included) changed nothing at all.
 */
type FullOp =
  | {
      kind: 'create';
      type: 'deposit' | 'withdraw' | 'expense';
      slot: number;
      cents: number;
      lines: number;
      date: number;
    }
  | {
      kind: 'edit';
      pick: number;
      cents: number | null;
      slot: number | null;
      category: number | null;
      lines: number | null;
      date: number | null;
      version: 'none' | 'current' | 'stale';
      confirm: boolean;
    }
  | { kind: 'delete'; pick: number; confirm: boolean }
  | { kind: 'undo'; pick: number }
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | {
      kind: 'transferEdit';
      pick: number;
      cents: number | null;
      from: number | null;
      to: number | null;
      confirm: boolean;
    }
  | { kind: 'transferDelete'; pick: number; confirm: boolean }
  | { kind: 'bulkDelete'; picks: number[]; confirm: boolean }
  | { kind: 'bulkCategorize'; picks: number[]; category: number | null }
  | { kind: 'ruleApply'; picks: number[]; category: number; version: 'current' | 'stale' }
  | { kind: 'creditLimit'; slot: number; cents: number }
  | { kind: 'setCleared'; pick: number; cleared: boolean; confirm: boolean }
  /** `on`: an index into the statement dates; `offCents`: 0 for the right balance. */
  | { kind: 'reconcile'; slot: number; on: number; offCents: number };

/** The days entries are dated; the funding deposits are dated today, after all of them. */
const DATES = ['2026-01-05', '2026-01-10', '2026-01-15'] as const;
const dateAt = (n: number) => DATES[n % DATES.length] as string;
/** Mostly unconfirmed, so that the lock on reconciled entries is met as often as passed. */
const confirm = fc.constantFrom(false, false, true);

const smallCents = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 50_000 }) },
);
const pick = fc.nat({ max: 1_000 });
const accountSlot = fc.integer({ min: 0, max: 2 });

const fullOp: fc.Arbitrary<FullOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      type: fc.constantFrom(
        'deposit' as const,
        'deposit' as const,
        'withdraw' as const,
        'expense' as const,
      ),
      slot: fc.integer({ min: -1, max: 2 }),
      cents: smallCents,
      lines: fc.constantFrom(0, 0, 2, 3),
      date: fc.nat({ max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick,
      cents: fc.option(smallCents),
      slot: fc.option(fc.integer({ min: -1, max: 2 })),
      category: fc.option(fc.integer({ min: 0, max: 2 })),
      lines: fc.option(fc.constantFrom(0, 2, 3)),
      date: fc.option(fc.nat({ max: 2 }), { freq: 4 }),
      version: fc.constantFrom('none' as const, 'current' as const, 'stale' as const),
      confirm,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick, confirm }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: accountSlot,
      to: fc.nat({ max: 4 }),
      cents: smallCents,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transferEdit' as const),
      pick,
      cents: fc.option(smallCents),
      from: fc.option(accountSlot),
      to: fc.option(accountSlot),
      confirm,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('transferDelete' as const), pick, confirm }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkDelete' as const),
      picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
      confirm,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkCategorize' as const),
      picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
      category: fc.option(fc.integer({ min: 0, max: 2 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('ruleApply' as const),
      picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
      category: fc.integer({ min: 0, max: 2 }),
      version: fc.constantFrom('current' as const, 'current' as const, 'stale' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('creditLimit' as const),
      slot: accountSlot,
      cents: fc.integer({ min: 0, max: 20_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('setCleared' as const),
      pick,
      cleared: fc.constantFrom(true, true, true, false),
      confirm,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reconcile' as const),
      slot: accountSlot,
      // Today (after every entry) half the time.
      on: fc.oneof(fc.nat({ max: DATES.length }), fc.constant(DATES.length)),
      // Mostly the right balance; otherwise off by a cent or more, either way.
      offCents: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: -500, max: 500 }) },
      ),
    }),
  },
);

/** Against the three funded accounts (100.00 each): one step for each outcome the property counts. */
const everyOutcomeOnce: FullOp[] = [
  { kind: 'create', type: 'withdraw', slot: 0, cents: 50_000, lines: 0, date: 0 }, // 422: over the balance
  { kind: 'create', type: 'expense', slot: 0, cents: 1_000, lines: 0, date: 1 }, // entry 3
  {
    kind: 'edit',
    pick: 3,
    cents: 1_500,
    slot: null,
    category: null,
    lines: null,
    date: null,
    version: 'current',
    confirm: false,
  },
  {
    kind: 'edit',
    pick: 3,
    cents: null,
    slot: null,
    category: null,
    lines: null,
    date: null,
    version: 'stale',
    confirm: false,
  },
  {
    kind: 'edit',
    pick: 3,
    cents: 50_000,
    slot: null,
    category: null,
    lines: null,
    date: null,
    version: 'none',
    confirm: false,
  },
  { kind: 'delete', pick: 3, confirm: false }, // change 5
  { kind: 'undo', pick: 5 },
  { kind: 'undo', pick: 5 }, // 409: already undone
  { kind: 'transfer', from: 1, to: 1, cents: 2_000 },
  { kind: 'transferEdit', pick: 0, cents: 3_000, from: null, to: null, confirm: false },
  { kind: 'bulkCategorize', picks: [0, 1], category: 0 },
  { kind: 'bulkDelete', picks: [3], confirm: false },
  { kind: 'ruleApply', picks: [0, 1], category: 1, version: 'current' },
  { kind: 'creditLimit', slot: 0, cents: 5_000 },
  { kind: 'transferDelete', pick: 0, confirm: false },
  // Reconciliation: account 0's funding deposit (entry 0, dated today) cleared and reconciled.
  { kind: 'setCleared', pick: 0, cleared: true, confirm: false },
  { kind: 'reconcile', slot: 0, on: DATES.length, offCents: 1 }, // 409: a cent off
  { kind: 'reconcile', slot: 0, on: DATES.length, offCents: 0 },
  {
    kind: 'edit',
    pick: 0,
    cents: 9_000,
    slot: null,
    category: null,
    lines: null,
    date: null,
    version: 'none',
    confirm: false,
  }, // 409 RECONCILED_ENTRY
  { kind: 'setCleared', pick: 0, cleared: false, confirm: false }, // 409 RECONCILED_ENTRY
  {
    kind: 'edit',
    pick: 0,
    cents: 9_000,
    slot: null,
    category: null,
    lines: null,
    date: null,
    version: 'none',
    confirm: true,
  }, // change 15
  { kind: 'undo', pick: 15 }, // back to 100.00, still reconciled: an undo asks no confirmation
];

describe(`ledger property, every operation of issue 13 (${testBackend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const units = (cents: bigint | number) => Number(cents) / 100;

  /** Everything of one book a refused step must leave exactly as it was. */
  async function fingerprint(bookId: string) {
    const db = t.database.db;
    const [accounts, entries, splits, history, changes] = await Promise.all([
      db
        .selectFrom('accounts')
        .select(['id', 'balance_cents', 'credit_limit_cents', 'updated_at'])
        .where('book_id', '=', bookId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('transactions')
        .selectAll()
        .where('book_id', '=', bookId)
        .orderBy('seq')
        .execute(),
      db
        .selectFrom('entry_splits')
        .selectAll()
        .where('book_id', '=', bookId)
        .orderBy('id')
        .execute(),
      db.selectFrom('entry_history').select('id').where('book_id', '=', bookId).execute(),
      db
        .selectFrom('entry_changes')
        .selectAll()
        .where('book_id', '=', bookId)
        .orderBy('seq')
        .execute(),
    ]);
    return { accounts, entries, splits, history: history.length, changes };
  }

  it('keeps every invariant through random sequences of every operation', async () => {
    /** "kind status" -> how many steps ended so: the property must not pass vacuously. */
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Door>('rest', 'trpc'),
        fc.array(fullOp, { minLength: 1, maxLength: 30, size: 'max' }),
        async (firstDoor, ops) => {
          const user = await t.signUp();
          const doors = { rest: restDoor(t, user), trpc: trpcDoor(t, user) };
          const categoryRows = await t.database.db
            .selectFrom('categories')
            .select('id')
            .where('book_id', '=', user.bookId)
            .orderBy('name')
            .limit(3)
            .execute();
          const categories = categoryRows.map((row) => row.id);
          const model = new LedgerModel();
          const accounts: string[] = [];
          // The funding deposits' day (the book's today): the last statement date.
          let today = '';
          for (let i = 0; i < 3; i++) {
            const created = await doors.rest.createAccount({ title: `Acc ${i}` });
            accounts.push(created.body.data.id);
            model.addAccount(created.body.data.id);
            // Funds to move around, so that debits go through as often as they are refused.
            const funded = await doors.rest.deposit(created.body.data.id, { amount: 100 });
            today = funded.body.data.transaction.occurredOn;
            model.commit(funded.body.data.changeId, [
              {
                entryId: funded.body.data.transaction.id,
                type: 'deposit',
                before: null,
                after: {
                  accountId: created.body.data.id,
                  amount: 10_000n,
                  splits: [],
                  categoryId: null,
                  deleted: false,
                  occurredOn: today,
                  cleared: 'uncleared',
                },
              },
            ]);
          }
          const statementDates = [...DATES, today];
          const accountAt = (slot: number) => accounts[slot % accounts.length] as string;
          const liveOrNot = () => model.entryOrder;

          for (const [step, op] of ops.entries()) {
            const door = doors[(step % 2 === 0) === (firstDoor === 'rest') ? 'rest' : 'trpc'];
            const where = `step ${step} via ${door.name}: ${JSON.stringify(op)}`;
            // What must happen: a refusal, or rows to commit once the call tells the new ids.
            let expected: Refusal | { rows: PlannedRow[]; undoes?: string } | null = null;
            let call: () => Promise<DoorOutcome>;
            let onSuccess: (body: DoorOutcome['body']) => void | Promise<void> = () => {};

            const entryAt = (n: number) => {
              const ids = liveOrNot();
              return ids.length === 0
                ? null
                : (model.entries.get(ids[n % ids.length] as string) ?? null);
            };
            // Edits, deletes and cleared marks aim at a reconciled entry a third of the time when
            // there is one, so that random sequences meet the lock, not only the example.
            const targetAt = (n: number) => {
              const reconciled = liveOrNot()
                .map((id) => model.entries.get(id) as ModelEntry)
                .filter((entry) => entry.state.cleared === 'reconciled' && !entry.state.deleted);
              return n % 3 === 0 && reconciled.length > 0
                ? (reconciled[Math.floor(n / 3) % reconciled.length] as ModelEntry)
                : entryAt(n);
            };
            const transferAt = (n: number) => {
              const ids = [...model.transfers.keys()];
              return ids.length === 0 ? null : (ids[n % ids.length] as string);
            };

            switch (op.kind) {
              case 'create': {
                const type = op.type;
                const accountId =
                  op.slot < 0 && type === 'expense' ? null : accountAt(Math.max(op.slot, 0));
                const cents = BigInt(op.cents);
                const lines = type === 'deposit' ? null : cutInto(cents, op.lines);
                const after: ModelState = {
                  accountId,
                  amount: cents,
                  splits: lines ?? [],
                  categoryId: null,
                  deleted: false,
                  occurredOn: dateAt(op.date),
                  cleared: 'uncleared',
                };
                const rows: PlannedRow[] = [{ entryId: 'new', type, before: null, after }];
                expected = model.balanceRefusal(rows) ?? { rows };
                call = () =>
                  door.createEntry({
                    type,
                    accountId,
                    occurredOn: after.occurredOn,
                    amount: units(cents),
                    ...(lines && { splits: lines.map((line) => ({ amount: units(line) })) }),
                  });
                onSuccess = (body) => {
                  model.commit(
                    body.data.changeId,
                    rows,
                    new Map([['new', body.data.transaction.id]]),
                  );
                };
                break;
              }
              case 'edit': {
                const entry = targetAt(op.pick);
                if (!entry) continue;
                const input: Record<string, unknown> = {};
                const before = entry.state;
                const after: ModelState = { ...before };
                if (op.cents !== null) {
                  after.amount = BigInt(op.cents);
                  input.amount = units(after.amount);
                }
                if (op.slot !== null) {
                  after.accountId = op.slot < 0 ? null : accountAt(op.slot);
                  input.accountId = after.accountId;
                }
                if (op.date !== null) {
                  after.occurredOn = dateAt(op.date);
                  input.occurredOn = after.occurredOn;
                }
                let refusal: Refusal | null = null;
                if (op.lines !== null) {
                  const lines = op.lines === 0 ? [] : cutInto(after.amount, op.lines);
                  if (lines) {
                    after.splits = lines;
                    input.splits = lines.length
                      ? lines.map((line) => ({ amount: units(line) }))
                      : null;
                    if (lines.length) after.categoryId = null;
                  }
                } else if (op.category !== null) {
                  after.categoryId = categories[op.category] as string;
                  input.categoryId = after.categoryId;
                  if (after.splits.length) refusal = { status: 422, code: 'UNPROCESSABLE' };
                }
                if (Object.keys(input).length === 0) input.description = `edit ${step}`;
                if (op.confirm) input.confirmReconciled = true;
                if (op.version !== 'none') {
                  input.expectedVersion = entry.version + (op.version === 'stale' ? 1 : 0);
                }
                const splitSum = after.splits.reduce((sum, line) => sum + line, 0n);
                if (entry.state.deleted) refusal = { status: 404, code: 'NOT_FOUND' };
                else if (entry.transferId) refusal = { status: 422, code: 'TRANSFER_ENTRY' };
                else if (op.version === 'stale') refusal = { status: 409, code: 'CONFLICT' };
                else if (after.accountId === null && entry.type !== 'expense') {
                  refusal = { status: 400, code: 'VALIDATION_ERROR' };
                } else if (after.splits.length && entry.type === 'deposit') {
                  refusal = { status: 422, code: 'UNPROCESSABLE' };
                } else if (!refusal && after.splits.length && splitSum !== after.amount) {
                  refusal = { status: 422, code: 'UNPROCESSABLE' };
                }
                const rows: PlannedRow[] = [{ entryId: entry.id, type: entry.type, before, after }];
                expected = refusal ??
                  model.lockRefusal(rows, op.confirm) ??
                  model.balanceRefusal(rows) ?? { rows };
                call = () => door.updateEntry(entry.id, input);
                onSuccess = (body) => model.commit(body.data.changeId, rows);
                break;
              }
              case 'delete':
              case 'bulkDelete': {
                const picked = op.kind === 'delete' ? [op.pick] : op.picks;
                const entries = [...new Set(picked.map(targetAt))].filter((e) => e !== null);
                if (entries.length === 0) continue;
                const rows = entries.map((entry) => ({
                  entryId: entry.id,
                  type: entry.type,
                  before: entry.state,
                  after: { ...entry.state, deleted: true },
                }));
                if (entries.some((entry) => entry.state.deleted))
                  expected = { status: 404, code: 'NOT_FOUND' };
                else if (entries.some((entry) => entry.transferId)) {
                  expected = { status: 422, code: 'TRANSFER_ENTRY' };
                } else {
                  expected = model.lockRefusal(rows, op.confirm) ??
                    model.balanceRefusal(rows) ?? { rows };
                }
                const ids = entries.map((entry) => entry.id);
                call = () =>
                  op.kind === 'delete'
                    ? door.deleteEntry(ids[0] as string, undefined, op.confirm)
                    : door.bulkDelete({ ids, ...(op.confirm && { confirmReconciled: true }) });
                onSuccess = (body) => model.commit(body.data.changeId, rows);
                break;
              }
              case 'bulkCategorize': {
                const entries = [...new Set(op.picks.map(entryAt))].filter((e) => e !== null);
                if (entries.length === 0) continue;
                const categoryId =
                  op.category === null ? null : (categories[op.category] as string);
                if (entries.some((entry) => entry.state.deleted))
                  expected = { status: 404, code: 'NOT_FOUND' };
                else if (entries.some((entry) => entry.transferId)) {
                  expected = { status: 422, code: 'TRANSFER_ENTRY' };
                } else if (entries.some((entry) => entry.state.splits.length)) {
                  expected = { status: 422, code: 'UNPROCESSABLE' };
                } else {
                  expected = { rows: categorisedRows(entries, categoryId) };
                }
                const rows = 'rows' in expected ? expected.rows : [];
                call = () =>
                  door.bulkCategorize({ ids: entries.map((entry) => entry.id), categoryId });
                onSuccess = (body) => model.commit(body.data.changeId, rows);
                break;
              }
              case 'ruleApply': {
                // A rule that matches every entry (amount from 0) and sets a category, applied
                // to the picked entries with the versions the model knows (or one ahead: stale).
                const entries = [...new Set(op.picks.map(entryAt))].filter((e) => e !== null);
                if (entries.length === 0) continue;
                const categoryId = categories[op.category] as string;
                if (op.version === 'stale' || entries.some((entry) => entry.state.deleted)) {
                  expected = { status: 409, code: 'CONFLICT' };
                } else if (entries.some((entry) => entry.transferId)) {
                  expected = { status: 422, code: 'TRANSFER_ENTRY' };
                } else if (entries.some((entry) => entry.state.splits.length)) {
                  expected = { status: 422, code: 'UNPROCESSABLE' };
                } else {
                  expected = { rows: categorisedRows(entries, categoryId) };
                }
                const rows = 'rows' in expected ? expected.rows : [];
                call = () =>
                  door.applyRule({
                    name: 'Every entry',
                    amountMin: 0,
                    set: { categoryId },
                    entries: entries.map((entry) => ({
                      id: entry.id,
                      version: entry.version + (op.version === 'stale' ? 1 : 0),
                    })),
                  });
                onSuccess = (body) => model.commit(body.data.changeId, rows);
                break;
              }
              case 'undo': {
                if (model.changes.length === 0) continue;
                const change = model.changes[op.pick % model.changes.length];
                if (!change) continue;
                const planned = model.planUndo(change.id);
                expected = Array.isArray(planned) ? { rows: planned, undoes: change.id } : planned;
                call = () => door.undo(change.id);
                onSuccess = (body) => {
                  model.commit(body.data.changeId, planned as PlannedRow[]);
                  model.markUndone(change.id);
                };
                break;
              }
              case 'transfer': {
                const from = accountAt(op.from);
                // Mostly two different accounts; sometimes the same one, which is refused.
                const to = accountAt(op.from + ([0, 1, 1, 2, 2][op.to % 5] ?? 0));
                const cents = BigInt(op.cents);
                const occurredOn = dateAt(op.from + op.to);
                const leg = (accountId: string): ModelState => ({
                  accountId,
                  amount: cents,
                  splits: [],
                  categoryId: null,
                  deleted: false,
                  occurredOn,
                  cleared: 'uncleared',
                });
                const rows: PlannedRow[] = [
                  { entryId: 'out', type: 'transfer_out', before: null, after: leg(from) },
                  { entryId: 'in', type: 'transfer_in', before: null, after: leg(to) },
                ];
                expected =
                  from === to
                    ? { status: 400, code: 'VALIDATION_ERROR' }
                    : (model.balanceRefusal(rows) ?? { rows });
                call = () =>
                  door.createTransfer({
                    fromAccountId: from,
                    toAccountId: to,
                    occurredOn,
                    amount: units(cents),
                  });
                onSuccess = async (body) => {
                  const transferId = body.data.transfer.id as string;
                  const legs = await t.database.db
                    .selectFrom('transactions')
                    .select(['id', 'transaction_type'])
                    .where('transfer_id', '=', transferId)
                    .execute();
                  const outId = legs.find((l) => l.transaction_type === 'transfer_out')
                    ?.id as string;
                  const inId = legs.find((l) => l.transaction_type === 'transfer_in')?.id as string;
                  model.commit(
                    body.data.changeId,
                    rows,
                    new Map([
                      ['out', outId],
                      ['in', inId],
                    ]),
                  );
                  for (const id of [outId, inId]) {
                    const entry = model.entries.get(id);
                    if (entry) entry.transferId = transferId;
                  }
                  model.transfers.set(transferId, [outId, inId]);
                };
                break;
              }
              case 'transferEdit':
              case 'transferDelete': {
                const transferId = transferAt(op.pick);
                if (!transferId) continue;
                const [outId, inId] = model.transfers.get(transferId) as [string, string];
                const out = model.entries.get(outId) as ModelEntry;
                const incoming = model.entries.get(inId) as ModelEntry;
                const outAfter: ModelState = { ...out.state };
                const inAfter: ModelState = { ...incoming.state };
                const input: Record<string, unknown> = {};
                if (op.kind === 'transferDelete') {
                  outAfter.deleted = true;
                  inAfter.deleted = true;
                } else {
                  if (op.cents !== null) {
                    outAfter.amount = inAfter.amount = BigInt(op.cents);
                    input.amount = units(op.cents);
                  }
                  if (op.from !== null)
                    input.fromAccountId = outAfter.accountId = accountAt(op.from);
                  if (op.to !== null) input.toAccountId = inAfter.accountId = accountAt(op.to);
                  if (Object.keys(input).length === 0) input.description = `edit ${step}`;
                  if (op.confirm) input.confirmReconciled = true;
                }
                const rows: PlannedRow[] = [
                  { entryId: outId, type: 'transfer_out', before: out.state, after: outAfter },
                  { entryId: inId, type: 'transfer_in', before: incoming.state, after: inAfter },
                ];
                if (out.state.deleted) expected = { status: 404, code: 'NOT_FOUND' };
                else if (outAfter.accountId === inAfter.accountId) {
                  expected = { status: 400, code: 'VALIDATION_ERROR' };
                } else {
                  expected = model.lockRefusal(rows, op.confirm) ??
                    model.balanceRefusal(rows) ?? { rows };
                }
                call = () =>
                  op.kind === 'transferDelete'
                    ? door.deleteTransfer(transferId, undefined, op.confirm)
                    : door.updateTransfer(transferId, input);
                onSuccess = (body) => model.commit(body.data.changeId, rows);
                break;
              }
              case 'creditLimit': {
                const id = accountAt(op.slot);
                const cents = BigInt(op.cents);
                const balance = model.balances.get(id) ?? 0n;
                expected = balance < -cents ? { status: 422, code: 'UNPROCESSABLE' } : { rows: [] };
                call = () => door.setCreditLimit(id, units(cents));
                onSuccess = () => {
                  model.limits.set(id, cents);
                };
                break;
              }
              case 'setCleared': {
                const entry = targetAt(op.pick);
                if (!entry) continue;
                const before = entry.state;
                // Asking for cleared keeps a reconciled entry reconciled.
                const wanted = op.cleared
                  ? before.cleared === 'uncleared'
                    ? 'cleared'
                    : before.cleared
                  : 'uncleared';
                const rows: PlannedRow[] =
                  wanted === before.cleared
                    ? []
                    : [
                        {
                          entryId: entry.id,
                          type: entry.type,
                          before,
                          after: { ...before, cleared: wanted },
                        },
                      ];
                expected = before.deleted
                  ? { status: 404, code: 'NOT_FOUND' }
                  : (model.lockRefusal(rows, op.confirm) ?? { rows });
                call = () =>
                  door.setCleared(entry.id, {
                    cleared: op.cleared,
                    ...(op.confirm && { confirmReconciled: true }),
                  });
                onSuccess = (body) => {
                  expect(body.data.transaction.cleared, where).toBe(wanted);
                  // Asking for the state it has records nothing (changeId null).
                  if (rows.length === 0) expect(body.data.changeId, where).toBeNull();
                  else model.commit(body.data.changeId, rows);
                };
                break;
              }
              case 'reconcile': {
                // Mostly the account of an entry marked cleared, when there is one: a reconcile
                // that locks entries, which edits and deletes then meet.
                const cleared = liveOrNot()
                  .map((id) => model.entries.get(id) as ModelEntry)
                  .filter((entry) => entry.state.cleared === 'cleared' && !entry.state.deleted);
                const accountId =
                  (op.slot < 2 &&
                    cleared[op.slot % Math.max(1, cleared.length)]?.state.accountId) ||
                  accountAt(op.slot);
                const statementOn = statementDates[op.on % statementDates.length] as string;
                const { clearedCents } = model.reconciliationSummary(accountId, statementOn);
                const balance = clearedCents + BigInt(op.offCents);
                const rows: PlannedRow[] = model
                  .clearedRange(accountId, statementOn)
                  .filter((entry) => entry.state.cleared === 'cleared')
                  .map((entry) => ({
                    entryId: entry.id,
                    type: entry.type,
                    before: entry.state,
                    after: { ...entry.state, cleared: 'reconciled' },
                  }));
                expected = op.offCents !== 0 ? { status: 409, code: 'CONFLICT' } : { rows };
                call = () =>
                  door.reconcile(accountId, { statementOn, statementBalance: units(balance) });
                onSuccess = (body) => {
                  expect(body.data.count, `${where}: entries reconciled`).toBe(rows.length);
                  model.commit(body.data.changeId, rows);
                  model.reconciliations.push({
                    accountId,
                    statementOn,
                    balance,
                    changeId: body.data.changeId,
                  });
                };
                break;
              }
            }

            const before = await fingerprint(user.bookId);
            const outcome = await call();
            const count = (label: string) => seen.set(label, (seen.get(label) ?? 0) + 1);
            count(`${op.kind} ${outcome.status}`);
            if (outcome.body?.code === 'RECONCILED_ENTRY') count('locked 409');
            if (expected && 'status' in expected) {
              expect(outcome.status, `${where}: ${JSON.stringify(outcome.body)}`).toBe(
                expected.status,
              );
              expect(outcome.body.code, where).toBe(expected.code);
              // Reconciled entries included: a refused step leaves every row as it was.
              expect(await fingerprint(user.bookId), `${where}: refused, yet changed`).toEqual(
                before,
              );
            } else {
              expect(outcome.status, `${where}: ${JSON.stringify(outcome.body)}`).toBe(200);
              if (expected?.rows.some((row) => movesReconciled(row.before, row.after))) {
                count(op.kind === 'undo' ? 'undone reconciled 200' : 'confirmed 200');
              }
              await onSuccess(outcome.body);
              if (op.kind === 'setCleared' && expected?.rows.length === 0) {
                expect(await fingerprint(user.bookId), `${where}: no-op, yet changed`).toEqual(
                  before,
                );
              }
            }

            // The database against the model, and the ledger's own invariants.
            const rows = await t.database.db
              .selectFrom('accounts')
              .select(['id', 'balance_cents'])
              .where('book_id', '=', user.bookId)
              .execute();
            for (const row of rows) {
              expect(BigInt(row.balance_cents), `${where}: balance of ${row.id}`).toBe(
                model.balances.get(row.id),
              );
            }
            const stored = await t.database.db
              .selectFrom('transactions')
              .select([
                'id',
                'amount_cents',
                'account_id',
                'deleted_at',
                'version',
                'category_id',
                'occurred_on',
                'cleared_state',
              ])
              .where('book_id', '=', user.bookId)
              .execute();
            expect(stored.length, `${where}: entries`).toBe(model.entries.size);
            for (const row of stored) {
              const entry = model.entries.get(row.id);
              expect(entry, `${where}: entry ${row.id} unknown to the model`).toBeDefined();
              expect(
                {
                  amount: BigInt(row.amount_cents),
                  accountId: row.account_id,
                  deleted: row.deleted_at !== null,
                  version: row.version,
                  categoryId: row.category_id,
                  occurredOn: row.occurred_on,
                  cleared: row.cleared_state,
                },
                `${where}: entry ${row.id}`,
              ).toEqual({
                amount: entry?.state.amount,
                accountId: entry?.state.accountId,
                deleted: entry?.state.deleted,
                version: entry?.version,
                categoryId: entry?.state.categoryId,
                occurredOn: entry?.state.occurredOn,
                cleared: entry?.state.cleared,
              });
            }
            expect(await ledgerViolations(t.database.db, user.bookId), where).toEqual([]);

            // One account's reconciliation summary (a different account and date each step),
            // through the step's door, against an arbitrary statement of 12.34.
            const summaryAccount = accountAt(step);
            const summaryOn = statementDates[step % statementDates.length] as string;
            const summary = await door.reconciliationSummary(summaryAccount, {
              statementOn: summaryOn,
              statementBalance: 12.34,
            });
            expect(summary.status, `${where}: summary`).toBe(200);
            const modelSummary = model.reconciliationSummary(summaryAccount, summaryOn);
            expect(
              {
                clearedBalance: summary.body.data.clearedBalance,
                difference: summary.body.data.difference,
                clearedCount: summary.body.data.clearedCount,
                last: summary.body.data.lastReconciliation
                  ? {
                      statementOn: summary.body.data.lastReconciliation.statementOn,
                      statementBalance: summary.body.data.lastReconciliation.statementBalance,
                    }
                  : null,
              },
              `${where}: reconciliation summary of ${summaryAccount} on ${summaryOn}`,
            ).toEqual({
              clearedBalance: units(modelSummary.clearedCents),
              difference: units(1234n - modelSummary.clearedCents),
              clearedCount: modelSummary.clearedCount,
              last: modelSummary.last
                ? {
                    statementOn: modelSummary.last.statementOn,
                    statementBalance: units(modelSummary.last.balance),
                  }
                : null,
            });
          }
        },
      ),
      {
        // 32, not 40: reconciliation made each run longer (cleared marks, reconciles, a summary
        // read per step); the file stays within its time (docs/testing.md).
        numRuns: 32,
        interruptAfterTimeLimit: 150_000,
        // Runs first: one sequence that reaches every outcome the check below asks for, so a slow
        // machine that gets through few random runs still proves the property is not vacuous.
        examples: [['rest', everyOutcomeOnce]],
      },
    );
    console.log(
      `ledger operations seen: ${[...seen.entries()]
        .sort()
        .map(([label, n]) => `${label}×${n}`)
        .join(', ')}`,
    );
    for (const label of [
      'create 200',
      'create 422',
      'edit 200',
      'edit 409',
      'edit 422',
      'delete 200',
      'undo 200',
      'undo 409',
      'transfer 200',
      'transferEdit 200',
      'transferDelete 200',
      'bulkDelete 200',
      'bulkCategorize 200',
      'ruleApply 200',
      'creditLimit 200',
      'setCleared 200',
      'reconcile 200',
      'reconcile 409',
      'locked 409',
      'confirmed 200',
      'undone reconciled 200',
    ]) {
      expect(seen.get(label) ?? 0, label).toBeGreaterThan(0);
    }
  }, 200_000);
});

/**
 * Any restore followed by any undo (docs/analytics.md#full-export-and-restore,
 * docs/ledger.md#history-and-undo): a book made by random operations is exported, perhaps
 * tampered with, and restored into another user's empty book; then random changes of the
 * restored book are undone. The restore either refuses the file (4xx, nothing written) or gives
 * a book that keeps every invariant, and so does every undo after it, whatever the history
 * says. The tampering edits one state in the middle of an entry's history consistently (the
 * `after` of one row and the `before` of the next), which the restore's own checks let through
 * when the state itself is one the ledger allows: the change engine is what must hold then.
 */
type Tamper =
  | { kind: 'none' }
  | {
      kind: 'amount' | 'type' | 'deleted' | 'account' | 'category' | 'splits' | 'entryAmount';
      pick: number;
    };

const tamper: fc.Arbitrary<Tamper> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Tamper>({ kind: 'none' }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'amount' as const,
        'type' as const,
        'deleted' as const,
        'account' as const,
        'category' as const,
        'splits' as const,
        'entryAmount' as const,
      ),
      pick,
    }),
  },
);

describe(`ledger property, restore then undo (${testBackend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const units = (cents: bigint | number) => Number(cents) / 100;

  /** Runs one operation on whatever the book holds now, whatever it answers (never a 5xx). */
  async function loosely(user: TestUser, op: FullOp, accounts: string[], categories: string[]) {
    const door = restDoor(t, user);
    const db = t.database.db;
    const entries = await db
      .selectFrom('transactions')
      .select(['id', 'transfer_id'])
      .where('book_id', '=', user.bookId)
      .orderBy('seq')
      .execute();
    const changes = await db
      .selectFrom('entry_changes')
      .select('id')
      .where('book_id', '=', user.bookId)
      .orderBy('seq')
      .execute();
    const entryAt = (n: number) => entries[n % Math.max(1, entries.length)];
    const account = (slot: number) => accounts[slot % accounts.length] as string;
    let outcome: DoorOutcome | null = null;
    switch (op.kind) {
      case 'create': {
        const lines = op.type === 'deposit' ? null : cutInto(BigInt(op.cents), op.lines);
        outcome = await door.createEntry({
          type: op.type,
          accountId: op.slot < 0 && op.type === 'expense' ? null : account(Math.max(0, op.slot)),
          amount: units(op.cents),
          ...(lines && { splits: lines.map((line) => ({ amount: units(line) })) }),
        });
        break;
      }
      case 'edit': {
        const entry = entryAt(op.pick);
        if (!entry || entry.transfer_id) break;
        outcome = await door.updateEntry(entry.id, {
          ...(op.cents !== null && { amount: units(op.cents) }),
          ...(op.category !== null && { categoryId: categories[op.category] }),
          ...(op.cents === null && op.category === null && { description: 'edited' }),
        });
        break;
      }
      case 'delete': {
        const entry = entryAt(op.pick);
        if (entry && !entry.transfer_id) outcome = await door.deleteEntry(entry.id);
        break;
      }
      case 'undo': {
        const change = changes[op.pick % Math.max(1, changes.length)];
        if (change) outcome = await door.undo(change.id);
        break;
      }
      case 'transfer':
        outcome = await door.createTransfer({
          fromAccountId: account(op.from),
          toAccountId: account(op.from + 1 + (op.to % (accounts.length - 1))),
          amount: units(op.cents),
        });
        break;
      case 'transferEdit':
      case 'transferDelete': {
        const legs = entries.filter((e) => e.transfer_id);
        const leg = legs[op.pick % Math.max(1, legs.length)];
        if (!leg?.transfer_id) break;
        outcome =
          op.kind === 'transferDelete'
            ? await door.deleteTransfer(leg.transfer_id)
            : await door.updateTransfer(leg.transfer_id, {
                ...(op.cents !== null && { amount: units(op.cents) }),
                description: 'edited',
              });
        break;
      }
      case 'bulkDelete':
      case 'bulkCategorize': {
        const ids = [...new Set(op.picks.map((p) => entryAt(p)?.id))].filter(Boolean);
        if (ids.length === 0) break;
        outcome =
          op.kind === 'bulkDelete'
            ? await door.bulkDelete({ ids })
            : await door.bulkCategorize({
                ids,
                categoryId: op.category === null ? null : categories[op.category],
              });
        break;
      }
      case 'creditLimit':
        outcome = await door.setCreditLimit(account(op.slot), units(op.cents));
        break;
      case 'setCleared': {
        const entry = entryAt(op.pick);
        if (entry) outcome = await door.setCleared(entry.id, { cleared: op.cleared });
        break;
      }
      case 'reconcile': {
        // Against the cleared balance of the day (or a wrong one): reconciled entries in the file.
        const statementOn = DATES[op.on % DATES.length] as string;
        const summary = await door.reconciliationSummary(account(op.slot), {
          statementOn,
          statementBalance: 0,
        });
        const cleared = BigInt(Math.round(summary.body.data.clearedBalance * 100));
        outcome = await door.reconcile(account(op.slot), {
          statementOn,
          statementBalance: units(cleared + BigInt(op.offCents)),
        });
        break;
      }
    }
    if (outcome) expect(outcome.status, JSON.stringify(outcome.body)).toBeLessThan(500);
  }

  /** The file with one state in the middle of an entry's history changed on both rows. */
  function tampered(file: BookExport, how: Tamper): BookExport {
    if (how.kind === 'none') return file;
    const copy = structuredClone(file);
    if (how.kind === 'entryAmount') {
      const entry = copy.entries[how.pick % Math.max(1, copy.entries.length)];
      if (entry) entry.amountCents = String(BigInt(entry.amountCents) + 1n);
      return copy;
    }
    // Boundaries between two consecutive rows of one entry.
    const boundaries: [number, number][] = [];
    const last = new Map<string, number>();
    copy.history.forEach((row, i) => {
      const previous = last.get(row.entryId);
      if (previous !== undefined) boundaries.push([previous, i]);
      last.set(row.entryId, i);
    });
    const boundary = boundaries[how.pick % Math.max(1, boundaries.length)];
    if (!boundary) return copy;
    const [a, b] = boundary.map((i) => copy.history[i]) as [
      BookExport['history'][number],
      BookExport['history'][number],
    ];
    const state = structuredClone(a.after);
    const other = copy.accounts.find((acc) => acc.id !== state.accountId);
    switch (how.kind) {
      case 'amount':
        state.amountCents = String(BigInt(state.amountCents) + 7n);
        break;
      case 'type':
        state.type = state.type === 'deposit' ? 'withdraw' : 'deposit';
        break;
      case 'deleted':
        state.deleted = !state.deleted;
        break;
      case 'account':
        if (other) state.accountId = other.id;
        break;
      case 'category':
        state.categoryId = state.categoryId === null ? randomUUID() : null;
        break;
      case 'splits': {
        const half = BigInt(state.amountCents) / 2n;
        state.categoryId = null;
        state.splits =
          half > 0n
            ? [
                { categoryId: null, amountCents: String(half), note: '' },
                {
                  categoryId: null,
                  amountCents: String(BigInt(state.amountCents) - half),
                  note: '',
                },
              ]
            : [];
        break;
      }
    }
    a.after = state;
    b.before = structuredClone(state);
    return copy;
  }

  it('keeps every invariant through any restore followed by any undo', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fullOp, { minLength: 1, maxLength: 15, size: 'max' }),
        tamper,
        fc.array(pick, { minLength: 1, maxLength: 8 }),
        async (ops, how, undos) => {
          const owner = await t.signUp();
          const door = restDoor(t, owner);
          const accounts: string[] = [];
          for (let i = 0; i < 3; i++) {
            const created = await door.createAccount({ title: `Acc ${i}` });
            accounts.push(created.body.data.id as string);
            await door.deposit(created.body.data.id as string, { amount: 100 });
          }
          const categories = (
            await t.database.db
              .selectFrom('categories')
              .select('id')
              .where('book_id', '=', owner.bookId)
              .orderBy('name')
              .limit(3)
              .execute()
          ).map((row) => row.id);
          for (const op of ops) await loosely(owner, op, accounts, categories);
          const file = (await t.caller(owner).bookData.export({})).data;

          const someone = await t.signUp();
          const res = await t.rest(someone, {
            method: 'POST',
            url: '/api/book/restore',
            payload: { file: tampered(file, how) },
          });
          const label = `${how.kind} ${res.statusCode}`;
          seen.set(label, (seen.get(label) ?? 0) + 1);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode !== 200) {
            expect([400, 422], res.body).toContain(res.statusCode);
            const written = await t.database.db
              .selectFrom('transactions')
              .select('id')
              .where('book_id', '=', someone.bookId)
              .execute();
            expect(written).toEqual([]);
            return;
          }
          expect(await ledgerViolations(t.database.db, someone.bookId), 'restored').toEqual([]);
          const changes = await t.database.db
            .selectFrom('entry_changes')
            .select('id')
            .where('book_id', '=', someone.bookId)
            .orderBy('seq', 'desc')
            .execute();
          for (const n of undos) {
            const change = changes[n % Math.max(1, changes.length)];
            if (!change) break;
            const undo = await restDoor(t, someone).undo(change.id);
            const undone = `undo ${undo.status}`;
            seen.set(undone, (seen.get(undone) ?? 0) + 1);
            expect(undo.status, JSON.stringify(undo.body)).toBeLessThan(500);
            expect(
              await ledgerViolations(t.database.db, someone.bookId),
              `after undo of ${change.id}: ${JSON.stringify(undo.body)}`,
            ).toEqual([]);
          }
        },
      ),
      {
        numRuns: 25,
        interruptAfterTimeLimit: 120_000,
        // Runs first, found by this property in CI: an undo back to a deleted state whose
        // category the restored book does not have was a failed write (500), not a 404.
        examples: [
          [
            [
              { kind: 'undo', pick: 0 },
              { kind: 'undo', pick: 863 },
            ],
            { kind: 'category', pick: 63 },
            [0],
          ],
        ],
      },
    );
    console.log(
      `restore then undo seen: ${[...seen.entries()]
        .sort()
        .map(([label, n]) => `${label}×${n}`)
        .join(', ')}`,
    );
    for (const label of ['none 200', 'undo 200']) {
      expect(seen.get(label) ?? 0, label).toBeGreaterThan(0);
    }
  }, 200_000);
});
