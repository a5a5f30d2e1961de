import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionSort } from '../../src/shared/schemas/ledger-query.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { procedureDoor } from '../helpers/procedure-doors.js';

/**
 * Keyset paging of GET /api/transactions against a model: for random entries (with ties on dates
 * and amounts), a random sort and random filters, paging through with the cursors, in random page
 * sizes, yields exactly the filtered set in the sort's order, with no duplicates and no gaps, even
 * when entries are added between pages: a new entry shows up if and only if it sorts after the
 * page already read (docs/ledger.md#search-filters-sorts-and-cursors).
 */

const DATES = ['2024-02-29', '2024-03-01', '2025-01-01', '2025-01-02'];
const AMOUNTS = [100, 250, 999, 1000, 12345];
const DESCRIPTIONS = ['Café au lait', 'Müller bakery', 'Groceries run', 'Straße fee', 'Rent', ''];
const PAYEES = ['', 'Café Müller', 'STRASSE shop', 'Bäckerei'];
const TAGS = ['trip', 'work', 'café'];
const WORDS = ['cafe', 'CAFÉ', 'mull', 'crème', 'BRULEE', 'groc', 'strasse', 'ck', 'zz', 'é'];
const TYPES = ['deposit', 'withdraw', 'expense'] as const;

/** What the server's ledger_fold does to the text this test uses. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();

interface NewEntry {
  type: (typeof TYPES)[number];
  account: 0 | 1 | null;
  cents: number;
  date: string;
  category: number | null;
  description: string;
  payee: string;
  tags: string[];
}

interface Entry extends NewEntry {
  id: string;
  /** Creation order: the tie-breaker of every sort (the ledger's seq). */
  order: number;
}

interface Filters {
  accountId?: 0 | 1;
  type?: (typeof TYPES)[number];
  category?: number | 'none';
  tag?: string;
  minCents?: number;
  maxCents?: number;
  dateFrom?: string;
  dateTo?: string;
  q?: string;
}

const entryArb: fc.Arbitrary<NewEntry> = fc
  .record({
    type: fc.constantFrom(...TYPES),
    account: fc.constantFrom<0 | 1 | null>(0, 1, null),
    cents: fc.constantFrom(...AMOUNTS),
    date: fc.constantFrom(...DATES),
    category: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    description: fc.constantFrom(...DESCRIPTIONS),
    payee: fc.constantFrom(...PAYEES),
    tags: fc.subarray(TAGS),
  })
  // Only an expense may have no account.
  .map((e) => (e.type !== 'expense' && e.account === null ? { ...e, account: 0 as const } : e));

/** At most two filters at a time, so that most sets are not empty. */
const filtersArb: fc.Arbitrary<Filters> = fc
  .tuple(
    fc.record({
      accountId: fc.constantFrom<0 | 1>(0, 1),
      type: fc.constantFrom(...TYPES),
      category: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constant('none' as const)),
      tag: fc.constantFrom(...TAGS, 'TRIP', 'nope'),
      minCents: fc.constantFrom(...AMOUNTS),
      maxCents: fc.constantFrom(...AMOUNTS),
      dateFrom: fc.constantFrom(...DATES),
      dateTo: fc.constantFrom(...DATES),
      q: fc
        .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 })
        .map((words) => words.join('  ')),
    }),
    fc.subarray(
      [
        'accountId',
        'type',
        'category',
        'tag',
        'minCents',
        'maxCents',
        'dateFrom',
        'dateTo',
        'q',
      ] as const,
      { maxLength: 2 },
    ),
  )
  .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as Filters);

