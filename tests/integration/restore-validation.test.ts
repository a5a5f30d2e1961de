import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { bookFile } from '../helpers/book-files.js';
import { copyOf, fillBook, restore, snapshotDatabase } from '../helpers/restore-fixtures.js';
import {
  RESTORE_ITEMS_MAX,
  restoreBookInput,
  type BookExport,
} from '../../src/shared/schemas/book-export.js';
import { RESTORE_BODY_BYTES_MAX } from '../../src/shared/limits.js';
import { parseRestoreInput } from '../../src/server/features/export/restore-input.js';

/**
 * What a restore accepts (docs/analytics.md#full-export-and-restore): every field as the API
 * takes it, every per-book cap the API keeps, the ledger's rules on every history snapshot, and
 * a check of the whole file that stays linear in its size. A refused file writes nothing; a file
 * the restore accepts gives a book every read and write of the API works on.
 */

/** A broken copy of the file: an object, or the request body as text. */
type Mutation = (file: BookExport) => BookExport | object | string;

const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`restore validation (${testBackend})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let file: BookExport;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
    await fillBook(t, owner);
    file = (await t.caller(owner).bookData.export({})).data;
  });
  afterAll(() => t.close());

  /** The first history row of an entry of this type (its creation), and its index. */
  const historyOf = (f: BookExport, type: string) => {
    const entry = f.entries.find((e) => e.type === type && !e.deleted);
    if (!entry) throw new Error(`no ${type} in the file`);
    const index = f.history.findIndex((h) => h.entryId === entry.id);
    return { entry, index, row: f.history[index] as BookExport['history'][number] };
  };
  const lastRowOf = (f: BookExport, entryId: string) => {
    const rows = f.history.filter((h) => h.entryId === entryId);
    return rows[rows.length - 1] as BookExport['history'][number];
  };

  it('restores a book made through the API, and every read and write of the API works on it', async () => {
    const someone = await t.signUp();
    const res = await restore(t, someone, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerViolations(t.database.db, someone.bookId)).toEqual([]);

    const get = async (url: string) => {
      const answer = await t.rest(someone, { method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      return answer.json().data;
    };
    const book = await get('/api/book');
    expect(book).toMatchObject({ name: 'Household', timeZone: 'Europe/Paris' });
    const accounts = (await get('/api/account')) as { id: string }[];
    for (const account of accounts) await get(`/api/account/${account.id}`);
    await get('/api/categories');
    await get('/api/expenses');
    await get('/api/payees');
    await get('/api/tags');
    const list = (await get('/api/transactions')) as { items: unknown[] };
    const entries = await t.database.db
      .selectFrom('transactions')
      .select(['id', 'transfer_id'])
      .where('book_id', '=', someone.bookId)
      .where('deleted_at', 'is', null)
      .execute();
    expect(list.items.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const view = await get(`/api/transactions/${entry.id}`);
      expect(view.history.length, `history of ${entry.id}`).toBeGreaterThan(0);
      if (entry.transfer_id) await get(`/api/transfers/${entry.transfer_id}`);
    }
    const period = 'from=2024-01-01&to=2025-12-31';
    await get('/api/analytics/dashboard');
    await get(`/api/analytics/spending-by-category?${period}`);
    await get('/api/analytics/income-vs-spending');
    await get(`/api/analytics/balance-over-time?${period}`);
    await get(`/api/analytics/top-payees?${period}`);
    await get(`/api/analytics/largest-entries?${period}`);
    await get('/api/book/export');
    const first = accounts[0]?.id as string;
    const deposit = await t.rest(someone, {
      method: 'POST',
      url: `/api/account/${first}/deposit`,
      payload: { amount: 10 },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);

    // Every change, newest first: undone, or refused for what the ledger says; never a 5xx.
    const changes = await t.database.db
      .selectFrom('entry_changes')
      .select('id')
      .where('book_id', '=', someone.bookId)
      .orderBy('seq', 'desc')
      .execute();
    const statuses = new Set<number>();
    for (const change of changes) {
      const undo = await t.rest(someone, { method: 'POST', url: `/api/changes/${change.id}/undo` });
      statuses.add(undo.statusCode);
      expect(undo.statusCode, undo.body).toBeLessThan(500);
      expect(await ledgerViolations(t.database.db, someone.bookId)).toEqual([]);
    }
    expect(statuses.has(200)).toBe(true);
  });

  const bad: [string, Mutation, number, RegExp][] = [
    [
      'a time zone that is not one',
      (f) => ({ ...f, book: { ...f.book, timeZone: 'Mars/Olympus' } }),
      400,
      /IANA time zone/,
    ],
    ['a book name with NUL', (f) => ({ ...f, book: { ...f.book, name: 'a\u0000b' } }), 400, /NUL/],
    [
      'a credit limit one digit longer than its column',
      (f) => ({
        ...f,
        accounts: f.accounts.map((a) => ({ ...a, creditLimitCents: '999999999999999' })),
      }),
      400,
      /creditLimitCents must be whole cents from 0/,
    ],
    [
      'a balance beyond the cap',
      (f) => ({
        ...f,
        accounts: f.accounts.map((a, i) =>
          i === 0 ? { ...a, balanceCents: '-100000000000000' } : a,
        ),
      }),
      400,
      /balanceCents/,
    ],
    [
      'an account title with NUL',
      (f) => ({ ...f, accounts: f.accounts.map((a) => ({ ...a, title: 'x\u0000' })) }),
      400,
      /Title must not contain NUL/,
    ],
    [
      'a blank account title',
      (f) => ({ ...f, accounts: f.accounts.map((a) => ({ ...a, title: '   ' })) }),
      400,
      /Title is required/,
    ],
    [
      'an account colour that is not one',
      (f) => ({ ...f, accounts: f.accounts.map((a) => ({ ...a, color: 'red' })) }),
      400,
      /hex color/,
    ],
    [
      'a category icon the app does not have',
      (f) => ({ ...f, categories: f.categories.map((c) => ({ ...c, icon: 'skull' })) }),
      400,
      /category icons/,
    ],
    [
      'a category name too long',
      (f) => ({
        ...f,
        categories: f.categories.map((c, i) => (i === 0 ? { ...c, name: 'x'.repeat(61) } : c)),
      }),
      400,
      /at most 60/,
    ],
    [
      'two groups whose names differ only in case',
      (f) => ({
        ...f,
        categoryGroups: f.categoryGroups.map((g, i) =>
          i === 1 ? { ...g, name: (f.categoryGroups[0]?.name ?? '').toUpperCase() } : g,
        ),
      }),
      422,
      /two category groups are named/,
    ],
    [
      'an entry description too long',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, description: 'x'.repeat(501) })) }),
      400,
      /Description must be at most 500/,
    ],
    [
      'a payee too long',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, payee: 'x'.repeat(101) })) }),
      400,
      /Payee must be at most 100/,
    ],
    [
      'a tag with a comma',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, tags: ['a,b'] })) }),
      400,
      /must not contain commas/,
    ],
    [
      'a tag with NUL',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, tags: ['a\u0000'] })) }),
      400,
      /NUL/,
    ],
    [
      '21 tags',
      (f) => ({
        ...f,
        entries: f.entries.map((e) => ({
          ...e,
          tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
        })),
      }),
      400,
      /At most 20 tags/,
    ],
    [
      'a day that does not exist',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, occurredOn: '2025-02-29' })) }),
      400,
      /real date/,
    ],
    [
      'a year before 1900',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, occurredOn: '1899-12-31' })) }),
      400,
      /real date between the years 1900/,
    ],
    [
      'a creation time in the year 0',
      (f) => ({
        ...f,
        entries: f.entries.map((e) => ({ ...e, createdAt: '0000-01-01T00:00:00Z' })),
      }),
      400,
      /between the years 1900/,
    ],
    [
      'an amount above what one operation moves',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, amountCents: '100000000001' })) }),
      400,
      /amountCents must be at most/,
    ],
    [
      'a version past its column',
      (f) => ({ ...f, entries: f.entries.map((e) => ({ ...e, version: 2 ** 31 })) }),
      400,
      /2147483647/,
    ],
    [
      'a deposit without an account',
      (f) => ({
        ...f,
        entries: f.entries.map((e) => (e.type === 'deposit' ? { ...e, accountId: null } : e)),
      }),
      422,
      /only an expense may have no account/,
    ],
    [
      'a transfer leg with a payee',
      (f) => ({
        ...f,
        entries: f.entries.map((e) => (e.type === 'transfer_in' ? { ...e, payee: 'Me' } : e)),
      }),
      422,
      /transfer leg carries no category, payee/,
    ],
    [
      'a transfer between an account and itself',
      (f) => {
        const out = f.entries.find((e) => e.type === 'transfer_out');
        return {
          ...f,
          entries: f.entries.map((e) =>
            e.type === 'transfer_in' ? { ...e, accountId: out?.accountId ?? null } : e,
          ),
        };
      },
      422,
      /transfer .* must have one leg out and one in/,
    ],
    [
      'two split lines in one position',
      (f) => ({ ...f, splits: f.splits.map((s) => ({ ...s, position: 0 })) }),
      422,
      /same position/,
    ],
    [
      'a change of a kind the app has not',
      (f) => ({ ...f, changes: f.changes.map((c) => ({ ...c, kind: 'bogus' })) }),
      400,
      /Invalid option/,
    ],
    [
      'an undo link one way only',
      (f) => ({
        ...f,
        changes: f.changes.map((c) =>
          c.undoneById !== null ? { ...c, undoneById: f.changes[0]?.id ?? null } : c,
        ),
      }),
      422,
      /do not name each other|only an undo/,
    ],
    [
      'a junk history snapshot',
      (f) => ({
        ...f,
        history: f.history.map((h, i) => (i === 0 ? { ...h, after: { junk: true } } : h)),
      }),
      400,
      /Must be a UUID/,
    ],
    [
      'a snapshot nested 10,000 deep',
      (f) => {
        // As text: building it as an object would overflow the test's own stack.
        const marked = {
          ...f,
          history: f.history.map((h, i) =>
            i === 0 ? { ...h, after: { ...h.after, description: '@DEEP@' } } : h,
          ),
        };
        const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
        return JSON.stringify({ file: marked }).replace('"@DEEP@"', deep);
      },
      400,
      /Description must be text/,
    ],
    [
      'a snapshot giving a deposit another type',
      (f) => {
        const { index, row } = historyOf(f, 'deposit');
        return {
          ...f,
          history: f.history.map((h, i) =>
            i === index ? { ...row, after: { ...row.after, type: 'withdraw' } } : h,
          ),
        };
      },
      422,
      /gives it another type/,
    ],
    [
      'a snapshot whose split lines do not add up',
      (f) => {
        const { index, row } = historyOf(f, 'withdraw');
        const after = {
          ...row.after,
          categoryId: null,
          splits: [
            { categoryId: null, amountCents: '1', note: '' },
            { categoryId: null, amountCents: '2', note: '' },
          ],
        };
        return { ...f, history: f.history.map((h, i) => (i === index ? { ...row, after } : h)) };
      },
      400,
      /split lines add up to 0.03/,
    ],
    [
      'a snapshot splitting a deposit',
      (f) => {
        const { index, row } = historyOf(f, 'deposit');
        const after = {
          ...row.after,
          splits: [
            { categoryId: null, amountCents: '1', note: '' },
            { categoryId: null, amountCents: String(BigInt(row.after.amountCents) - 1n), note: '' },
          ],
        };
        return { ...f, history: f.history.map((h, i) => (i === index ? { ...row, after } : h)) };
      },
      400,
      /only expenses and withdrawals can be split/,
    ],
    [
      'a snapshot with a field the app never writes',
      (f) => ({
        ...f,
        history: f.history.map((h, i) =>
          i === 0 ? { ...h, after: { ...h.after, isAdmin: true } } : h,
        ),
      }),
      400,
      /Unrecognized key/,
    ],
    [
      'a snapshot amount beyond one operation',
      (f) => ({
        ...f,
        history: f.history.map((h, i) =>
          i === 0 ? { ...h, after: { ...h.after, amountCents: '100000000001' } } : h,
        ),
      }),
      400,
      /amountCents must be at most/,
    ],
    [
      'a snapshot naming an account not in the file',
      (f) => {
        const { index, row } = historyOf(f, 'deposit');
        return {
          ...f,
          history: f.history.map((h, i) =>
            i === index ? { ...row, before: { ...row.after, accountId: MISSING } } : h,
          ),
        };
      },
      422,
      /names a missing account/,
    ],
    [
      'a history that does not replay (a row not starting where the last ended)',
      (f) => {
        const coffee = f.entries.find((e) => e.payee === 'Café');
        const rows = f.history
          .map((h, i) => ({ h, i }))
          .filter(({ h }) => h.entryId === coffee?.id);
        const second = rows[1];
        if (!second || !second.h.before) throw new Error('the edited entry has two rows');
        const before = { ...second.h.before, description: 'Not what it was' };
        return { ...f, history: f.history.map((h, i) => (i === second.i ? { ...h, before } : h)) };
      },
      422,
      /does not start where the one before it ended/,
    ],
    [
      'an entry that is not where its history ends',
      (f) => {
        const deposit = f.entries.find((e) => e.type === 'deposit');
        lastRowOf(f, deposit?.id ?? '');
        return {
          ...f,
          entries: f.entries.map((e) =>
            e.id === deposit?.id ? { ...e, description: 'Changed behind history' } : e,
          ),
        };
      },
      422,
      /does not end at the entry as it is/,
    ],
    [
      'a change with two history rows of one entry',
      (f) => ({ ...f, history: [...f.history, f.history[0] as BookExport['history'][number]] }),
      422,
      /two history rows of one entry/,
    ],
    [
      'more live accounts than a book may hold',
      (f) => ({
        ...f,
        accounts: [
          ...f.accounts,
          ...Array.from({ length: 200 }, (_, i) => ({
            ...(f.accounts[0] as BookExport['accounts'][number]),
            id: randomUUID(),
            title: `More ${i}`,
            balanceCents: '0',
            deleted: false,
          })),
        ],
      }),
      422,
      /a book holds at most 200/,
    ],
    [
      'more categories than a book may hold',
      (f) => ({
        ...f,
        categories: [
          ...f.categories,
          ...Array.from({ length: 501 - f.categories.length }, (_, i) => ({
            ...(f.categories[0] as BookExport['categories'][number]),
            id: randomUUID(),
            name: `More ${i}`,
          })),
        ],
      }),
      400,
      /A file holds at most 500 categories/,
    ],
    [
      'more category groups than a book may hold',
      (f) => ({
        ...f,
        categoryGroups: [
          ...f.categoryGroups,
          ...Array.from({ length: 501 - f.categoryGroups.length }, (_, i) => ({
            ...(f.categoryGroups[0] as BookExport['categoryGroups'][number]),
            id: randomUUID(),
            name: `More ${i}`,
          })),
        ],
      }),
      400,
      /A file holds at most 500 category groups/,
    ],
  ];

  it.each(bad)('refuses %s (%i), writing nothing', async (label, mutate, status, message) => {
    const someone = await t.signUp();
    const before = await snapshotDatabase(t.database.db);
    const broken = mutate(copyOf(file));
    const res = await restore(t, someone, broken);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 500)}`).toBe(status);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.code).toBe(status === 400 ? 'VALIDATION_ERROR' : 'UNPROCESSABLE');
    expect(body.message, label).toMatch(message);
    if (status === 400) expect(body.issues[0].path).toMatch(/^file/);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
    // The book is as it was: the good file still goes in.
    expect((await restore(t, someone, file)).statusCode).toBe(200);
  });

  it('refuses at the first split line past the cap, in time linear in the file', async () => {
    // 15,000 lines naming one entry took 16 s before the 422; 40,000 took 4 minutes.
    const someone = await t.signUp();
    const f = bookFile('splits', 1, 1);
    const entry = f.splits[0]?.entryId as string;
    f.splits = Array.from({ length: 40_000 }, (_, i) => ({
      entryId: entry,
      position: i % 50,
      categoryId: null,
      amountCents: '1',
      note: '',
    }));
    const body = JSON.stringify({ file: f });
    expect(body.length).toBeLessThan(RESTORE_BODY_BYTES_MAX);
    const before = await snapshotDatabase(t.database.db);
    const start = performance.now();
    const res = await restore(t, someone, body);
    const ms = performance.now() - start;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/has more than 50 split lines/);
    console.log(`40,000 split lines of one entry refused in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5_000);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('refuses at the third leg of a transfer, in time linear in the file', async () => {
    const someone = await t.signUp();
    const f = bookFile('entries', 0, 2);
    const transferId = randomUUID();
    const [from, to] = f.accounts.map((a) => a.id);
    f.entries = Array.from({ length: 40_000 }, (_, i) => ({
      id: randomUUID(),
      accountId: (i % 2 === 0 ? from : to) as string,
      type: i % 2 === 0 ? ('transfer_out' as const) : ('transfer_in' as const),
      amountCents: '1',
      description: '',
      occurredOn: '2025-01-01',
      categoryId: null,
      payee: '',
      tags: [],
      transferId,
      version: 1,
      deleted: true,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    }));
    const start = performance.now();
    const res = await restore(t, someone, f);
    const ms = performance.now() - start;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/has more than two legs/);
    console.log(`40,000 legs of one transfer refused in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5_000);
  });

  it('parses a file a slice at a time into exactly what one parse gives, issues and all', async () => {
    const good = { file };
    const sliced = await parseRestoreInput(JSON.parse(JSON.stringify(good)));
    expect(sliced).toEqual(restoreBookInput.parse(JSON.parse(JSON.stringify(good))));
    for (const [label, mutate] of bad) {
      const broken = mutate(copyOf(file));
      if (typeof broken === 'string') continue;
      const raw: unknown = JSON.parse(JSON.stringify({ file: broken }));
      const whole = restoreBookInput.safeParse(raw);
      if (whole.success) continue;
      const issues = (error: ZodError) => error.issues.map((i) => [i.path.join('.'), i.message]);
      const error = await parseRestoreInput(raw).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, label).toBeInstanceOf(ZodError);
      expect(issues(error as ZodError), label).toEqual(issues(whole.error).slice(0, 100));
    }
    // Not an object, not a list, a list too long: refused before any record is looked at.
    for (const raw of [null, { file: 1 }, { file: { ...file, entries: {} } }]) {
      const whole = restoreBookInput.safeParse(raw);
      const error = (await parseRestoreInput(raw).catch((e: unknown) => e)) as ZodError;
      expect(error.issues.map((i) => i.message)).toEqual(whole.error?.issues.map((i) => i.message));
    }
  });

  it('caps every list at no fewer records than the largest body can carry', () => {
    // A cap below that would refuse, for its length alone, a file the body limit lets through.
    const shortest: Record<keyof typeof RESTORE_ITEMS_MAX, object> = {
      accounts: {
        id: MISSING,
        title: 'a',
        description: '',
        icon: 'wallet',
        color: '#000000',
        balanceCents: '0',
        creditLimitCents: '0',
        createdAt: '2025-01-01T00:00:00Z',
        deleted: true,
      },
      categoryGroups: {},
      categories: {},
      entries: {
        id: MISSING,
        accountId: null,
        type: 'expense',
        amountCents: '1',
        description: '',
        occurredOn: '2025-01-01',
        categoryId: null,
        payee: '',
        tags: [],
        transferId: null,
        version: 1,
        deleted: true,
        createdAt: '2025-01-01T00:00:00Z',
        updatedAt: '2025-01-01T00:00:00Z',
      },
      splits: { entryId: MISSING, position: 0, categoryId: null, amountCents: '1', note: '' },
      transfers: {
        id: MISSING,
        fromAccountId: MISSING,
        toAccountId: MISSING,
        amountCents: '1',
        occurredOn: '2025-01-01',
      },
      changes: {
        id: MISSING,
        kind: 'bulk',
        undoesId: null,
        undoneById: null,
        createdAt: '2025-01-01T00:00:00Z',
      },
      history: {
        changeId: MISSING,
        entryId: MISSING,
        fields: [],
        before: null,
        after: {
          accountId: null,
          type: 'expense',
          amountCents: '1',
          occurredOn: '2025-01-01',
          description: '',
          payee: '',
          categoryId: null,
          tags: [],
          splits: [],
          deleted: false,
        },
      },
      rates: { base: 'EUR', quote: 'USD', day: '2025-01-01', rate: '1', source: 'ecb' },
      budgetActions: {
        id: MISSING,
        month: '2025-01',
        kind: 'hold',
        categoryId: null,
        fromCategoryId: null,
        amountCents: '1',
        rollover: null,
        undoesId: null,
        undoneById: null,
        counts: true,
        createdAt: '2025-01-01T00:00:00Z',
      },
      budgetGoals: {},
    };
    for (const [list, record] of Object.entries(shortest)) {
      const cap = RESTORE_ITEMS_MAX[list as keyof typeof RESTORE_ITEMS_MAX];
      if (list === 'categoryGroups' || list === 'categories' || list === 'budgetGoals') {
        expect(cap, list).toBe(500); // the API's own cap per book
        continue;
      }
      // One record and the comma that follows it.
      const bytes = JSON.stringify(record).length + 1;
      expect(cap * bytes, list).toBeGreaterThanOrEqual(RESTORE_BODY_BYTES_MAX);
      expect((cap / 2) * bytes, `${list}: a cap far above what a body carries`).toBeLessThan(
        RESTORE_BODY_BYTES_MAX,
      );
    }
  });
});
