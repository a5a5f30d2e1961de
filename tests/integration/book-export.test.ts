import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { snapshotDatabase } from '../helpers/restore-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import {
  categoriesByName,
  insertEntry,
  insertSplitExpense,
  insertTransfer,
} from '../helpers/ledger-sql.js';
import { bookExportJsonSchema } from '../../src/server/features/export/book-export-json-schema.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';

/**
 * The full export and its restore: export → restore into a new user's empty book → export gives
 * the same content (ids aside, which a restore renews); a bad file or a book in use is refused
 * whole, changing nothing.
 */

/** The file with every id replaced by a name that survives a restore, lists in a stable order. */
function normalise(file: BookExport) {
  const names = new Map<string, string>();
  file.accounts.forEach((a, i) => names.set(a.id, `account#${i}`));
  const groupName = new Map(file.categoryGroups.map((g) => [g.id, g.name]));
  file.categoryGroups.forEach((g) => names.set(g.id, `group:${g.name}`));
  file.categories.forEach((c) =>
    names.set(c.id, `category:${groupName.get(c.groupId) ?? '?'}/${c.name}`),
  );
  file.entries.forEach((e, i) => {
    names.set(e.id, `entry#${i}`);
    if (e.transferId && !names.has(e.transferId)) names.set(e.transferId, `transfer@entry#${i}`);
  });
  file.changes.forEach((c, i) => names.set(c.id, `change#${i}`));
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    }
    return value;
  };
  const renamed = rename({ ...file, exportedAt: 'x' }) as BookExport;
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  return {
    ...renamed,
    categoryGroups: [...renamed.categoryGroups].sort(byId),
    categories: [...renamed.categories].sort(byId),
    splits: [...renamed.splits].sort((a, b) =>
      `${a.entryId}/${a.position}` < `${b.entryId}/${b.position}` ? -1 : 1,
    ),
    transfers: [...renamed.transfers].sort(byId),
  };
}