describe('keyset paging of the ledger (property)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pages through exactly the filtered, sorted set, with entries added between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 0, maxLength: 14 }),
        fc.constantFrom<TransactionSort>('date_desc', 'date_asc', 'amount_desc', 'amount_asc'),
        filtersArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 30, maxLength: 30 }),
        fc.array(fc.option(entryArb, { freq: 2 }), { minLength: 30, maxLength: 30 }),
        fc.constantFrom<'rest' | 'trpc'>('rest', 'trpc'),
        async (initial, sort, filters, pageSizes, additions, door) => {
          const user = await t.signUp();
          const api = procedureDoor(t, user, door);
          const trpc = t.caller(user);
          const accounts = [
            (await trpc.account.create({ title: 'A' })).data.id,
            (await trpc.account.create({ title: 'B' })).data.id,
          ];
          const groups = (await trpc.category.list({})).data;
          const own = await trpc.category.create({
            groupId: groups[0]?.id ?? '',
            name: 'Crème brûlée',
          });
          const categories = [
            { id: groups[0]?.categories[0]?.id ?? '', name: groups[0]?.categories[0]?.name ?? '' },
            { id: groups[1]?.categories[0]?.id ?? '', name: groups[1]?.categories[0]?.name ?? '' },
            { id: own.data.id, name: own.data.name },
          ];
          const entries: Entry[] = [];
          const add = async (e: NewEntry): Promise<Entry> => {
            const extras = {
              amount: e.cents / 100,
              occurredOn: e.date,
              categoryId: e.category === null ? null : categories[e.category]?.id,
              description: e.description,
              payee: e.payee,
              tags: e.tags,
            };
            const account = e.account === null ? null : (accounts[e.account] ?? null);
            const made =
              e.type === 'expense'
                ? await trpc.expense.create({ ...extras, accountId: account })
                : e.type === 'deposit'
                  ? await trpc.account.deposit({ ...extras, id: account ?? '' })
                  : await trpc.account.withdraw({ ...extras, id: account ?? '' });
            // Deposits and withdrawals without one are described by the server.
            const entry = {
              ...e,
              description: made.data.transaction.description,
              id: made.data.transaction.id,
              order: entries.length,
            };
            entries.push(entry);
            return entry;
          };
          // Enough on each account that no withdrawal or expense is refused.
          for (const account of [0, 1] as const) {
            await add({
              type: 'deposit',
              account,
              cents: 10_000_000,
              date: DATES[0] ?? '',
              category: null,
              description: '',
              payee: '',
              tags: [],
            });
          }
          for (const e of initial) await add(e);

          const matches = (e: Entry) => {
            if (filters.accountId !== undefined && e.account !== filters.accountId) return false;
            if (filters.type !== undefined && e.type !== filters.type) return false;
            if (filters.category === 'none' && e.category !== null) return false;
            if (typeof filters.category === 'number' && e.category !== filters.category) {
              return false;
            }
            if (filters.tag !== undefined && !e.tags.includes(filters.tag.toLowerCase())) {
              return false;
            }
            if (filters.minCents !== undefined && e.cents < filters.minCents) return false;
            if (filters.maxCents !== undefined && e.cents > filters.maxCents) return false;
            if (filters.dateFrom !== undefined && e.date < filters.dateFrom) return false;
            if (filters.dateTo !== undefined && e.date > filters.dateTo) return false;
            const text = fold([e.description, e.payee, ...e.tags].join(' '));
            const category = e.category === null ? '' : fold(categories[e.category]?.name ?? '');
            return (filters.q ?? '')
              .split(/\s+/)
              .filter(Boolean)
              .every((word) => text.includes(fold(word)) || category.includes(fold(word)));
          };
          const key = (e: Entry) => (sort.startsWith('date') ? e.date : e.cents);
          const desc = sort.endsWith('desc');
          /** Negative when a comes first in the sort. */
          const compare = (a: Entry, b: Entry) => {
            const [ka, kb] = [key(a), key(b)];
            const byKey = ka < kb ? -1 : ka > kb ? 1 : a.order - b.order;
            return desc ? -byKey : byKey;
          };

          const query: Record<string, unknown> = {
            sort,
            ...(filters.accountId !== undefined && { accountId: accounts[filters.accountId] }),
            ...(filters.type !== undefined && { type: filters.type }),
            ...(filters.category !== undefined && {
              categoryId: filters.category === 'none' ? 'none' : categories[filters.category]?.id,
            }),
            ...(filters.tag !== undefined && { tag: filters.tag }),
            ...(filters.minCents !== undefined && { minAmount: filters.minCents / 100 }),
            ...(filters.maxCents !== undefined && { maxAmount: filters.maxCents / 100 }),
            ...(filters.dateFrom !== undefined && { dateFrom: filters.dateFrom }),
            ...(filters.dateTo !== undefined && { dateTo: filters.dateTo }),
            ...(filters.q !== undefined && { q: filters.q }),
          };
          const refused =
            (filters.minCents ?? 0) > (filters.maxCents ?? Infinity) ||
            (filters.dateFrom ?? '') > (filters.dateTo ?? '9999');
          if (refused) {
            const res = await api('transaction.list', query);
            expect(res.status).toBe(400);
            return;
          }

          const seen: string[] = [];
          /** Entries that must come back: those there from the start, and late ones after the page read. */
          const due = new Set(entries.map((e) => e.id));
          let cursor: string | null | undefined;
          let last: Entry | undefined;
          for (let page = 0; page < 30 && cursor !== null; page += 1) {
            const res = await api('transaction.list', {
              ...query,
              limit: pageSizes[page],
              ...(cursor && { cursor }),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const items = res.body.data.items as { id: string }[];
            seen.push(...items.map((item) => item.id));
            cursor = res.body.data.nextCursor as string | null;
            last = entries.find((e) => e.id === items.at(-1)?.id) ?? last;
            const late = additions[page];
            if (late && cursor !== null) {
              const made = await add(late);
              if (!last || compare(made, last) > 0) due.add(made.id);
            }
          }
          expect(cursor).toBeNull();
          const expected = entries
            .filter((e) => due.has(e.id) && matches(e))
            .sort(compare)
            .map((e) => e.id);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: Number(process.env.KEYSET_RUNS ?? 25) },
    );
  });
});
