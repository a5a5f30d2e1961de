import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/server/db/connect.js';
import type { BookExport } from '../../src/shared/schemas/book-export.js';
import { restDoor, type Outcome } from './doors.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * What the restore tests share: a book made through the API with every kind of row a file can
 * carry, the database's row counts (what a refused restore must leave as they were), and the
 * restore call itself.
 */

/** Row counts of every table a restore writes, and every book's row: what a refusal must keep. */
export async function snapshotDatabase(db: Db) {
  const count = async (
    table:
      | 'accounts'
      | 'categories'
      | 'category_groups'
      | 'transactions'
      | 'entry_splits'
      | 'entry_changes'
      | 'entry_history'
      | 'budget_actions'
      | 'idempotency_keys',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await count('accounts'),
    categories: await count('categories'),
    groups: await count('category_groups'),
    entries: await count('transactions'),
    splits: await count('entry_splits'),
    changes: await count('entry_changes'),
    history: await count('entry_history'),
    budgetActions: await count('budget_actions'),
    books: await db
      .selectFrom('books')
      .select(['id', 'name', 'time_zone', 'restore_token', 'restored_at'])
      .orderBy('id')
      .execute(),
  };
}

const ok = (outcome: Outcome) => {
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
  return outcome.body.data;
};

/**
 * Fills a user's book through the API with one of everything a file carries: live and deleted
 * accounts (one with a credit limit, overdrawn), deposits with payees and tags, categorised and
 * uncategorised expenses, one without an account, a split withdrawal, a transfer later edited,
 * an edited entry, a deleted one, an undone change, a deleted category whose entries moved (so
 * history names a category the book no longer has), and a time zone.
 */
export async function fillBook(t: TestApp, user: TestUser): Promise<void> {
  const api = restDoor(t, user);
  const categories = (await t.caller(user).category.list({})).data.flatMap((g) => g.categories);
  const category = (name: string) => categories.find((c) => c.name === name)?.id as string;
  const checking = ok(await api.createAccount({ title: 'Checking' })).id as string;
  const card = ok(await api.createAccount({ title: 'Card', icon: 'credit-card', color: '#2563eb' }))
    .id as string;
  ok(await api.setCreditLimit(card, 500));
  ok(await api.deposit(checking, { amount: 2500, payee: 'Employer', tags: ['pay', 'Monthly'] }));
  ok(
    await api.withdraw(card, {
      amount: 120.5,
      description: 'Groceries, "big" shop',
      categoryId: category('Groceries'),
      occurredOn: '2024-02-29',
    }),
  );
  ok(await api.createExpense({ amount: 5, description: 'No account' }));
  const split = ok(
    await api.createEntry({
      type: 'withdraw',
      accountId: checking,
      amount: 100,
      splits: [
        { categoryId: category('Rent'), amount: 60, note: 'half and more' },
        { categoryId: category('Taxi'), amount: 30 },
        { amount: 10 },
      ],
    }),
  ).transaction.id as string;
  ok(await api.updateEntry(split, { description: 'Split, edited' }));
  const transfer = ok(
    await api.createTransfer({ fromAccountId: checking, toAccountId: card, amount: 300 }),
  ).transfer.id as string;
  ok(await api.updateTransfer(transfer, { amount: 250, description: 'Pay the card' }));
  const coffee = ok(
    await api.createExpense({ accountId: checking, amount: 3.2, categoryId: category('Coffee') }),
  ).transaction.id as string;
  ok(await api.updateEntry(coffee, { amount: 3.5, payee: 'Café' }));
  const gone = ok(await api.createExpense({ accountId: checking, amount: 7 })).transaction
    .id as string;
  ok(await api.deleteEntry(gone));
  const mistake = ok(await api.deposit(card, { amount: 42 })).changeId as string;
  ok(await api.undo(mistake));
  // Taxi goes: its split line moves to uncategorised, history keeps naming it.
  await t.caller(user).category.delete({ id: category('Taxi') });
  const closed = ok(await api.createAccount({ title: 'Closed' })).id as string;
  ok(await api.deleteAccount(closed));
  await t.caller(user).book.update({ timeZone: 'Europe/Paris', name: 'Household' });
}

/** A restore through the REST door, with the body as given (a file, or raw JSON text). */
export function restore(
  t: TestApp,
  user: TestUser,
  file: BookExport | string | object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.rest(user, {
    method: 'POST',
    url: '/api/book/restore',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof file === 'string' ? file : JSON.stringify({ file }),
  });
}

/** A deep copy to break a file without touching the original. */
export const copyOf = (file: BookExport): BookExport => structuredClone(file);
