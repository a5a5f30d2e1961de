import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import {
  analyticsAccountInput,
  analyticsPeriodInput,
  balanceOverTimeOutput,
  dashboardOutput,
  incomeVsSpendingOutput,
  largestEntriesOutput,
  spendingByCategoryOutput,
  topPayeesOutput,
} from '../../../shared/schemas/analytics.js';
import {
  getBalanceOverTime,
  getDashboardFigures,
  getIncomeVsSpending,
  getLargestEntries,
  getSpendingByCategory,
  getTopPayees,
} from './analytics-service.js';

const tags = ['Analytics'];

/** The charts of /analytics and the dashboard's figures: one SQL statement each (docs/analytics.md). */
export const analyticsRouter = router({
  spendingByCategory: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/spending-by-category',
        tags,
        summary: 'Spending of a period per category (split lines in their own categories)',
      },
    })
    .input(analyticsPeriodInput)
    .output(spendingByCategoryOutput)
    .query(async ({ ctx, input }) =>
      ok(await getSpendingByCategory(ctx.database.db, { bookId: ctx.bookId, ...input })),
    ),

  incomeVsSpending: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/income-vs-spending',
        tags,
        summary: 'Income and spending per month over the last 12 months, with the average month',
      },
    })
    .input(analyticsAccountInput)
    .output(incomeVsSpendingOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getIncomeVsSpending(
          ctx.database.db,
          { bookId: ctx.bookId, accountId: input.accountId },
          ctx.clock(),
        ),
      ),
    ),

  balanceOverTime: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/balance-over-time',
        tags,
        summary: 'Each account and the total at the end of every day of a period, from the ledger',
      },
    })
    .input(analyticsPeriodInput)
    .output(balanceOverTimeOutput)
    .query(async ({ ctx, input }) =>
      ok(await getBalanceOverTime(ctx.database.db, { bookId: ctx.bookId, ...input })),
    ),

  topPayees: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/top-payees',
        tags,
        summary: 'The payees most spent with in a period',
      },
    })
    .input(analyticsPeriodInput)
    .output(topPayeesOutput)
    .query(async ({ ctx, input }) =>
      ok(await getTopPayees(ctx.database.db, { bookId: ctx.bookId, ...input })),
    ),

  largestEntries: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/largest-entries',
        tags,
        summary: 'The largest expenses and withdrawals of a period',
      },
    })
    .input(analyticsPeriodInput)
    .output(largestEntriesOutput)
    .query(async ({ ctx, input }) =>
      ok(await getLargestEntries(ctx.database.db, { bookId: ctx.bookId, ...input })),
    ),

  dashboard: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/dashboard',
        tags,
        summary: "This month's spending against last month's, and this month by category",
      },
    })
    .input(z.object({}))
    .output(dashboardOutput)
    .query(async ({ ctx }) =>
      ok(await getDashboardFigures(ctx.database.db, ctx.bookId, ctx.clock())),
    ),
});
