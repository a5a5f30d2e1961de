import { TRPCError } from '@trpc/server';
import { describeError } from '../../src/server/trpc/errors.js';
import type { TestApp, TestUser } from './test-app.js';

/** What a call came back with, the same way for both doors. */
export interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
  body: any;
  /** The response headers, on the REST door only (the tRPC caller has none to read). */
  headers?: Record<string, unknown>;
}

/** The API as a client sees it; implemented once over REST and once over tRPC. */
export interface Door {
  name: 'rest' | 'trpc';
  listAccounts(): Promise<Outcome>;
  createAccount(input: Record<string, unknown>): Promise<Outcome>;
  getAccount(id: string): Promise<Outcome>;
  updateAccount(id: string, input: Record<string, unknown>): Promise<Outcome>;
  deleteAccount(id: string): Promise<Outcome>;
  deposit(id: string, input: Record<string, unknown>): Promise<Outcome>;
  withdraw(id: string, input: Record<string, unknown>): Promise<Outcome>;
  listExpenses(query?: Record<string, string | number>): Promise<Outcome>;
  expensesByAccount(accountId: string, query?: Record<string, string | number>): Promise<Outcome>;
  createExpense(input: Record<string, unknown>): Promise<Outcome>;
  listTransactions(query?: Record<string, string | number>): Promise<Outcome>;
  testNew(): Promise<Outcome>;
  setCreditLimit(id: string, creditLimit: unknown): Promise<Outcome>;
  createEntry(input: Record<string, unknown>): Promise<Outcome>;
  getEntry(id: string): Promise<Outcome>;
  updateEntry(id: string, input: Record<string, unknown>): Promise<Outcome>;
  /** `confirmReconciled`: the person confirmed deleting a reconciled entry (docs/ledger.md#reconciliation). */
  deleteEntry(id: string, expectedVersion?: number, confirmReconciled?: boolean): Promise<Outcome>;
  bulkCategorize(input: Record<string, unknown>): Promise<Outcome>;
  bulkDelete(input: Record<string, unknown>): Promise<Outcome>;
  /** POST /api/rules/apply: a rule applied to listed entries (docs/import.md#rules). */
  applyRule(input: Record<string, unknown>): Promise<Outcome>;
  createTransfer(input: Record<string, unknown>): Promise<Outcome>;
  getTransfer(id: string): Promise<Outcome>;
  updateTransfer(id: string, input: Record<string, unknown>): Promise<Outcome>;
  deleteTransfer(
    id: string,
    expectedVersion?: number,
    confirmReconciled?: boolean,
  ): Promise<Outcome>;
  undo(changeId: string): Promise<Outcome>;
  /** PATCH /api/transactions/{id}/cleared (docs/ledger.md#reconciliation). */
  setCleared(id: string, input: Record<string, unknown>): Promise<Outcome>;
  /** GET /api/account/{id}/reconciliation?statementOn=&statementBalance= */
  reconciliationSummary(id: string, query: Record<string, string | number>): Promise<Outcome>;
  /** POST /api/account/{id}/reconcile */
  reconcile(id: string, input: Record<string, unknown>): Promise<Outcome>;
}

/** `?a=1&b=2`, or nothing for no query. */
const queryString = (query: Record<string, string | number>) => {
  const text = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return text === '' ? '' : `?${text}`;
};

/** A DELETE's query: the version it expects and the confirmation for a reconciled entry. */
const deleteQuery = (expectedVersion?: number, confirmReconciled?: boolean) =>
  queryString({
    ...(expectedVersion !== undefined && { expectedVersion }),
    ...(confirmReconciled === true && { confirmReconciled: 'true' }),
  });

