import { randomUUID } from 'node:crypto';
import { plainCsvMapping } from './csv-mapping.js';
import type { RestProcedure } from './api-surface.js';
import { routeName } from './api-surface.js';
import type { TestApp, TestUser } from './test-app.js';
import { joinedMember } from './sharing.js';

/**
 * What a careful client adds to a derived input where the schema cannot say it
 * (docs/testing.md#what-the-schemas-cannot-say): a rule that sets something, a book or settings edit
 * that changes something, a reorder naming every item as the book holds them now, a restore into an
 * empty book. Tables that need the route to succeed (the idempotency table) finish the derived
 * input with these; a route that is not listed needs nothing more.
 */
export interface CarefulRequest {
  input: Record<string, unknown>;
  /** Who sends it: the table's user unless the route needs a book of its own. */
  user: TestUser;
  /** The book it works on (X-Book-Id), when not the sender's personal one. */
  bookId?: string;
}

interface Context {
  t: TestApp;
  user: TestUser;
}

type Completion = (input: Record<string, unknown>, context: Context) => Promise<CarefulRequest>;

const data = async <T>(t: TestApp, user: TestUser, url: string): Promise<T> =>
  (await t.rest(user, { method: 'GET', url })).json().data as T;

interface Group {
  id: string;
  categories: { id: string }[];
}

const RULE_ACTIONS: Completion = async (input, { user }) => ({
  input: { ...input, set: { payee: 'Example payee' } },
  user,
});

/** The token of a new invitation into the user's personal book (docs/sharing.md#invitations). */
async function invitationToken(t: TestApp, user: TestUser): Promise<string> {
  return (await t.caller(user).invitation.create({ role: 'editor' })).data.token;
}

/** Someone new answers an invitation of the user's. */
const ANSWER_INVITATION: Completion = async (_input, { t, user }) => ({
  input: { token: await invitationToken(t, user) },
  user: await t.signUp(),
});

