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

/**
 * What every figure across accounts carries (docs/money.md#totals-in-the-base-currency): the
 * currency its figures are in, and the part that could not be converted, never counted 1:1.
 */
const baseCurrencyField = z.string().meta({
  description:
    "The book's base currency (ISO 4217): every total of this answer is in its units, each entry converted at its own day's rate and rounded half-even, then summed",
  example: 'USD',
});

export const notConvertedSchema = z
  .object({
    currency: z.string().meta({ description: "The entries' currency (ISO 4217)", example: 'JPY' }),
    amount: z.number().meta({
      description:
        'The sum of the entries without a rate for their day, in units of their own currency (not converted, not in the totals)',
    }),
    entries: z.number().int().meta({ description: 'How many entries (or split lines) that is' }),
  })
  .meta({ id: 'NotConverted' });
export type NotConverted = z.infer<typeof notConvertedSchema>;

export const missingRateSchema = z
  .object({
    from: z.string().meta({ description: "The entries' currency", example: 'JPY' }),
    to: z.string().meta({ description: 'The base currency', example: 'USD' }),
    firstDay: z.string().meta({ description: 'First day an entry needed the rate (YYYY-MM-DD)' }),
    lastDay: z.string().meta({ description: 'Last day an entry needed the rate (YYYY-MM-DD)' }),
    days: z.number().int().meta({ description: 'Distinct days without a rate' }),
  })
  .meta({
    id: 'MissingRate',
    description:
      'A pair without a rate on or before the days its entries needed one (within the lookup window); adding such a rate (POST /api/rates) converts them',
  });

/**
 * Left out of the answers of a book whose base currency and accounts are all USD: they are the
 * answers from before currencies, byte for byte (docs/analytics.md#totals-in-the-base-currency).
 */
export const LEGACY_NOTE =
  'Left out when the book and all its accounts are in USD (nothing is converted; the answer is as before currencies)';

const conversionShape = {
  currency: baseCurrencyField.optional(),
  notConverted: z
    .array(notConvertedSchema)
    .optional()
    .meta({
      description: `Per currency, what the figures leave out for want of a rate. ${LEGACY_NOTE}`,
    }),
  missingRates: z.array(missingRateSchema).optional().meta({ description: LEGACY_NOTE }),
};

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
      ...conversionShape,
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
      ...conversionShape,
      notConverted: z
        .array(notConvertedSchema)
        .optional()
        .meta({
          description: `Spending left out of the figures for want of a rate, per currency. ${LEGACY_NOTE}`,
        }),
      notConvertedIncome: z
        .array(notConvertedSchema)
        .optional()
        .meta({
          description: `Income left out of the figures for want of a rate, per currency. ${LEGACY_NOTE}`,
        }),
    })
    .meta({ id: 'IncomeVsSpending' }),
);
export type IncomeVsSpending = z.infer<typeof incomeVsSpendingOutput>['data'];

export const balanceAccountSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    color: z.string(),
    currency: z
      .string()
      .optional()
      .meta({ description: `The account's currency: its balances are in it. ${LEGACY_NOTE}` }),
  })
  .meta({ id: 'BalanceAccount' });

export const balancePointSchema = z
  .object({
    date: z.string(),
    total: units(
      "All accounts at the end of the day in the base currency, each balance valued at that day's rate",
    ),
    balances: z.array(z.number()).meta({
      description:
        'Each account at the end of the day in its own currency, in the order of accounts',
    }),
    notConverted: z
      .array(notConvertedSchema)
      .optional()
      .meta({
        description: `Balances left out of the day's total for want of a rate. ${LEGACY_NOTE}`,
      }),
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
      ...conversionShape,
      notConverted: z
        .array(notConvertedSchema)
        .optional()
        .meta({
          description: `The last day of the period: balances left out of its total (per currency). ${LEGACY_NOTE}`,
        }),
    })
    .meta({ id: 'BalanceOverTime' }),
);
export type BalanceOverTime = z.infer<typeof balanceOverTimeOutput>['data'];

