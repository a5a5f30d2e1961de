import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionSort } from '../../src/shared/schemas/ledger-query.js';
import { summarizeEntries } from '../../src/server/features/ledger/search/search-repository.js';
import { MAX_BALANCE_CENTS } from '../../src/shared/money.js';
import { insertEntry } from '../helpers/ledger-sql.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { procedureDoor } from '../helpers/procedure-doors.js';

/**
 * A Transactions view with transfers as one row (`transfers=one`) and its summary
 * (GET /api/transactions/summary), against a model (docs/ledger.md#count-and-total-of-a-view):
 * paging through with random page sizes, in every sort, yields each transfer once (its outgoing
 * leg) unless an account is chosen (then that account's leg), with no row lost or repeated; the
 * summary counts exactly those rows and sums their money in and out in cents.
 */

const DATES = ['2025-01-01', '2025-01-02', '2025-01-03'];
const AMOUNTS = [100, 250, 999];
const DESCRIPTIONS = ['Rent', 'Savings run', 'Lunch'];
const KINDS = ['deposit', 'withdraw', 'expense', 'transfer'] as const;
type Kind = (typeof KINDS)[number];

interface NewEntry {
  kind: Kind;
  /** The account (the source of a transfer; its destination is the other one). */
  account: 0 | 1;
  cents: number;
  date: string;
  description: string;
}

/** One row of the ledger as stored: a transfer is two of them. */
interface Leg {
  id: string;
  type: 'deposit' | 'withdraw' | 'expense' | 'transfer_in' | 'transfer_out';
  account: 0 | 1;
  cents: number;
  date: string;
  description: string;
  order: number;
}

interface Filters {
  accountId?: 0 | 1;
  type?: Kind;
  minCents?: number;
  dateFrom?: string;
  q?: string;
}

const entryArb: fc.Arbitrary<NewEntry> = fc.record({
  kind: fc.constantFrom(...KINDS),
  account: fc.constantFrom<0 | 1>(0, 1),
  cents: fc.constantFrom(...AMOUNTS),
  date: fc.constantFrom(...DATES),
  description: fc.constantFrom(...DESCRIPTIONS),
});

const filtersArb: fc.Arbitrary<Filters> = fc
  .tuple(
    fc.record({
      accountId: fc.constantFrom<0 | 1>(0, 1),
      type: fc.constantFrom(...KINDS),
      minCents: fc.constantFrom(...AMOUNTS),
      dateFrom: fc.constantFrom(...DATES),
      q: fc.constantFrom('rent', 'SAVINGS', 'lu'),
    }),
    fc.subarray(['accountId', 'type', 'minCents', 'dateFrom', 'q'] as const, { maxLength: 2 }),
  )
  .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as Filters);

