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
  netWorthInput,
  netWorthOutput,
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
import { getNetWorth } from './net-worth-service.js';

const tags = ['Analytics'];

/**
 * A chart: signed in, and within the user's analytics limits (docs/analytics.md#limits-of-the-
 * expensive-reads): ANALYTICS_RATE_LIMIT_PER_USER a minute, ANALYTICS_CONCURRENCY_PER_USER at
 * once (one more waits a few seconds for a slot, then 429 with Retry-After). Counted before the
 * input is read, as every limit counts calls.
 */
const chartProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  const release = await ctx.limits.startChart(ctx.user.id, ctx.responseHeaders);
  try {
    return await next();
  } finally {
    await release();
  }
});

/**
 * What a chart may answer beyond what follows from its input: its limits, and 422 when a sum
 * passes what a JSON number holds exactly (docs/money.md#sums-past-the-exact-range).
 */
const refusals = ['TOO_MANY_REQUESTS', 'UNPROCESSABLE'] as const;
/** The largest entries are single amounts, never sums. */
const listRefusals = ['TOO_MANY_REQUESTS'] as const;

/** The charts of /analytics and the dashboard's figures: one SQL statement each (docs/analytics.md). */
export const analyticsRouter = router({
  spendingByCategory: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/spending-by-category',
        tags,
        summary: 'Spending of a period per category (split lines in their own categories)',
      },
      refusals,
    })
    .input(analyticsPeriodInput)
    .output(spendingByCategoryOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getSpendingByCategory(
          ctx.database.db,
          { bookId: ctx.bookId, ...input },
          ctx.recordConversionsLater,
        ),
      ),
    ),

  incomeVsSpending: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/income-vs-spending',
        tags,
        summary: 'Income and spending per month over the last 12 months, with the average month',
      },
      refusals,
    })
    .input(analyticsAccountInput)
    .output(incomeVsSpendingOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getIncomeVsSpending(
          ctx.database.db,
          { bookId: ctx.bookId, accountId: input.accountId },
          ctx.clock(),
          ctx.recordConversionsLater,
        ),
      ),
    ),

  balanceOverTime: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/balance-over-time',
        tags,
        summary: 'Each account and the total at the end of every day of a period, from the ledger',
      },
      refusals,
    })
    .input(analyticsPeriodInput)
    .output(balanceOverTimeOutput)
    .query(async ({ ctx, input }) =>
      ok(await getBalanceOverTime(ctx.database.db, { bookId: ctx.bookId, ...input })),
    ),

  topPayees: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/top-payees',
        tags,
        summary: 'The payees most spent with in a period',
      },
      refusals,
    })
    .input(analyticsPeriodInput)
    .output(topPayeesOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getTopPayees(
          ctx.database.db,
          { bookId: ctx.bookId, ...input },
          ctx.recordConversionsLater,
        ),
      ),
    ),

  largestEntries: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/largest-entries',
        tags,
        summary: 'The largest expenses and withdrawals of a period',
      },
      refusals: listRefusals,
    })
    .input(analyticsPeriodInput)
    .output(largestEntriesOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getLargestEntries(
          ctx.database.db,
          { bookId: ctx.bookId, ...input },
          ctx.recordConversionsLater,
        ),
      ),
    ),

  dashboard: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/dashboard',
        tags,
        summary: "This month's spending against last month's, and this month by category",
      },
      refusals,
    })
    .input(z.object({}))
    .output(dashboardOutput)
    .query(async ({ ctx }) =>
      ok(
        await getDashboardFigures(
          ctx.database.db,
          ctx.bookId,
          ctx.clock(),
          ctx.recordConversionsLater,
        ),
      ),
    ),

  netWorth: chartProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/analytics/net-worth',
        tags,
        summary:
          "What the live accounts hold in the base currency, valued at each entry's day and on a chosen day (today by default), and the exchange gain or loss between the two",
      },
      refusals,
    })
    .input(netWorthInput)
    .output(netWorthOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await getNetWorth(
          ctx.database.db,
          ctx.bookId,
          ctx.clock(),
          input.valuedOn,
          ctx.recordConversionsLater,
        ),
      ),
    ),
});