export const payeeSpendingSchema = z
  .object({
    payee: z.string(),
    amount: units('Spent with this payee in the period, in the base currency'),
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
      ...conversionShape,
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
    amount: units('Amount of the entry, in its own currency'),
    currency: z
      .string()
      .optional()
      .meta({ description: `The entry's currency (its account's). ${LEGACY_NOTE}` }),
    baseAmount: z
      .number()
      .nullable()
      .optional()
      .meta({
        description: `The amount in the base currency at its day's rate (rounded half-even); null without a rate. ${LEGACY_NOTE}`,
      }),
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
      entries: z.array(largeEntrySchema).meta({
        description: `At most ${ANALYTICS_LIST_MAX}, largest in the base currency first (entries without a rate last)`,
      }),
      ...conversionShape,
    })
    .meta({ id: 'LargestEntries' }),
);
export type LargestEntries = z.infer<typeof largestEntriesOutput>['data'];

/** GET /api/analytics/dashboard: this month against last month, and this month by category. */
export const dashboardOutput = envelope(
  z
    .object({
      thisMonth: periodSchema.extend({
        spending: z.number(),
        notConverted: z.array(notConvertedSchema).optional().meta({ description: LEGACY_NOTE }),
      }),
      lastMonth: periodSchema.extend({
        spending: z.number(),
        notConverted: z.array(notConvertedSchema).optional().meta({ description: LEGACY_NOTE }),
      }),
      categories: z
        .array(categorySpendingSchema)
        .meta({ description: 'This month, largest first' }),
      ...conversionShape,
      notConverted: z
        .array(notConvertedSchema)
        .optional()
        .meta({
          description: `This month's spending left out for want of a rate, per currency. ${LEGACY_NOTE}`,
        }),
    })
    .meta({ id: 'DashboardFigures' }),
);
export type DashboardFigures = z.infer<typeof dashboardOutput>['data'];

/** GET /api/analytics/net-worth: what the live accounts hold, valued two ways. */
export const netWorthInput = z.object({
  valuedOn: calendarDateSchema('valuedOn').optional().meta({
    description:
      "The day to value on (YYYY-MM-DD): balances as of its end, converted at its rate; today in the book's time zone when left out",
  }),
});
export type NetWorthInput = z.infer<typeof netWorthInput>;

/** The rate a currency's balances were valued at on the chosen day. */
export const valuationRateSchema = z
  .object({
    currency: z.string(),
    day: z.string().meta({ description: 'The day of the rate used (on or before valuedOn)' }),
    rate: z.string().meta({
      description: 'Units of the base currency per unit of this one, as exact decimal text',
    }),
    route: z.enum(['direct', 'inverse', 'eurCross']),
    source: z.enum(['manual', 'transfer', 'ecb', 'provider']),
  })
  .meta({ id: 'ValuationRate' });

export const netWorthAccountSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    currency: z.string(),
    balance: units('Its balance at the end of valuedOn, in its own currency'),
    atEntryDays: z.number().nullable().meta({
      description:
        "The balance in the base currency as the sum of its entries, each at its own day's rate; null when an entry has no rate",
    }),
    onValuedDay: z.number().nullable().meta({
      description: "The balance converted at valuedOn's rate; null without one",
    }),
    exchangeGainOrLoss: z.number().nullable().meta({
      description: 'onValuedDay - atEntryDays; null when either is',
    }),
  })
  .meta({ id: 'NetWorthAccount' });

export const netWorthOutput = envelope(
  z
    .object({
      currency: baseCurrencyField,
      valuedOn: z.string().meta({ description: 'YYYY-MM-DD' }),
      atEntryDays: units(
        "Every live account's entries up to valuedOn, each converted at its own day's rate, summed (entries without a rate are in notConvertedAtEntryDays)",
      ),
      onValuedDay: units(
        "Every live account's balance at valuedOn converted at that day's rate, summed (balances without a rate are in notConvertedOnValuedDay)",
      ),
      exchangeGainOrLoss: units(
        'onValuedDay - atEntryDays over the accounts converted both ways: what rates moving since the entries made or lost',
      ),
      accounts: z.array(netWorthAccountSchema),
      rates: z.array(valuationRateSchema).meta({ description: 'The rates of valuedOn used' }),
      notConvertedAtEntryDays: z.array(notConvertedSchema),
      notConvertedOnValuedDay: z.array(notConvertedSchema),
      missingRates: z.array(missingRateSchema),
    })
    .meta({ id: 'NetWorth' }),
);
export type NetWorth = z.infer<typeof netWorthOutput>['data'];
