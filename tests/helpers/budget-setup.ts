import { randomUUID } from 'node:crypto';
import type { TestApp, TestUser } from './test-app.js';

/** A caller for one write: each write takes an Idempotency-Key of its own. */
export const writeAs = (t: TestApp, user: TestUser) =>
  t.caller(user, { idempotencyKey: randomUUID() });

/**
 * A new spending category in the user's book (named `name` and a few random letters, so a book
 * may hold several), with the ids of the book's default spending and income groups.
 */
export async function newSpendingCategory(t: TestApp, user: TestUser, name = 'Groceries') {
  const groups = (await t.caller(user).category.list({})).data;
  const spending = groups.find((g) => g.kind === 'spending');
  const income = groups.find((g) => g.kind === 'income');
  if (!spending || !income) throw new Error('default groups missing');
  const created = await writeAs(t, user).category.create({
    groupId: spending.id,
    name: `${name} ${randomUUID().slice(0, 4)}`,
  });
  return { id: created.data.id, spendingGroupId: spending.id, incomeGroupId: income.id };
}
