import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from '../dates.js';
import { PERIOD_WEEKEND_RULES } from '../budget-periods.js';
import { BUDGET_PLAN_MAX_MONTHS } from '../limits.js';
import { budgetActionIdSchema, categoryIdSchema, envelope, isoDateTime } from './common.js';

/**
 * The envelope budget (docs/budgets.md): per book and month, money that arrived on on-budget
 * accounts waits in To assign until the person assigns it to spending categories. Every figure is
 * in the book's base currency, in its units. Actions are rows of an append-only log.
 */

/** A budget month, 'YYYY-MM'. */
export const BUDGET_MONTH_PATTERN = '^(?:19\\d\\d|[2-9]\\d{3})-(?:0[1-9]|1[0-2])$';

export function budgetMonthSchema(label = 'month') {
  const message = `${label} must be a month like 2026-11, between the years ${MIN_YEAR} and ${MAX_YEAR}`;
  return z
    .string({ error: message })
    .regex(new RegExp(BUDGET_MONTH_PATTERN), { error: message })
    .meta({ example: '2026-11', pattern: BUDGET_MONTH_PATTERN });
}

/**
 * What happens at the end of a month to what is left in a category (docs/budgets.md#rollover):
 * `surplus` (the default) carries what is left and takes overspending from next month's To
 * assign; `both` carries overspending too, as a negative start; `none` carries nothing (what is
 * left returns to To assign); `capped` carries what is left up to `cap`, the rest returns.
 */
export const ROLLOVER_RULES = ['surplus', 'both', 'none', 'capped'] as const;
export type RolloverRule = (typeof ROLLOVER_RULES)[number];
export const DEFAULT_ROLLOVER_RULE: RolloverRule = 'surplus';

/**
 * A category's goal (docs/budgets.md#goals): `monthly` (assign `amount` every month), `by-date`
 * (have `amount` by `targetMonth`, saved evenly), `refill` (bring available up to `amount`).
 */
export const GOAL_KINDS = ['monthly', 'by-date', 'refill'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const GOAL_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** The kinds of budget log rows. */
export const BUDGET_ACTION_KINDS = ['assign', 'move', 'cover', 'hold', 'rollover', 'undo'] as const;
export type BudgetActionKind = (typeof BUDGET_ACTION_KINDS)[number];

/** A figure the person types: 0 or more, in the base currency (its decimals judged by the server). */
function budgetAmountSchema(label: string, floor: 'zero' | 'positive') {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a number`,
    })
    .refine((units) => Number.isFinite(units), { error: `${label} must be a finite number` })
    .refine((units) => (floor === 'zero' ? units >= 0 : units > 0), {
      error: floor === 'zero' ? `${label} must be 0 or more` : `${label} must be greater than 0`,
    })
    .meta({
      description: `${label} in the book's base currency units (its decimals; at most 1,000,000,000.00)`,
      example: 250,
      'x-currency-amount': true,
    });
}

export const budgetMonthInput = z.object({ month: budgetMonthSchema() });

/** Set what is assigned to a category this month (the grid's cell): records the difference. */
export const assignBudgetInput = z.object({
  month: budgetMonthSchema(),
  categoryId: categoryIdSchema,
  assigned: budgetAmountSchema('assigned', 'zero'),
});

/**
 * Move money between two categories, or between To assign (null) and a category. Two different
 * places: the server says so (422) once it has found both, so an id the caller may not see is a
 * 404 first.
 */
export const moveBudgetInput = z.object({
  month: budgetMonthSchema(),
  fromCategoryId: categoryIdSchema.nullable().meta({ description: 'null: from To assign' }),
  toCategoryId: categoryIdSchema.nullable().meta({ description: 'null: back to To assign' }),
  amount: budgetAmountSchema('amount', 'positive'),
});

/** Cover a category's overspending this month from another category or To assign (null). */
export const coverBudgetInput = z.object({
  month: budgetMonthSchema(),
  categoryId: categoryIdSchema.meta({ description: 'The overspent category' }),
  fromCategoryId: categoryIdSchema.nullable().meta({ description: 'null: from To assign' }),
});

/** Hold this much of the month's To assign for next month (a set value; 0 releases it). */
export const holdBudgetInput = z.object({
  month: budgetMonthSchema(),
  amount: budgetAmountSchema('amount', 'zero'),
});

