import { TRPCError } from '@trpc/server';
import { describeError } from '../../src/server/trpc/app-error.js';
import type { TestApp, TestUser } from './test-app.js';

/** What a call came back with, the same way for both doors. */
export interface Outcome {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies freely
  body: any;
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
  listExpenses(): Promise<Outcome>;
  expensesByAccount(accountId: string): Promise<Outcome>;
  createExpense(input: Record<string, unknown>): Promise<Outcome>;
  listTransactions(query?: Record<string, string | number>): Promise<Outcome>;
  testNew(): Promise<Outcome>;
}

export function restDoor(t: TestApp, user: TestUser | null): Door {
  const call = async (method: string, url: string, payload?: unknown): Promise<Outcome> => {
    const res = await t.rest(user, {
      method: method as 'GET',
      url,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
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
    listExpenses: () => call('GET', '/api/expenses'),
    expensesByAccount: (id) => call('GET', `/api/expenses/by-account/${encodeURIComponent(id)}`),
    createExpense: (input) => call('POST', '/api/expenses/expense', input),
    listTransactions: (query = {}) =>
      call(
        'GET',
        `/api/transactions?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      ),
    testNew: () => call('POST', '/api/test/new'),
  };
}

export function trpcDoor(t: TestApp, user: TestUser | null): Door {
  const caller = t.caller(user);
  const call = async (run: () => Promise<unknown>): Promise<Outcome> => {
    try {
      return { status: 200, body: await run() };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const { status, ...rest } = describeError(error);
      return { status, body: { success: false, ...rest } };
    }
  };
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
    listExpenses: () => call(() => caller.expense.list({})),
    expensesByAccount: (accountId) => call(() => caller.expense.byAccount({ accountId })),
    createExpense: (input) => call(() => caller.expense.create(any(input))),
    listTransactions: (query = {}) => call(() => caller.transaction.list(any(query))),
    testNew: () => call(() => caller.system.testNew({})),
  };
}

export const DOORS = [
  ['rest', restDoor],
  ['trpc', trpcDoor],
] as const;
