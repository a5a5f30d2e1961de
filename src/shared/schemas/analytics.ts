import { z } from 'zod';
import { ANALYTICS_LIST_MAX, ANALYTICS_SPAN_MAX_DAYS } from '../limits.js';
import { accountIdSchema, envelope } from './common.js';
import { calendarDateSchema } from './entry-fields.js';

/**
 * The figures of the analytics page and the dashboard (docs/analytics.md). Every amount is
 * computed in integer cents in SQL and shown here in currency units; every "today" is the
 * book's (its time zone, UTC while it has none).
 */

/** Whole days from one calendar date to another (both 'YYYY-MM-DD'), counted in UTC. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const units = (description: string) => z.number().meta({ description });

/** A period of calendar days (both ends included) and an optional account. */
export const analyticsPeriodInput = z
  .object({
    from: calendarDateSchema('from').meta({ description: 'First day included (occurredOn)' }),
    to: calendarDateSchema('to').meta({ description: 'Last day included (occurredOn)' }),
    accountId: accountIdSchema
      .optional()
      .meta({ description: 'Only this account (all accounts when left out)' }),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    } else if (daysBetween(q.from, q.to) >= ANALYTICS_SPAN_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The period must be at most ${ANALYTICS_SPAN_MAX_DAYS} days`,
      });
    }
  });
export type AnalyticsPeriodInput = z.infer<typeof analyticsPeriodInput>;

/** Only an optional account: the charts whose period follows from today. */
export const analyticsAccountInput = z.object({
  accountId: accountIdSchema
    .optional()
    .meta({ description: 'Only this account (all accounts when left out)' }),
});
export type AnalyticsAccountInput = z.infer<typeof analyticsAccountInput>;

const periodSchema = z.object({ from: z.string(), to: z.string() }).meta({ id: 'AnalyticsPeriod' });

/** One category's spending; categoryId null is the uncategorised bucket. */
export const categorySpendingSchema = z
  .object({
    categoryId: z.string().nullable().meta({ description: 'null: uncategorised' }),
    name: z.string().meta({ description: "'Uncategorised' for the bucket without a category" }),
    color: z.string(),
    groupName: z.string().nullable(),
    amount: units('Spent in the period, in currency units'),
    share: z.number().meta({ description: 'Share of the period total, 0 to 1 (four decimals)' }),
    entries: z.number().int().meta({ description: 'Entries or split lines counted' }),
  })
  .meta({ id: 'CategorySpending' });
export type CategorySpending = z.infer<typeof categorySpendingSchema>;

/** GET /api/analytics/spending-by-category */
export const spendingByCategoryOutput = envelope(
  z
    .object({
      period: periodSchema,
      total: units('All spending of the period'),
      categories: z.array(categorySpendingSchema).meta({ description: 'Largest first' }),
    })
    .meta({ id: 'SpendingByCategory' }),
);
export type SpendingByCategory = z.infer<typeof spendingByCategoryOutput>['data'];

export const monthFlowSchema = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM' }),
    income: units('Deposits of the month'),
    spending: units('Expenses and withdrawals of the month'),
    net: units('income - spending'),
  })
  .meta({ id: 'MonthFlow' });
export type MonthFlow = z.infer<typeof monthFlowSchema>;

/** GET /api/analytics/income-vs-spending: the last 12 months, this one included. */
export const incomeVsSpendingOutput = envelope(
  z
    .object({
      months: z.array(monthFlowSchema).meta({ description: 'Oldest first, 12 months' }),
      average: z
        .object({ income: z.number(), spending: z.number(), net: z.number() })
        .meta({ description: 'Average month, rounded to the cent' }),
    })
    .meta({ id: 'IncomeVsSpending' }),
);
export type IncomeVsSpending = z.infer<typeof incomeVsSpendingOutput>['data'];

export const balanceAccountSchema = z
  .object({ id: z.string(), title: z.string(), color: z.string() })
  .meta({ id: 'BalanceAccount' });

export const balancePointSchema = z
  .object({
    date: z.string(),
    total: units('All accounts at the end of the day'),
    balances: z
      .array(z.number())
      .meta({ description: 'Each account at the end of the day, in the order of accounts' }),
  })
  .meta({ id: 'BalancePoint' });
export type BalancePoint = z.infer<typeof balancePointSchema>;

/** GET /api/analytics/balance-over-time */
export const balanceOverTimeOutput = envelope(
  z
    .object({
      period: periodSchema,
      accounts: z.array(balanceAccountSchema),
      days: z.array(balancePointSchema).meta({ description: 'Every day of the period' }),
    })
    .meta({ id: 'BalanceOverTime' }),
);
export type BalanceOverTime = z.infer<typeof balanceOverTimeOutput>['data'];

export const payeeSpendingSchema = z
  .object({
    payee: z.string(),
    amount: units('Spent with this payee in the period'),
    entries: z.number().int(),
  })
  .meta({ id: 'PayeeSpending' });
export type PayeeSpending = z.infer<typeof payeeSpendingSchema>;

/** GET /api/analytics/top-payees */
export const topPayeesOutput = envelope(
  z
    .object({
      period: periodSchema,
      payees: z
        .array(payeeSpendingSchema)
        .meta({ description: `At most ${ANALYTICS_LIST_MAX}, largest first` }),
    })
    .meta({ id: 'TopPayees' }),
);
export type TopPayees = z.infer<typeof topPayeesOutput>['data'];

export const largeEntrySchema = z
  .object({
    id: z.string(),
    occurredOn: z.string(),
    transactionType: z.enum(['withdraw', 'expense']),
    description: z.string(),
    payee: z.string(),
    amount: units('Amount of the entry'),
    accountId: z.string().nullable(),
    accountTitle: z.string().nullable(),
    categoryId: z.string().nullable(),
    categoryName: z
      .string()
      .nullable()
      .meta({ description: "null: uncategorised; 'Split' for a split entry" }),
  })
  .meta({ id: 'LargeEntry' });
export type LargeEntry = z.infer<typeof largeEntrySchema>;

/** GET /api/analytics/largest-entries */
export const largestEntriesOutput = envelope(
  z
    .object({
      period: periodSchema,
      entries: z
        .array(largeEntrySchema)
        .meta({ description: `At most ${ANALYTICS_LIST_MAX}, largest first` }),
    })
    .meta({ id: 'LargestEntries' }),
);
export type LargestEntries = z.infer<typeof largestEntriesOutput>['data'];

/** GET /api/analytics/dashboard: this month against last month, and this month by category. */
export const dashboardOutput = envelope(
  z
    .object({
      thisMonth: periodSchema.extend({ spending: z.number() }),
      lastMonth: periodSchema.extend({ spending: z.number() }),
      categories: z
        .array(categorySpendingSchema)
        .meta({ description: 'This month, largest first' }),
    })
    .meta({ id: 'DashboardFigures' }),
);
export type DashboardFigures = z.infer<typeof dashboardOutput>['data'];