/** The rollover rule of a category from `month` on. */
export const setRolloverInput = z
  .object({
    month: budgetMonthSchema(),
    categoryId: categoryIdSchema,
    rule: z.enum(ROLLOVER_RULES, { error: `rule must be one of ${ROLLOVER_RULES.join(', ')}` }),
    cap: budgetAmountSchema('cap', 'zero')
      .optional()
      .meta({ description: 'Only with rule capped: the most that carries into the next month' }),
  })
  .refine((input) => (input.rule === 'capped') === (input.cap !== undefined), {
    error: 'A cap goes with the rule capped, and only with it',
    path: ['cap'],
  });

export const budgetActionIdInput = z.object({ id: budgetActionIdSchema });

/** The book's budget settings (docs/budgets.md#credit-cards, #budget-periods). */
export const budgetSettingsSchema = z.object({
  cardEnvelopes: z.boolean({ error: 'cardEnvelopes must be true or false' }).meta({
    description:
      "Credit cards get a payment envelope: spending on a card moves the category's money there, and paying the card uses it. Off: cards are ordinary accounts. Changes every month at once",
  }),
  periodStartDay: z
    .number({ error: 'periodStartDay must be a whole number from 1 to 31' })
    .int({ error: 'periodStartDay must be a whole number from 1 to 31' })
    .min(1, { error: 'periodStartDay must be a whole number from 1 to 31' })
    .max(31, { error: 'periodStartDay must be a whole number from 1 to 31' })
    .meta({
      description:
        "The day budget months start on (a pay day), the month's last day when it has fewer; 1: calendar months. A period is named by the month it starts in",
    }),
  periodWeekend: z
    .enum(PERIOD_WEEKEND_RULES, {
      error: `periodWeekend must be one of ${PERIOD_WEEKEND_RULES.join(', ')}`,
    })
    .meta({
      description:
        'When a period would start on a Saturday or Sunday: keep that day, move it to the Friday before, or to the Monday after',
    }),
});
/** PUT: the settings to change; one left out keeps its value. */
export const budgetSettingsInput = budgetSettingsSchema.partial();
export const budgetSettingsOutput = envelope(budgetSettingsSchema);
export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;
export type BudgetSettingsChange = z.infer<typeof budgetSettingsInput>;

export const setGoalInput = z
  .object({
    categoryId: categoryIdSchema,
    kind: z.enum(GOAL_KINDS, { error: `kind must be one of ${GOAL_KINDS.join(', ')}` }),
    amount: budgetAmountSchema('amount', 'positive'),
    targetMonth: budgetMonthSchema('targetMonth')
      .optional()
      .meta({ description: 'Only with kind by-date: the month the amount is due' }),
  })
  .refine((input) => (input.kind === 'by-date') === (input.targetMonth !== undefined), {
    error: 'A target month goes with a by-date goal, and only with it',
    path: ['targetMonth'],
  });

export const goalCategoryInput = z.object({ categoryId: categoryIdSchema });

export const goalsInput = z.object({ month: budgetMonthSchema() });

export const fillFromGoalsInput = z.object({ month: budgetMonthSchema() });