export function restDoor(t: TestApp, user: TestUser | null): Door {
  const call = async (method: string, url: string, payload?: unknown): Promise<Outcome> => {
    const res = await t.rest(user, {
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    name: 'rest',
    listAccounts: () => call('GET', '/api/account'),
    createAccount: (input) => call('POST', '/api/account', input),
    getAccount: (id) => call('GET', `/api/account/${encodeURIComponent(id)}`),
    updateAccount: (id, input) => call('PUT', `/api/account/${encodeURIComponent(id)}`, input),
    deleteAccount: (id) => call('DELETE', `/api/account/${encodeURIComponent(id)}`),
    deposit: (id, input) => call('POST', `/api/account/${encodeURIComponent(id)}/deposit`, input),
    withdraw: (id, input) => call('POST', `/api/account/${encodeURIComponent(id)}/withdraw`, input),
    listExpenses: (query = {}) => call('GET', `/api/expenses${queryString(query)}`),
    expensesByAccount: (id, query = {}) =>
      call('GET', `/api/expenses/by-account/${encodeURIComponent(id)}${queryString(query)}`),
    createExpense: (input) => call('POST', '/api/expenses/expense', input),
    listTransactions: (query = {}) =>
      call(
        'GET',
        `/api/transactions?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
      ),
    testNew: () => call('POST', '/api/test/new'),
    setCreditLimit: (id, creditLimit) =>
      call('PATCH', `/api/account/${encodeURIComponent(id)}`, { creditLimit }),
    createEntry: (input) => call('POST', '/api/transactions', input),
    getEntry: (id) => call('GET', `/api/transactions/${encodeURIComponent(id)}`),
    updateEntry: (id, input) => call('PATCH', `/api/transactions/${encodeURIComponent(id)}`, input),
    deleteEntry: (id, version, confirm) =>
      call('DELETE', `/api/transactions/${encodeURIComponent(id)}${deleteQuery(version, confirm)}`),
    bulkCategorize: (input) => call('POST', '/api/transactions/bulk-categorize', input),
    bulkDelete: (input) => call('POST', '/api/transactions/bulk-delete', input),
    applyRule: (input) => call('POST', '/api/rules/apply', input),
    createTransfer: (input) => call('POST', '/api/transfers', input),
    getTransfer: (id) => call('GET', `/api/transfers/${encodeURIComponent(id)}`),
    updateTransfer: (id, input) => call('PATCH', `/api/transfers/${encodeURIComponent(id)}`, input),
    deleteTransfer: (id, version, confirm) =>
      call('DELETE', `/api/transfers/${encodeURIComponent(id)}${deleteQuery(version, confirm)}`),
    undo: (changeId) => call('POST', `/api/changes/${encodeURIComponent(changeId)}/undo`),
    setCleared: (id, input) =>
      call('PATCH', `/api/transactions/${encodeURIComponent(id)}/cleared`, input),
    reconciliationSummary: (id, query) =>
      call('GET', `/api/account/${encodeURIComponent(id)}/reconciliation${queryString(query)}`),
    reconcile: (id, input) =>
      call('POST', `/api/account/${encodeURIComponent(id)}/reconcile`, input),
  };
}

/** What a tRPC caller's call came back with, as the REST door would have answered it. */
export async function trpcOutcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, body: await run() };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const { status, ...rest } = describeError(error);
    return { status, body: { success: false, ...rest } };
  }
}

export function trpcDoor(t: TestApp, user: TestUser | null): Door {
  const caller = t.caller(user);
  const call = trpcOutcome;
  // Inputs are deliberately untyped here: the tests send what a careless client would.
  const any = (input: unknown) => input as never;
  return {
    name: 'trpc',
    listAccounts: () => call(() => caller.account.list({})),
    createAccount: (input) => call(() => caller.account.create(any(input))),
    getAccount: (id) => call(() => caller.account.get({ id })),
    updateAccount: (id, input) => call(() => caller.account.update(any({ ...input, id }))),
    deleteAccount: (id) => call(() => caller.account.delete({ id })),
    deposit: (id, input) => call(() => caller.account.deposit(any({ ...input, id }))),
    withdraw: (id, input) => call(() => caller.account.withdraw(any({ ...input, id }))),
    listExpenses: (query = {}) => call(() => caller.expense.list(any(query))),
    expensesByAccount: (accountId, query = {}) =>
      call(() => caller.expense.byAccount(any({ ...query, accountId }))),
    createExpense: (input) => call(() => caller.expense.create(any(input))),
    listTransactions: (query = {}) => call(() => caller.transaction.list(any(query))),
    testNew: () => call(() => caller.system.testNew({})),
    setCreditLimit: (id, creditLimit) =>
      call(() => caller.account.setCreditLimit(any({ id, creditLimit }))),
    createEntry: (input) => call(() => caller.entry.create(any(input))),
    getEntry: (id) => call(() => caller.entry.get({ id })),
    updateEntry: (id, input) => call(() => caller.entry.update(any({ ...input, id }))),
    deleteEntry: (id, expectedVersion, confirm) =>
      call(() =>
        caller.entry.delete(
          any({ id, expectedVersion, ...(confirm === true && { confirmReconciled: 'true' }) }),
        ),
      ),
    bulkCategorize: (input) => call(() => caller.entry.bulkCategorize(any(input))),
    bulkDelete: (input) => call(() => caller.entry.bulkDelete(any(input))),
    applyRule: (input) => call(() => caller.rules.applyToEntries(any(input))),
    createTransfer: (input) => call(() => caller.transfer.create(any(input))),
    getTransfer: (id) => call(() => caller.transfer.get({ id })),
    updateTransfer: (id, input) => call(() => caller.transfer.update(any({ ...input, id }))),
    deleteTransfer: (id, expectedVersion, confirm) =>
      call(() =>
        caller.transfer.delete(
          any({ id, expectedVersion, ...(confirm === true && { confirmReconciled: 'true' }) }),
        ),
      ),
    undo: (id) => call(() => caller.change.undo({ id })),
    setCleared: (id, input) => call(() => caller.reconciliation.setCleared(any({ ...input, id }))),
    reconciliationSummary: (id, query) =>
      call(() => caller.reconciliation.summary(any({ ...query, id }))),
    reconcile: (id, input) => call(() => caller.reconciliation.finish(any({ ...input, id }))),
  };
}

export const DOORS = [
  ['rest', restDoor],
  ['trpc', trpcDoor],
] as const;