describe('transfers as one row, and the summary of a view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pages through each transfer once and sums the view as the model does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 0, maxLength: 12 }),
        fc.constantFrom<TransactionSort>('date_desc', 'date_asc', 'amount_desc', 'amount_asc'),
        filtersArb,
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 40, maxLength: 40 }),
        fc.constantFrom<'rest' | 'trpc'>('rest', 'trpc'),
        async (initial, sort, filters, pageSizes, door) => {
          const user = await t.signUp();
          const api = procedureDoor(t, user, door);
          const trpc = t.caller(user);
          const accounts = [
            (await trpc.account.create({ title: 'Checking' })).data.id,
            (await trpc.account.create({ title: 'Savings' })).data.id,
          ];
          const legs: Leg[] = [];
          const push = (leg: Omit<Leg, 'order'>) => legs.push({ ...leg, order: legs.length });
          for (const account of [0, 1] as const) {
            const made = await trpc.account.deposit({ id: accounts[account] ?? '', amount: 1000 });
            push({
              id: made.data.transaction.id,
              type: 'deposit',
              account,
              cents: 100_000,
              date: made.data.transaction.occurredOn,
              description: made.data.transaction.description,
            });
          }
          for (const e of initial) {
            const fields = {
              amount: e.cents / 100,
              occurredOn: e.date,
              description: e.description,
            };
            const id = accounts[e.account] ?? '';
            const other = (1 - e.account) as 0 | 1;
            if (e.kind === 'transfer') {
              await trpc.transfer.create({
                ...fields,
                fromAccountId: id,
                toAccountId: accounts[other] ?? '',
              });
              // The legs' ids, from the list with both legs (the out leg is written first).
              const both = await trpc.transaction.list({
                type: 'transfer',
                sort: 'date_asc',
                limit: 100,
              });
              const known = new Set(legs.map((leg) => leg.id));
              const fresh = both.data.items.filter((item) => !known.has(item.id));
              const out = fresh.find((item) => item.accountId === id);
              const into = fresh.find((item) => item.accountId !== id);
              if (!out || !into) throw new Error('a transfer without its two legs');
              // An account holds one leg of a transfer at most, so the order between the two
              // legs never shows in a view of transfers as one row.
              const common = { cents: e.cents, date: e.date, description: e.description };
              push({ id: out.id, type: 'transfer_out', account: e.account, ...common });
              push({ id: into.id, type: 'transfer_in', account: other, ...common });
            } else {
              const made =
                e.kind === 'expense'
                  ? await trpc.expense.create({ ...fields, accountId: id })
                  : e.kind === 'deposit'
                    ? await trpc.account.deposit({ ...fields, id })
                    : await trpc.account.withdraw({ ...fields, id });
              push({
                id: made.data.transaction.id,
                type: e.kind,
                account: e.account,
                ...{ cents: e.cents, date: e.date, description: e.description },
              });
            }
          }

          // The model: a leg is a row unless it is a transfer's incoming leg in a view of
          // every account.
          const oneRow = filters.accountId === undefined;
          const shown = legs.filter((leg) => {
            if (oneRow && leg.type === 'transfer_in') return false;
            if (filters.accountId !== undefined && leg.account !== filters.accountId) return false;
            if (filters.type !== undefined) {
              const kind = leg.type.startsWith('transfer') ? 'transfer' : leg.type;
              if (kind !== filters.type) return false;
            }
            if (filters.minCents !== undefined && leg.cents < filters.minCents) return false;
            if (filters.dateFrom !== undefined && leg.date < filters.dateFrom) return false;
            if (
              filters.q !== undefined &&
              !leg.description.toLowerCase().includes(filters.q.toLowerCase())
            ) {
              return false;
            }
            return true;
          });
          const key = (leg: Leg) => (sort.startsWith('date') ? leg.date : leg.cents);
          const desc = sort.endsWith('desc');
          const compare = (a: Leg, b: Leg) => {
            const [ka, kb] = [key(a), key(b)];
            const byKey = ka < kb ? -1 : ka > kb ? 1 : a.order - b.order;
            return desc ? -byKey : byKey;
          };
          const inTypes = ['deposit', 'transfer_in'];
          const outTypes = oneRow
            ? ['withdraw', 'expense']
            : ['withdraw', 'expense', 'transfer_out'];
          const inCents = shown
            .filter((l) => inTypes.includes(l.type))
            .reduce((s, l) => s + l.cents, 0);
          const outCents = shown
            .filter((l) => outTypes.includes(l.type))
            .reduce((s, l) => s + l.cents, 0);

          const query: Record<string, unknown> = {
            transfers: 'one',
            ...(filters.accountId !== undefined && { accountId: accounts[filters.accountId] }),
            ...(filters.type !== undefined && { type: filters.type }),
            ...(filters.minCents !== undefined && { minAmount: filters.minCents / 100 }),
            ...(filters.dateFrom !== undefined && { dateFrom: filters.dateFrom }),
            ...(filters.q !== undefined && { q: filters.q }),
          };

          const seen: string[] = [];
          let cursor: string | null | undefined;
          for (let page = 0; page < 40 && cursor !== null; page += 1) {
            const res = await api('transaction.list', {
              ...query,
              sort,
              limit: pageSizes[page],
              ...(cursor && { cursor }),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const items = res.body.data.items as { id: string; transfer: unknown }[];
            seen.push(...items.map((item) => item.id));
            cursor = res.body.data.nextCursor as string | null;
          }
          expect(cursor).toBeNull();
          expect(seen).toEqual([...shown].sort(compare).map((leg) => leg.id));

          const summary = await api('transaction.summary', query);
          expect(summary.status, JSON.stringify(summary.body)).toBe(200);
          expect(summary.body.data).toEqual({
            count: shown.length,
            complete: true,
            moneyIn: inCents / 100,
            moneyOut: outCents / 100,
            net: (inCents - outCents) / 100,
          });
        },
      ),
      { numRuns: Number(process.env.VIEW_RUNS ?? 25) },
    );
  });

  it('without transfers=one the list keeps both legs, as before', async () => {
    const user = await t.signUp();
    const trpc = t.caller(user);
    const a = (await trpc.account.create({ title: 'Checking' })).data.id;
    const b = (await trpc.account.create({ title: 'Savings' })).data.id;
    await trpc.account.deposit({ id: a, amount: 100 });
    await trpc.transfer.create({ fromAccountId: a, toAccountId: b, amount: 40 });
    const legs = await trpc.transaction.list({ type: 'transfer' });
    expect(legs.data.items).toHaveLength(2);
    const one = await trpc.transaction.list({ type: 'transfer', transfers: 'one' });
    expect(one.data.items).toHaveLength(1);
    expect(one.data.items[0]).toMatchObject({
      accountId: a,
      amount: 40,
      transfer: { fromAccountId: a, toAccountId: b },
    });
    // The whole book: the deposit is money in; the transfer moves money between its accounts.
    const book = await trpc.transaction.summary({ transfers: 'one' });
    expect(book.data).toEqual({ count: 2, complete: true, moneyIn: 100, moneyOut: 0, net: 100 });
    // Both legs as items: each counts, one in and one out.
    const both = await trpc.transaction.summary({});
    expect(both.data).toEqual({ count: 3, complete: true, moneyIn: 140, moneyOut: 40, net: 100 });
    // One account: its leg, money out of it.
    const checking = await trpc.transaction.summary({ transfers: 'one', accountId: a });
    expect(checking.data).toEqual({
      count: 2,
      complete: true,
      moneyIn: 100,
      moneyOut: 40,
      net: 60,
    });
  });

  it('a view over the cap says "more than" and gives no figures, never a partial sum', async () => {
    const user = await t.signUp();
    const trpc = t.caller(user);
    const a = (await trpc.account.create({ title: 'Checking' })).data.id;
    for (const amount of [1, 2, 3, 4]) await trpc.account.deposit({ id: a, amount });
    const at = (cap: number) => summarizeEntries(t.database.db, { bookId: user.bookId }, cap);
    // Over the cap: the count read is the cap and one more, so the service says "more than".
    expect(Number((await at(2)).count)).toBe(3);
    expect(await at(4)).toMatchObject({ in_cents: '1000', out_cents: '0' });
    expect(Number((await at(4)).count)).toBe(4);
  });

  it('a view whose total passes fifteen digits gives its count and no figures, never one a cent off', async () => {
    const user = await t.signUp();
    const trpc = t.caller(user);
    // Eleven accounts at the largest balance: 1.1 * 10^15 cents in, past what JSON holds exactly.
    for (let i = 0; i < 11; i++) {
      const id = (await trpc.account.create({ title: `Vault ${i}` })).data.id;
      await insertEntry(t.database.db, {
        bookId: user.bookId,
        accountId: id,
        type: 'deposit',
        cents: MAX_BALANCE_CENTS,
        occurredOn: '2026-03-02',
      });
    }
    for (const door of ['rest', 'trpc'] as const) {
      const summary = await procedureDoor(t, user, door)('transaction.summary', {});
      expect(summary).toMatchObject({
        status: 200,
        body: {
          data: { count: 11, complete: true, moneyIn: null, moneyOut: null, net: null },
        },
      });
    }
  });

  it('refuses an unknown transfers value through both doors', async () => {
    const user = await t.signUp();
    for (const door of ['rest', 'trpc'] as const) {
      const api = procedureDoor(t, user, door);
      expect((await api('transaction.summary', { transfers: 'both' })).status).toBe(400);
      expect((await api('transaction.list', { transfers: 'both' })).status).toBe(400);
    }
  });
});
