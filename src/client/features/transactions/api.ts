import { useMutation } from '@tanstack/react-query';
import type { BulkCategorizeInput, UpdateEntryInput } from '../../../shared/schemas/entry.js';
import type { UpdateTransferInput } from '../../../shared/schemas/transfer.js';
import type { SearchTransactionsInput } from '../../../shared/schemas/ledger-query.js';
import type { Transaction } from '../../../shared/schemas/ledger.js';
import { unwrap } from '../../lib/envelope.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';
import type { NewEntryRequest } from './entry-request.js';
import { listInput } from './transaction-list-query.js';

/**
 * The Transactions page's data (docs/client.md#data-featuresnameapits): the searched list a
 * page at a time, one entry with its history, categories, payees and tags, and every mutation
 * of an entry. Each mutation refreshes the money views itself (balances, lists, the entry), and
 * answers with the envelope's data, and takes an Idempotency-Key: the form's submission's key (lib/use-submission.ts), or a fresh
 * one for a one-click action (undo, bulk), so a retry after no answer applies at most once.
 */

type Keyed<T> = T & { idempotencyKey: string };

interface SearchPage {
  data: { items: Transaction[]; nextCursor: string | null };
}

const nextCursor = (page: SearchPage) => page.data.nextCursor ?? undefined;
const allItems = (data: { pages: SearchPage[] }) => data.pages.flatMap((page) => page.data.items);

/** The entries of a view, in its sort, every page loaded so far. */
export function useTransactionSearch(search: SearchTransactionsInput) {
  return trpc.transaction.list.useInfiniteQuery(listInput(search), {
    getNextPageParam: nextCursor,
    select: allItems,
    // While the next search words are on their way, the rows of the last ones stay on screen.
    placeholderData: (previous) => previous,
  });
}

/**
 * How many entries the whole view holds and their money in and out (GET
 * /api/transactions/summary): the list's filters, transfers as one row as the list shows them;
 * the sort changes neither, so it is left out of the query (and of its cache key).
 */
export function useTransactionSummary(search: SearchTransactionsInput) {
  const { sort: _sort, limit: _limit, cursor: _cursor, ...filters } = search;
  return trpc.transaction.summary.useQuery(
    { ...filters, transfers: 'one' },
    { select: unwrap, placeholderData: (previous) => previous },
  );
}

/** One entry and its history, oldest first. */
export function useEntry(id: string | undefined) {
  return trpc.entry.get.useQuery({ id: id ?? '' }, { enabled: Boolean(id), select: unwrap });
}

/** Payees of earlier entries matching what is typed, most used first. */
export function usePayeeSuggestions(q: string) {
  return trpc.transaction.payees.useQuery(
    { q: q.trim() || undefined },
    { select: unwrap, staleTime: 30_000, placeholderData: (previous) => previous },
  );
}

/** Every tag of the book's entries, most used first (the tag filter's suggestions). */
export function useTags() {
  return trpc.transaction.tags.useQuery({}, { select: unwrap, staleTime: 30_000 });
}

/** After any change of entries: balances, lists, expenses, the entries' details and history. */
async function refreshLedger(utils: ReturnType<typeof trpc.useUtils>) {
  await Promise.all([
    // transaction.* holds the lists, payees and tags alike.
    invalidateMoneyViews(utils),
    utils.entry.invalidate(),
  ]);
}

/**
 * Records a new entry of the one entry form through the operation its request names
 * (entry-request.ts): the spec's deposit, withdraw and expense endpoints, the entry endpoint
 * for split lines, the transfer endpoint.
 */
export function useRecordEntry() {
  const utils = trpc.useUtils();
  const { client } = utils;
  return useMutation({
    mutationFn: async ({
      idempotencyKey,
      request,
    }: {
      idempotencyKey: string;
      request: NewEntryRequest;
    }): Promise<unknown> => {
      const keyed = withIdempotencyKey(idempotencyKey);
      switch (request.operation) {
        case 'deposit':
        case 'withdraw':
          return client.account[request.operation].mutate(request.input, keyed);
        case 'expense':
          return client.expense.create.mutate(request.input, keyed);
        case 'entry':
          return client.entry.create.mutate(request.input, keyed);
        case 'transfer':
          return client.transfer.create.mutate(request.input, keyed);
      }
    },
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useUpdateEntry() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: Keyed<UpdateEntryInput>) =>
      utils.client.entry.update.mutate(input, withIdempotencyKey(idempotencyKey)).then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

/**
 * An edit of both legs of a transfer (PATCH /api/transfers/{id}); answers the recorded change
 * for the toast's Undo.
 */
export function useUpdateTransfer() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: Keyed<UpdateTransferInput>) =>
      utils.client.transfer.update.mutate(input, withIdempotencyKey(idempotencyKey)).then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useDeleteEntry() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: { id: string; expectedVersion?: number; confirmReconciled?: 'true' }) =>
      utils.client.entry.delete.mutate(input, withIdempotencyKey(newIdempotencyKey())).then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useBulkCategorize() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: BulkCategorizeInput) =>
      utils.client.entry.bulkCategorize
        .mutate(input, withIdempotencyKey(newIdempotencyKey()))
        .then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useBulkDelete() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (ids: string[]) =>
      utils.client.entry.bulkDelete
        .mutate({ ids }, withIdempotencyKey(newIdempotencyKey()))
        .then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

export function useDeleteTransfer() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: { id: string; expectedVersion?: number; confirmReconciled?: 'true' }) =>
      utils.client.transfer.delete
        .mutate(input, withIdempotencyKey(newIdempotencyKey()))
        .then(unwrap),
    onSuccess: () => refreshLedger(utils),
    ...RETRY_UNANSWERED,
  });
}

/**
 * Undo of a recorded change, for the toast's Undo button: a plain async function (the toast
 * outlives the form that showed it), one key per click.
 */
export function useUndo() {
  const utils = trpc.useUtils();
  return async (changeId: string) => {
    const key = newIdempotencyKey();
    await utils.client.change.undo.mutate({ id: changeId }, withIdempotencyKey(key));
    await refreshLedger(utils);
  };
}

const ALL_ACCOUNTS = {};

/** The book's accounts, for the pickers and to name an entry's account. */
export function useAccountChoices() {
  return trpc.account.list.useQuery(ALL_ACCOUNTS, { select: unwrap });
}