const COMPLETIONS: Record<string, Completion> = {
  'GET /api/invitations/preview': async (_input, { t, user }) => ({
    input: { token: await invitationToken(t, user) },
    user,
  }),
  'POST /api/invitations/accept': ANSWER_INVITATION,
  'POST /api/invitations/decline': ANSWER_INVITATION,
  // Only someone who is not the book's last owner, in a book not their personal one, can leave.
  'POST /api/books/{id}/leave': async (_input, { t, user }) => {
    const bookId = (await t.caller(user).book.create({ name: 'Left behind' })).data.id;
    const leaver = await joinedMember(t, { ...user, onBook: bookId }, 'viewer');
    return { input: { id: bookId }, user: leaver };
  },
  'POST /api/rules': RULE_ACTIONS,
  'PATCH /api/rules/{id}': RULE_ACTIONS,
  'POST /api/rules/test': RULE_ACTIONS,
  // An entry the rule matches, as the rule's test lists it (with the version it saw).
  'POST /api/rules/apply': async (input, { t, user }) => {
    const draft = {
      name: 'Careful coffee',
      match: { field: 'description', operator: 'contains', value: 'careful coffee' },
      set: { payee: 'Example payee' },
    };
    await t.rest(user, {
      method: 'POST',
      url: '/api/expenses/expense',
      payload: { amount: 2.5, description: 'Careful coffee' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const tested = await t.rest(user, { method: 'POST', url: '/api/rules/test', payload: draft });
    const toApply = tested.json<{ data: { toApply: { id: string; version: number }[] } }>().data
      .toApply;
    return {
      input: {
        ...input,
        ...draft,
        amountMin: null,
        amountMax: null,
        accountId: null,
        entries: toApply.map(({ id, version }) => ({ id, version })),
      },
      user,
    };
  },
  'POST /api/rules/reorder': async (_input, { t, user }) => {
    const rules = await data<{ id: string }[]>(t, user, '/api/rules');
    return { input: { ruleIds: rules.map((rule) => rule.id).reverse() }, user };
  },
  'PATCH /api/book': async (input, { user }) => ({
    input: { ...input, name: 'Household' },
    user,
  }),
  'PATCH /api/settings': async (input, { user }) => ({
    input: { ...input, locale: 'de-DE' },
    user,
  }),
  'POST /api/category-groups/reorder': async (_input, { t, user }) => {
    const groups = await data<Group[]>(t, user, '/api/categories');
    return { input: { groupIds: groups.map((group) => group.id).reverse() }, user };
  },
  'POST /api/categories/reorder': async (input, { t, user }) => {
    const groups = await data<Group[]>(t, user, '/api/categories');
    const group = groups.find((candidate) => candidate.id === input.groupId);
    if (!group) throw new Error(`no group ${String(input.groupId)} to reorder`);
    return {
      input: { ...input, categoryIds: group.categories.map((c) => c.id).reverse() },
      user,
    };
  },
  // The schema's example file is a header alone: a careful import has a row to import, and
  // confirms its columns (a file of one deposit asks whether every row is money in).
  'POST /api/imports': async (input, { user }) => ({
    input: {
      ...input,
      content: Buffer.from('Date,Amount\n2025-01-15,12.50\n').toString('base64'),
      mapping: plainCsvMapping({ description: false }),
    },
    user,
  }),
  // Only a reverted import has a revert to undo: the planted batch is reverted first.
  'POST /api/imports/{id}/undo-revert': async (input, { t, user }) => {
    const reverted = await t.rest(user, {
      method: 'POST',
      url: `/api/imports/${String(input.id)}/revert`,
      headers: { 'idempotency-key': randomUUID() },
    });
    if (reverted.statusCode !== 200) throw new Error(`revert first: ${reverted.body}`);
    return { input, user };
  },
  // A reconciliation finishes only at a difference of 0.00: the statement says what the
  // account's cleared entries add up to on its date (docs/ledger.md#reconciliation).
  'POST /api/account/{id}/reconcile': async (input, { t, user }) => {
    const query = `statementOn=${String(input.statementOn)}&statementBalance=0`;
    const summary = await data<{ clearedBalance: number }>(
      t,
      user,
      `/api/account/${String(input.id)}/reconciliation?${query}`,
    );
    return { input: { ...input, statementBalance: summary.clearedBalance }, user };
  },
  // A move from a category takes what the category has available that month: the careful
  // client assigns it first (docs/budgets.md#the-log).
  'POST /api/budget/move': async (input, { t, user }) => {
    if (typeof input.fromCategoryId === 'string') {
      await t.caller(user).budget.assign({
        month: String(input.month),
        categoryId: input.fromCategoryId,
        assigned: Number(input.amount),
      });
    }
    return { input, user };
  },
  // Only a goal that exists can be removed.
  'DELETE /api/budget/goals/{categoryId}': async (input, { t, user }) => {
    await t.caller(user).budget.setGoal({
      categoryId: String(input.categoryId),
      kind: 'monthly',
      amount: 50,
    });
    return { input, user };
  },
  // Covering needs overspending: the careful client spends from an on-budget account in the
  // category that month, more than it has.
  'POST /api/budget/cover': async (input, { t, user }) => {
    const caller = t.caller(user);
    const account = (await caller.account.create({ title: 'Budget cover', creditLimit: 100 })).data
      .id;
    await caller.expense.create({
      accountId: account,
      amount: 42,
      description: 'Overspent',
      occurredOn: `${String(input.month)}-15`,
      categoryId: String(input.categoryId),
    });
    if (typeof input.fromCategoryId === 'string') {
      await caller.budget.assign({
        month: String(input.month),
        categoryId: input.fromCategoryId,
        assigned: 100,
      });
    }
    return { input, user };
  },
  // A restore takes an empty book: the user's whole book, exported, goes into a new person's.
  'POST /api/book/restore': async (_input, { t, user }) => {
    const file = await data<unknown>(t, user, '/api/book/export');
    return { input: { file }, user: await t.signUp() };
  },
};

/** The derived input of a route, finished as a careful client would send it. */
export function completeCarefulInput(
  route: RestProcedure,
  input: Record<string, unknown>,
  context: Context,
): Promise<CarefulRequest> {
  const complete = COMPLETIONS[routeName(route)];
  return complete ? complete(input, context) : Promise.resolve({ input, user: context.user });
}

/** Routes with a completion: a test checks each still names a route (no stale entries). */
export const COMPLETED_ROUTES = Object.keys(COMPLETIONS);