describe('full export and restore', () => {
  let t: TestApp;
  let owner: TestUser;
  let file: BookExport;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
    const caller = t.caller(owner);
    const checking = (await caller.account.create({ title: 'Checking' })).data.id;
    const savings = (
      await caller.account.create({ title: 'Savings', icon: 'credit-card', color: '#2563eb' })
    ).data.id;
    const cats = await categoriesByName(t.database.db, owner.bookId);
    await caller.account.deposit({ id: checking, amount: 2500, payee: 'Employer', tags: ['pay'] });
    await caller.expense.create({
      accountId: checking,
      amount: 42.42,
      occurredOn: '2025-12-24',
      categoryId: cats.get('Groceries')?.id,
      description: 'Back-dated, "quoted"',
    });
    await caller.expense.create({ amount: 5, description: 'No account' });
    await insertTransfer(t.database.db, {
      bookId: owner.bookId,
      from: checking,
      to: savings,
      cents: 30_000n,
      occurredOn: '2026-01-02',
    });
    await insertSplitExpense(t.database.db, {
      bookId: owner.bookId,
      accountId: checking,
      occurredOn: '2026-01-03',
      lines: [
        { categoryId: cats.get('Rent')?.id ?? null, cents: 10_000n, note: 'half' },
        { categoryId: null, cents: 2_345n },
      ],
    });
    await insertEntry(t.database.db, {
      bookId: owner.bookId,
      accountId: savings,
      type: 'withdraw',
      cents: 100n,
      occurredOn: '2026-01-04',
      deleted: true,
    });
    const gone = (await caller.account.create({ title: 'Closed' })).data.id;
    await caller.account.delete({ id: gone });
    file = (await caller.bookData.export({})).data;
  });
  afterAll(() => t.close());

  it('exports everything, and the file matches the committed JSON Schema', async () => {
    expect(file.accounts.map((a) => [a.title, a.deleted])).toEqual([
      ['Checking', false],
      ['Savings', false],
      ['Closed', true],
    ]);
    expect(file.entries).toHaveLength(7);
    expect(file.transfers).toHaveLength(1);
    expect(file.splits).toHaveLength(2);
    expect(file.changes.length).toBeGreaterThanOrEqual(3);
    expect(file.history.length).toBeGreaterThanOrEqual(3);
    const committed: unknown = JSON.parse(await readFile('docs/book-export.schema.json', 'utf8'));
    expect(committed).toEqual(bookExportJsonSchema());
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(committed as object);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
  });

  it('export → restore → export gives the same content', async () => {
    const someone = await t.signUp();
    const res = await t.rest(someone, {
      method: 'POST',
      url: '/api/book/restore',
      headers: { 'idempotency-key': 'restore-1' },
      payload: { file },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Book restored',
      data: { accounts: 3, entries: 7 },
    });
    const again = (await t.caller(someone).bookData.export({})).data;
    expect(normalise(again)).toEqual(normalise(file));
    // The restored ledger works like any other: balances as the original's.
    const balances = (await t.caller(someone).account.list({})).data.map((a) => a.balance);
    const original = (await t.caller(owner).account.list({})).data.map((a) => a.balance);
    expect(balances).toEqual(original);
  });

  it('restores a book far larger than the 64 KB every other route takes', async () => {
    const big = await t.signUp();
    const account = (await t.caller(big).account.create({ title: 'Years of it' })).data.id;
    for (let day = 0; day < 400; day += 1) {
      await insertEntry(t.database.db, {
        bookId: big.bookId,
        accountId: account,
        type: 'deposit',
        cents: BigInt(100 + day),
        occurredOn: `2025-${String((day % 12) + 1).padStart(2, '0')}-15`,
        description: `Salary part ${day} `.padEnd(200, 'x'),
      });
    }
    const large = (await t.caller(big).bookData.export({})).data;
    const body = JSON.stringify({ file: large });
    expect(body.length).toBeGreaterThan(128 * 1024);
    const someone = await t.signUp();
    const res = await t.rest(someone, {
      method: 'POST',
      url: '/api/book/restore',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ accounts: 1, entries: 400 });
    const balances = (await t.caller(someone).account.list({})).data.map((a) => a.balance);
    expect(balances).toEqual([(400 * 100 + (399 * 400) / 2) / 100]);
  });

  it('refuses a book that is not empty, changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    const res = await t.rest(owner, {
      method: 'POST',
      url: '/api/book/restore',
      payload: { file },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This book is not empty/);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('refuses a file with any bad part whole, changing nothing', async () => {
    const someone = await t.signUp();
    const caller = t.caller(someone);
    const before = await snapshotDatabase(t.database.db);
    const lastEntry = file.entries.length - 1;
    const broken: [string, BookExport, number, RegExp][] = [
      [
        'split lines that do not add up',
        { ...file, splits: file.splits.map((s, i) => (i === 0 ? { ...s, amountCents: '1' } : s)) },
        422,
        /do not add up/,
      ],
      [
        'an entry naming a missing account',
        {
          ...file,
          entries: file.entries.map((e, i) =>
            i === 0 ? { ...e, accountId: '00000000-0000-4000-8000-000000000000' } : e,
          ),
        },
        422,
        /missing account/,
      ],
      [
        'a balance that is not the sum of its entries',
        {
          ...file,
          accounts: file.accounts.map((a, i) => (i === 0 ? { ...a, balanceCents: '1' } : a)),
        },
        422,
        /not the sum of its entries/,
      ],
      [
        'an amount that is not cents',
        {
          ...file,
          entries: file.entries.map((e, i) => (i === lastEntry ? { ...e, amountCents: '1.5' } : e)),
        },
        400,
        /amountCents must be whole cents above 0/,
      ],
    ];
    for (const [label, bad, status, message] of broken) {
      const res = await t.rest(someone, {
        method: 'POST',
        url: '/api/book/restore',
        payload: { file: bad },
      });
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message, label).toMatch(message);
    }
    await expect(
      caller.bookData.restore({ file: { ...file, version: 2 } as unknown as BookExport }),
    ).rejects.toThrow();
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });
});
