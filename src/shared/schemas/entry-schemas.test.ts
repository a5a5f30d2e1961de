import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updateBookInput } from './book.js';
import { createCategoryInput, updateCategoryInput } from './category.js';
import { bulkDeleteInput, createEntryInput, updateEntryInput } from './entry.js';
import { occurredOnSchema, splitMismatch, splitMismatchIn, tagsSchema } from './entry-fields.js';
import { searchTransactionsInput } from './ledger-query.js';
import {
  DIFFERENT_ACCOUNTS,
  createTransferInput,
  sameAccounts,
  updateTransferInput,
} from './transfer.js';

/** The first refusal a schema gives an input (what a 400 says), or the parsed value. */
function parse(schema: z.ZodType, input: unknown): { ok: unknown } | { error: string | undefined } {
  const result = schema.safeParse(input);
  return result.success ? { ok: result.data } : { error: result.error.issues[0]?.message };
}

const A = '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11';
const B = '9e6d7f1f-4f9b-4c5f-8b68-3c5c9f4f7d22';
const C = '3b1f9a52-7c4d-4e8f-9a61-0d2c5e7b8f14';

describe('occurredOn', () => {
  it('takes a real calendar date, as sent (the published format: date has no spaces)', () => {
    expect(parse(occurredOnSchema, '2024-02-29')).toEqual({ ok: '2024-02-29' });
  });

  it.each([
    ['2025-02-29', 'occurredOn must be a real date between the years 1900 and 9999'],
    ['1899-12-31', 'occurredOn must be a real date between the years 1900 and 9999'],
    ['31/03/2025', 'occurredOn must be a date like 2025-03-31'],
    [' 2024-02-29 ', 'occurredOn must be a date like 2025-03-31'],
    ['2025-03-31T10:00:00Z', 'occurredOn must be a date like 2025-03-31'],
    [20250331, 'occurredOn must be a date like 2025-03-31'],
  ])('refuses %j: %s', (input, message) => {
    expect(parse(occurredOnSchema, input)).toEqual({ error: message });
  });
});

describe('tags', () => {
  it('trims, lower-cases and keeps each tag once, in order', () => {
    expect(parse(tagsSchema, [' Trip ', 'food', 'TRIP', 'Été'])).toEqual({
      ok: ['trip', 'food', 'été'],
    });
    expect(parse(tagsSchema, [])).toEqual({ ok: [] });
  });

  it.each([
    [['a,b'], 'A tag must not contain commas'],
    [['  '], 'A tag must not be blank'],
    [['x'.repeat(41)], 'Each tag must be at most 40 characters'],
    [[7], 'Each tag must be text'],
    ['food', 'Tags must be a list of text'],
    [Array.from({ length: 21 }, (_, i) => `t${i}`), 'At most 20 tags per transaction'],
    [['a\u0000'], 'A tag must not contain NUL characters'],
  ])('refuses %j: %s', (input, message) => {
    expect(parse(tagsSchema, input)).toEqual({ error: message });
  });
});

describe('split lines', () => {
  // Judged by the service in the entry's currency (decision 035): the schema takes any lines.
  it('are judged in the entry currency, not by the input schema', () => {
    const lines = [{ amount: 6 }, { amount: 4 }];
    expect(parse(createEntryInput, { type: 'expense', amount: 11, splits: lines })).toMatchObject({
      ok: { amount: 11 },
    });
    expect(parse(updateEntryInput, { id: A, amount: 9, splits: lines })).toMatchObject({
      ok: { amount: 9 },
    });
    expect(splitMismatchIn(1100n, [600n, 400n], 'USD')).toBe(
      'The split lines add up to 10.00, not 11.00 (1.00 short)',
    );
    expect(splitMismatchIn(900n, [600n, 400n], 'EUR')).toBe(
      'The split lines add up to 10.00, not 9.00 (1.00 too much)',
    );
    expect(splitMismatchIn(1000n, [600n, 500n], 'JPY')).toBe(
      'The split lines add up to 1,100 JPY, not 1,000 JPY (100 JPY too much)',
    );
    expect(splitMismatchIn(12_345n, [12_000n, 345n], 'KWD')).toBeNull();
  });

  it('must add up to the amount exactly, in cents', () => {
    expect(splitMismatch(0.3, [{ amount: 0.1 }, { amount: 0.2 }])).toBeNull();
    expect(
      splitMismatch(100, [{ amount: 33.33 }, { amount: 33.33 }, { amount: 33.34 }]),
    ).toBeNull();
    expect(splitMismatch(10, [{ amount: 4 }, { amount: 5.5 }])).toBe(
      'The split lines add up to 9.50, not 10.00 (0.50 short)',
    );
    expect(splitMismatch(10, [{ amount: 4 }, { amount: 6.01 }])).toBe(
      'The split lines add up to 10.01, not 10.00 (0.01 too much)',
    );
  });
});

