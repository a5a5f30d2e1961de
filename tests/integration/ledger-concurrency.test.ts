import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * 200 concurrent edits, deletes, undos, transfers, bulk deletes and movements across a few
 * accounts (one a card with a credit limit), through a pool of 20 real connections: every
 * change locks its entries and then its accounts in id order (docs/decisions), so none may
 * deadlock, fail with a 5xx, or take a balance below its floor, and afterwards every invariant
 * of the ledger holds (tests/helpers/ledger-invariants.ts). PGlite serialises everything, so
 * only PostgreSQL can show a race.
 */

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The answers a well-formed request of this mix may get. */
const ALLOWED = new Set([
  '200',
  '404 NOT_FOUND',
  '409 CONFLICT',
  '422 INSUFFICIENT_FUNDS',
  '422 TRANSFER_ENTRY',
  '422 UNPROCESSABLE',
]);

describe.runIf(testBackend === 'postgres')('concurrent ledger changes (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 20 });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: string, url: string, payload?: object) =>
    t.rest(user, { method, url, ...(payload && { payload }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
  const data = (res: LightMyRequestResponse) => res.json<{ data: any }>().data;

  it('keeps every invariant through 200 concurrent mixed changes', async () => {
    const user = await t.signUp();
    const accounts: string[] = [];
    for (const [title, funds] of [
      ['Checking', 60],
      ['Savings', 40],
      ['Wallet', 20],
      ['Card', 0],
    ] as const) {
      const id = data(await call(user, 'POST', '/api/account', { title })).id as string;
      if (funds > 0) await call(user, 'POST', `/api/account/${id}/deposit`, { amount: funds });
      accounts.push(id);
    }
    const card = accounts[3] as string;
    expect(
      (await call(user, 'PATCH', `/api/account/${card}`, { creditLimit: 30 })).statusCode,
    ).toBe(200);

    // Entries and transfers to fight over, and the changes that made them.
    const rng = random(20261122);
    const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)] as T;
    const entries: string[] = [];
    const transfers: string[] = [];
    const changes: string[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await call(user, 'POST', '/api/transactions', {
        type: i % 3 === 0 ? 'deposit' : 'expense',
        accountId: accounts[i % accounts.length],
        amount: 1 + (i % 5),
        ...(i % 6 === 1 && { splits: [{ amount: 0.5 }, { amount: 0.5 + (i % 5) }] }),
      });
      if (res.statusCode !== 200) continue;
      entries.push(data(res).transaction.id);
      changes.push(data(res).changeId);
    }
    for (let i = 0; i < 6; i++) {
      const res = await call(user, 'POST', '/api/transfers', {
        fromAccountId: accounts[i % 3],
        toAccountId: accounts[(i % 3) + 1],
        amount: 3,
      });
      expect(res.statusCode).toBe(200);
      transfers.push(data(res).transfer.id);
      changes.push(data(res).changeId);
    }
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);

    const amount = () => Math.round(rng() * 2500 + 1) / 100;
    const requests = Array.from({ length: 200 }, (_, i) => {
      const roll = rng();
      if (roll < 0.2) {
        return () =>
          call(user, 'PATCH', `/api/transactions/${pick(entries)}`, {
            amount: amount(),
            ...(rng() < 0.5 && { accountId: pick(accounts) }),
          });
      }
      if (roll < 0.32) return () => call(user, 'DELETE', `/api/transactions/${pick(entries)}`);
      if (roll < 0.5) return () => call(user, 'POST', `/api/changes/${pick(changes)}/undo`);
      if (roll < 0.65) {
        const from = pick(accounts);
        const to = pick(accounts.filter((id) => id !== from));
        return () =>
          call(user, 'POST', '/api/transfers', {
            fromAccountId: from,
            toAccountId: to,
            amount: amount(),
          });
      }
      if (roll < 0.73) {
        const from = pick(accounts);
        return () =>
          call(user, 'PATCH', `/api/transfers/${pick(transfers)}`, {
            amount: amount(),
            ...(rng() < 0.3 && { fromAccountId: from }),
          });
      }
      if (roll < 0.78) return () => call(user, 'DELETE', `/api/transfers/${pick(transfers)}`);
      if (roll < 0.84) {
        return () =>
          call(user, 'POST', '/api/transactions/bulk-delete', {
            ids: [pick(entries), pick(entries), pick(entries)],
          });
      }
      const account = pick(accounts);
      const kind = i % 2 === 0 ? 'deposit' : 'withdraw';
      return () => call(user, 'POST', `/api/account/${account}/${kind}`, { amount: amount() });
    });

    const responses = await Promise.all(requests.map((send) => send()));
    const tally: Record<string, number> = {};
    const unexpected: string[] = [];
    for (const res of responses) {
      const key =
        res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json<{ code: string }>().code}`;
      tally[key] = (tally[key] ?? 0) + 1;
      if (!ALLOWED.has(key)) unexpected.push(`${key}: ${res.body.slice(0, 200)}`);
    }
    console.log(`200 concurrent ledger changes: ${JSON.stringify(tally)}`);
    expect(unexpected).toEqual([]);
    // The mix really raced: most went through, and some met each other's changes.
    expect(tally['200'] ?? 0).toBeGreaterThan(80);
    expect((tally['409 CONFLICT'] ?? 0) + (tally['404 NOT_FOUND'] ?? 0)).toBeGreaterThan(0);

    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
    const floors = await t.database.db
      .selectFrom('accounts')
      .select(['id', 'balance_cents', 'credit_limit_cents'])
      .where('book_id', '=', user.bookId)
      .execute();
    for (const row of floors) {
      expect(BigInt(row.balance_cents)).toBeGreaterThanOrEqual(-BigInt(row.credit_limit_cents));
    }
    // Every undo that went through marked what it undid, once.
    const undos = await t.database.db
      .selectFrom('entry_changes')
      .select(['id', 'undoes_id'])
      .where('book_id', '=', user.bookId)
      .where('kind', '=', 'undo')
      .execute();
    const undone = await t.database.db
      .selectFrom('entry_changes')
      .select(['id', 'undone_by_id'])
      .where('book_id', '=', user.bookId)
      .where('undone_by_id', 'is not', null)
      .execute();
    expect(undone.map((row) => row.undone_by_id).sort()).toEqual(undos.map((row) => row.id).sort());
    expect(new Set(undos.map((row) => row.undoes_id)).size).toBe(undos.length);
  }, 120_000);
});