/** Whole months from one 'YYYY-MM' to another, the first one counted. */
export function monthSpan(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** Plan against actual from one month to another, both included (docs/budgets.md). */
export const budgetPlanInput = z
  .object({
    from: budgetMonthSchema('from').meta({ description: 'First month included' }),
    to: budgetMonthSchema('to').meta({ description: 'Last month included' }),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    } else if (monthSpan(q.from, q.to) > BUDGET_PLAN_MAX_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The period must be at most ${BUDGET_PLAN_MAX_MONTHS} months`,
      });
    }
  });

export const budgetHistoryInput = z.object({
  month: budgetMonthSchema().optional().meta({ description: 'Only the actions of this month' }),
  cursor: z
    .string({ error: 'cursor must be the nextCursor of a previous page' })
    .regex(/^[1-9]\d{0,17}$/, { error: 'cursor must be the nextCursor of a previous page' })
    .optional(),
});

export const explainBudgetInput = z.object({
  month: budgetMonthSchema(),
  categoryId: categoryIdSchema
    .optional()
    .meta({ description: 'The category whose available amount to explain; left out: To assign' }),
});

const rolloverSchema = z.object({
  rule: z.enum(ROLLOVER_RULES),
  cap: z.number().nullable().meta({ description: 'The cap of rule capped, else null' }),
});

const goalSchema = z.object({
  kind: z.enum(GOAL_KINDS),
  amount: z.number(),
  targetMonth: z.string().nullable(),
  needed: z.number().meta({ description: 'What the month still needs assigned to meet it' }),
  funded: z
    .number()
    .meta({ description: 'How much of amount is there (progress: funded / amount)' }),
  status: z.enum(GOAL_STATUSES),
});
export type BudgetGoal = z.infer<typeof goalSchema>;

export const budgetCategorySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  archived: z.boolean(),
  carriedIn: z
    .number()
    .meta({ description: 'What came over from last month (negative: a deficit the rule carries)' }),
  assigned: z.number().meta({ description: 'Assigned this month, moves in and out included' }),
  activity: z
    .number()
    .meta({ description: 'Spending (negative) and refunds (positive) this month' }),
  available: z.number().meta({ description: 'carriedIn + assigned + activity' }),
  rollover: rolloverSchema,
  overspent: z.boolean().meta({ description: 'available is below 0' }),
  goal: goalSchema.nullable(),
});
export type BudgetCategory = z.infer<typeof budgetCategorySchema>;

export const budgetCardSchema = z.object({
  accountId: z.string().meta({
    description: "The card's account id: it names the envelope where a categoryId names a category",
  }),
  name: z.string().meta({ description: 'The envelope\'s name: the card\'s and "payment"' }),
  active: z.boolean().meta({
    description:
      "The card's spending and payments move money in the envelope (card envelopes on, the card live and on budget); false: the envelope only keeps what was moved into it",
  }),
  carriedIn: z.number().meta({ description: 'All it held at the end of last month' }),
  assigned: z.number().meta({ description: 'Assigned this month, moves in and out included' }),
  covered: z.number().meta({
    description:
      "Money categories had for the card's spending this month, moved here (refunds on the card: moved back)",
  }),
  payments: z
    .number()
    .meta({ description: 'Paid to the card from on-budget cash accounts this month (subtracted)' }),
  available: z.number().meta({ description: 'carriedIn + assigned + covered - payments' }),
  uncoveredSpending: z.number().meta({
    description:
      'Card spending this month no category had money for: card debt when the month ends',
  }),
  owed: z.number().nullable().meta({
    description:
      'What the card owes at the end of the month (below 0: it holds a credit); null when the envelope is not active',
  }),
});
export type BudgetCard = z.infer<typeof budgetCardSchema>;

export const budgetMonthSchemaOut = z.object({
  month: z.string(),
  period: z.object({ start: z.string(), end: z.string() }).meta({
    description:
      "The month's first and last day, both included: a calendar month, or the book's budget period named by the month it starts in",
  }),
  currency: z.string().meta({ description: "The book's base currency: every figure is in it" }),
  firstMonth: z.string().nullable().meta({ description: 'The first month with money or actions' }),
  toAssign: z
    .number()
    .meta({ description: 'Money waiting to be assigned; below 0: assigned more than there is' }),
  toAssignParts: z.object({
    carriedIn: z.number().meta({ description: 'To assign left at the end of last month' }),
    heldFromLastMonth: z.number(),
    income: z.number().meta({
      description: 'Money in (and out) of on-budget accounts without a spending category',
    }),
    assigned: z.number().meta({ description: 'Assigned to categories this month (subtracted)' }),
    heldForNextMonth: z.number().meta({ description: 'Held for next month (subtracted)' }),
    returnedFromLastMonth: z
      .number()
      .meta({ description: 'What categories did not carry (rule none or capped)' }),
    overspendingFromLastMonth: z.number().meta({
      description: "Last month's overspending the rules took from this month (0 or below)",
    }),
  }),
  categories: z.array(budgetCategorySchema),
  cardEnvelopes: z
    .boolean()
    .meta({ description: 'Whether credit cards get payment envelopes in this book' }),
  cards: z.array(budgetCardSchema).meta({
    description: 'The payment envelopes: every card with one, or with money still in one',
  }),
  totals: z
    .object({ assigned: z.number(), activity: z.number(), available: z.number() })
    .meta({ description: "The categories' sums (payment envelopes not included)" }),
  notConverted: z.number().meta({
    description:
      'Entries in another currency without a rate yet: they count nowhere until converted',
  }),
});
export type BudgetMonth = z.infer<typeof budgetMonthSchemaOut>;
export const budgetMonthOutput = envelope(budgetMonthSchemaOut);

export const budgetActionSchema = z.object({
  id: z.string(),
  kind: z.enum(BUDGET_ACTION_KINDS),
  month: z.string(),
  categoryId: z.string().nullable().meta({ description: 'Where money went (null: To assign)' }),
  fromCategoryId: z
    .string()
    .nullable()
    .meta({ description: 'Where it came from (null: To assign)' }),
  amount: z
    .number()
    .meta({ description: 'Signed: what moved into categoryId from fromCategoryId' }),
  rollover: rolloverSchema.nullable(),
  undoesId: z.string().nullable(),
  undoneById: z.string().nullable(),
  counts: z.boolean().meta({ description: 'false once undone' }),
  actor: z.object({ userId: z.string(), email: z.string() }).nullable(),
  at: isoDateTime,
});
export type BudgetAction = z.infer<typeof budgetActionSchema>;

export const budgetActionOutput = envelope(
  z.object({
    action: budgetActionSchema.nullable().meta({ description: 'null: nothing changed' }),
  }),
);

export const goalOutput = envelope(
  z.object({
    categoryId: z.string(),
    kind: z.enum(GOAL_KINDS),
    amount: z.number(),
    targetMonth: z.string().nullable(),
  }),
);

export const goalDeletedOutput = envelope(z.object({ categoryId: z.string() }));

export const goalListOutput = envelope(
  z.object({
    month: z.string(),
    currency: z.string(),
    goals: z.array(
      goalSchema.extend({ categoryId: z.string(), name: z.string(), groupName: z.string() }),
    ),
  }),
);

export const fillFromGoalsOutput = envelope(
  z.object({
    actions: z
      .array(budgetActionSchema)
      .meta({ description: 'One assignment per category that needed money; none: nothing needed' }),
  }),
);

export const budgetHistoryOutput = envelope(
  z.object({ items: z.array(budgetActionSchema), nextCursor: z.string().nullable() }),
);

const explainEntrySchema = z.object({
  id: z.string(),
  occurredOn: z.string(),
  description: z.string(),
  payee: z.string(),
  accountId: z.string(),
  amount: z.number().meta({ description: 'Signed, in the base currency' }),
  split: z.boolean(),
});

export const budgetExplanationSchema = z.object({
  month: z.string(),
  categoryId: z.string().nullable(),
  available: z.number().meta({ description: 'The figure explained: carriedIn + every part below' }),
  carriedIn: z.object({
    amount: z.number(),
    fromMonth: z.string().nullable(),
    lastMonthAvailable: z.number().nullable(),
    rule: z.enum(ROLLOVER_RULES).nullable(),
  }),
  parts: z.array(
    z.object({
      label: z.string(),
      amount: z.number(),
    }),
  ),
  actions: z
    .array(budgetActionSchema)
    .meta({ description: "This month's log rows that count here" }),
  entries: z.object({
    total: z.number(),
    count: z.number(),
    shown: z.array(explainEntrySchema).meta({ description: 'The first 200, oldest first' }),
  }),
});
export type BudgetExplanation = z.infer<typeof budgetExplanationSchema>;
export const budgetExplanationOutput = envelope(budgetExplanationSchema);

const planFiguresSchema = z.object({
  budgeted: z
    .number()
    .meta({ description: "Assigned, moves and covers in and out included (the grid's Assigned)" }),
  spent: z
    .number()
    .meta({ description: "Spending less refunds (the grid's Activity with its sign turned)" }),
  difference: z.number().meta({ description: 'budgeted - spent: below 0, more was spent' }),
});
const planMonthSchema = planFiguresSchema.extend({ month: z.string() });

export const budgetPlanSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string().meta({ description: "The book's base currency: every figure is in it" }),
    months: z.array(z.string()).meta({ description: 'Every month of the period, in order' }),
    categories: z.array(
      planFiguresSchema.extend({
        categoryId: z.string(),
        name: z.string(),
        groupName: z.string(),
        archived: z.boolean(),
        months: z.array(planMonthSchema).meta({ description: 'One per month of the period' }),
      }),
    ),
    totals: planFiguresSchema.extend({ months: z.array(planMonthSchema) }),
    notConverted: z.number().meta({
      description:
        'Entries of the period in another currency without a rate yet: they count nowhere until converted',
    }),
  })
  .meta({ id: 'BudgetPlan' });
export type BudgetPlan = z.infer<typeof budgetPlanSchema>;
export const budgetPlanOutput = envelope(budgetPlanSchema);