describe('entry inputs', () => {
  const lines = [
    { amount: 6, categoryId: C, note: 'Bread' },
    { amount: 4, categoryId: null },
  ];

  it('creates any movement, split only when money goes out and the lines add up', () => {
    expect(parse(createEntryInput, { type: 'expense', amount: 10, splits: lines })).toMatchObject({
      ok: { type: 'expense', amount: 10 },
    });
    expect(parse(createEntryInput, { type: 'deposit', accountId: A, amount: 10 })).toMatchObject({
      ok: { accountId: A },
    });
  });

  it.each([
    [{ type: 'deposit', amount: 10 }, 'accountId is required for a deposit or a withdrawal'],
    [
      { type: 'deposit', accountId: A, amount: 10, splits: lines },
      'Only expenses and withdrawals can be split',
    ],
    [
      { type: 'expense', amount: 10, categoryId: C, splits: lines },
      'A split entry has no category of its own: give each line its category',
    ],
    [{ type: 'expense', amount: 10, splits: [lines[0]] }, 'A split needs at least 2 lines'],
    [
      { type: 'expense', amount: 51, splits: Array.from({ length: 51 }, () => ({ amount: 1 })) },
      'A split has at most 50 lines',
    ],
    [{ type: 'transfer', accountId: A, amount: 10 }, 'type must be deposit, withdraw or expense'],
  ])('refuses the creation %j: %s', (input, message) => {
    expect(parse(createEntryInput, input)).toEqual({ error: message });
  });

  it.each([
    [{ id: A }, 'Nothing to change: send at least one field'],
    [{ id: A, expectedVersion: 2 }, 'Nothing to change: send at least one field'],
    [{ id: A, expectedVersion: 0, amount: 1 }, 'expectedVersion must be at least 1'],
    [{ id: 'nope', amount: 1 }, 'Transaction ID must be a UUID'],
  ])('refuses the edit %j: %s', (input, message) => {
    expect(parse(updateEntryInput, input)).toEqual({ error: message });
  });

  it('lets an edit remove a split or clear the category', () => {
    expect(parse(updateEntryInput, { id: A, splits: null })).toEqual({
      ok: { id: A, splits: null },
    });
    expect(parse(updateEntryInput, { id: A, categoryId: null })).toEqual({
      ok: { id: A, categoryId: null },
    });
  });

  it('bulk operations take each id once, and at most 500', () => {
    expect(parse(bulkDeleteInput, { ids: [A, A.toUpperCase(), B] })).toEqual({
      ok: { ids: [A, B] },
    });
    expect(parse(bulkDeleteInput, { ids: Array.from({ length: 501 }, () => A) })).toEqual({
      error: 'At most 500 transactions at once',
    });
  });
});

describe('transfers', () => {
  it('move money between two different accounts', () => {
    expect(
      parse(createTransferInput, { fromAccountId: A, toAccountId: B, amount: 5 }),
    ).toMatchObject({
      ok: { fromAccountId: A, toAccountId: B },
    });
    // One account at both ends: refused by the server once it has found the account (so
    // another user's id is a 404 whichever field names it); sameAccounts lets forms say it first.
    const same = parse(createTransferInput, {
      fromAccountId: A,
      toAccountId: A.toUpperCase(),
      amount: 5,
    });
    expect(same).toMatchObject({ ok: { fromAccountId: A, toAccountId: A } });
    expect(sameAccounts({ fromAccountId: A, toAccountId: A })).toBe(true);
    expect(sameAccounts({ fromAccountId: A, toAccountId: B })).toBe(false);
    expect(sameAccounts({ fromAccountId: A })).toBe(false);
    expect(DIFFERENT_ACCOUNTS).toBe('Choose two different accounts');
    expect(parse(updateTransferInput, { id: C })).toEqual({
      error: 'Nothing to change: send at least one field',
    });
  });
});

describe('books and categories', () => {
  it('take an IANA time zone, canonically spelled', () => {
    expect(parse(updateBookInput, { timeZone: 'europe/paris' })).toEqual({
      ok: { timeZone: 'Europe/Paris' },
    });
    expect(parse(updateBookInput, { timeZone: 'Mars/Base' })).toEqual({
      error: 'timeZone must be an IANA time zone such as Europe/Paris',
    });
    expect(parse(updateBookInput, {})).toEqual({
      error: 'Nothing to change: send name, timeZone, baseCurrency or applyRulesToManualEntries',
    });
  });

  it.each([
    [createCategoryInput, { groupId: A, name: '  ' }, 'Name is required'],
    [
      createCategoryInput,
      { groupId: A, name: 'x'.repeat(61) },
      'Name must be at most 60 characters',
    ],
    [
      createCategoryInput,
      { groupId: A, name: 'Pets', icon: 'unicorn' },
      'Icon must be one of the category icons (see CategoryIcon)',
    ],
    [createCategoryInput, { name: 'Pets' }, 'Category group ID is required'],
    [updateCategoryInput, { id: C }, 'Nothing to change: send at least one field'],
  ] as const)('refuses %#: %s', (schema, input, message) => {
    expect(parse(schema, input)).toEqual({ error: message });
  });
});

describe('the search query of the ledger', () => {
  it('takes a category id or none, calendar bounds and a sort', () => {
    expect(
      parse(searchTransactionsInput, {
        q: 'café',
        categoryId: 'none',
        tag: ' Trip',
        dateFrom: '2025-01-01',
        dateTo: '2025-01-31',
        minAmount: 0,
        maxAmount: 10.5,
        sort: 'amount_asc',
        type: 'transfer',
      }),
    ).toMatchObject({ ok: { categoryId: 'none', tag: 'trip', sort: 'amount_asc' } });
  });

  it.each([
    [{ dateFrom: '2025-02-01', dateTo: '2025-01-31' }, 'dateFrom must not be after dateTo'],
    [{ minAmount: 5, maxAmount: 4.99 }, 'minAmount must not be above maxAmount'],
    [{ categoryId: 'all' }, 'categoryId must be a category id or none'],
    [{ sort: 'newest' }, 'sort must be date_desc, date_asc, amount_desc or amount_asc'],
    [{ q: 'x'.repeat(101) }, 'q must be at most 100 characters'],
  ])('refuses %j: %s', (input, message) => {
    expect(parse(searchTransactionsInput, input)).toEqual({ error: message });
  });
});
