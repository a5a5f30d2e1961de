import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { actorOf } from '../../trpc/book-mutation.js';
import {
  createExpenseInput,
  expensesByAccountInput,
  movementOutput,
  transactionPageOutput,
} from '../../../shared/schemas/ledger.js';
import {
  expensePageInput,
  expensePageOutput,
  payeeSuggestionsInput,
  payeeSuggestionsOutput,
  searchTransactionsInput,
  tagListOutput,
  transactionSummaryInput,
  transactionSummaryOutput,
} from '../../../shared/schemas/ledger-query.js';
import {
  listExpensesPage,
  listTags,
  searchTransactions,
  suggestPayees,
  summarizeTransactions,
  type Page,
} from './search/search-service.js';
import { recordExpense } from './entries/movement-service.js';

const noInput = z.object({});

/**
 * A paged expenses list keeps `data` the list the spec's clients read; the next page's cursor
 * sits beside it and, for REST clients that follow links, in `Link: <path?query>; rel="next"`
 * (the same query with the cursor; both doors set it, as they do Retry-After).
 */
function expensePage(
  page: Page,
  responseHeaders: Record<string, string>,
  path: string,
  limit: number | undefined,
) {
  if (page.nextCursor !== null) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    query.set('cursor', page.nextCursor);
    responseHeaders.link = `<${path}?${query.toString()}>; rel="next"`;
  }
  return { success: true as const, data: page.items, nextCursor: page.nextCursor };
}
export const expenseRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/expenses',
        tags: ['Expenses'],
        summary:
          'Your expenses, newest day first, one page at a time (limit and cursor; nextCursor beside data and in Link)',
      },
      nextPageLink: true,
    })
    .input(expensePageInput)
    .output(expensePageOutput)
    .query(async ({ ctx, input }) =>
      expensePage(
        await listExpensesPage(ctx.database.db, ctx.bookId, input),
        ctx.responseHeaders,
        '/api/expenses',
        input.limit,
      ),
    ),

  byAccount: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/expenses/by-account/{accountId}',
        tags: ['Expenses'],
        summary:
          'Expenses of one account, newest day first, one page at a time (limit and cursor; nextCursor beside data and in Link)',
      },
      nextPageLink: true,
    })
    .input(expensesByAccountInput.extend(expensePageInput.shape))
    .output(expensePageOutput)
    .query(async ({ ctx, input }) =>
      expensePage(
        await listExpensesPage(ctx.database.db, ctx.bookId, input),
        ctx.responseHeaders,
        `/api/expenses/by-account/${encodeURIComponent(input.accountId)}`,
        input.limit,
      ),
    ),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/expenses/expense',
        requestHeaders: idempotencyHeaders,
        tags: ['Expenses'],
        summary:
          'Record an expense (with an optional date, category, payee and tags); with an accountId it debits that account',
      },
      refusals: ['INSUFFICIENT_FUNDS'],
    })
    .input(createExpenseInput)
    .output(movementOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(
          await recordExpense(db, {
            ...actorOf(ctx),
            accountId: input.accountId,
            amount: input.amount,
            description: input.description,
            extras: input,
          }),
          'Expense created successfully',
        ),
      ),
    ),
});

export const transactionRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/transactions',
        tags: ['Transactions'],
        summary:
          'Your ledger, one page at a time: search words, filters, and a sort by date or amount (cursors keep to their sort)',
      },
    })
    .input(searchTransactionsInput)
    .output(transactionPageOutput)
    .query(async ({ ctx, input }) =>
      ok(await searchTransactions(ctx.database.db, ctx.bookId, input)),
    ),

  summary: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/transactions/summary',
        tags: ['Transactions'],
        summary:
          'How many entries a view of your ledger holds and the money in and out among them (the filters of GET /api/transactions, every page)',
      },
    })
    .input(transactionSummaryInput)
    .output(transactionSummaryOutput)
    .query(async ({ ctx, input }) =>
      ok(await summarizeTransactions(ctx.database.db, ctx.bookId, input)),
    ),

  payees: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/payees',
        tags: ['Transactions'],
        summary:
          'Payees of your earlier entries, most used first, with the category last used with each',
      },
    })
    .input(payeeSuggestionsInput)
    .output(payeeSuggestionsOutput)
    .query(async ({ ctx, input }) => ok(await suggestPayees(ctx.database.db, ctx.bookId, input.q))),

  tags: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/tags',
        tags: ['Transactions'],
        summary: 'The tags of your entries, most used first',
      },
    })
    .input(noInput)
    .output(tagListOutput)
    .query(async ({ ctx }) => ok(await listTags(ctx.database.db, ctx.bookId))),
});
