import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import {
  ID_ROUTE_ERRORS,
  LIST_ROUTE_ERRORS,
  MOVEMENT_ROUTE_ERRORS,
} from '../../trpc/error-responses.js';
import {
  createExpenseInput,
  expensesByAccountInput,
  listTransactionsInput,
  movementOutput,
  transactionListOutput,
  transactionPageOutput,
} from '../../../shared/schemas/ledger.js';
import { listAccountExpenses, listExpenses, listTransactionsPage } from './ledger-service.js';
import { recordExpense } from './movement-service.js';
import { idempotent } from '../idempotency/idempotency.js';
import { idempotencyHeaders, idempotencyScope } from '../idempotency/idempotency-openapi.js';

const noInput = z.object({});

export const expenseRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/expenses',
        errorResponses: LIST_ROUTE_ERRORS,
        tags: ['Expenses'],
        summary: 'Your expenses, newest first',
      },
    })
    .input(noInput)
    .output(transactionListOutput)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listExpenses(ctx.database.db, ctx.user.id),
    })),

  byAccount: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/expenses/by-account/{accountId}',
        errorResponses: ID_ROUTE_ERRORS,
        tags: ['Expenses'],
        summary: 'Expenses of one account, newest first',
      },
    })
    .input(expensesByAccountInput)
    .output(transactionListOutput)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await listAccountExpenses(ctx.database.db, ctx.user.id, input.accountId),
    })),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/expenses/expense',
        errorResponses: MOVEMENT_ROUTE_ERRORS,
        requestHeaders: idempotencyHeaders,
        tags: ['Expenses'],
        summary: 'Record an expense; with an accountId it debits that account',
      },
    })
    .input(createExpenseInput)
    .output(movementOutput)
    .mutation(({ ctx, input }) =>
      idempotent(idempotencyScope(ctx), 'expense.create', input, async (db) => ({
        success: true as const,
        message: 'Expense created successfully',
        data: await recordExpense(db, {
          userId: ctx.user.id,
          accountId: input.accountId,
          amount: input.amount,
          description: input.description,
        }),
      })),
    ),
});

export const transactionRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/transactions',
        errorResponses: ID_ROUTE_ERRORS,
        tags: ['Transactions'],
        summary: 'Your whole ledger, newest first, one page at a time',
      },
    })
    .input(listTransactionsInput)
    .output(transactionPageOutput)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await listTransactionsPage(ctx.database.db, ctx.user.id, input),
    })),
});
