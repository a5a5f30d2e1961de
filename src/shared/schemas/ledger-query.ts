import { z } from 'zod';
import {
  EXPENSE_PAGE_DEFAULT,
  EXPENSE_PAGE_MAX,
  SEARCH_QUERY_MAX,
  SUMMARY_ROWS_MAX,
  TAG_MAX,
} from '../limits.js';
import {
  CURRENCY_AMOUNT_TEXT,
  accountIdSchema,
  categoryIdSchema,
  envelope,
  NO_NUL,
} from './common.js';
import { calendarDateSchema } from './entry-fields.js';
import { TRANSACTION_TYPES, ledgerFiltersShape, pageShape, transactionSchema } from './ledger.js';

/**
 * The search, filters and sorts of GET /api/transactions, and the paged expenses lists
 * (docs/ledger.md#search-filters-sort). Declared here for the routes to adopt when they are
 * built: a route must not accept a filter it ignores.
 */

export const TRANSACTION_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/**
 * An amount bound (a query-string number), zero allowed: in the account's currency units with
 * accountId, else in the book's base currency's, each entry compared in its own currency. Its
 * decimals and largest value are judged by the service in that currency (decision 035).
 */
function amountBound(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} must not be negative` })
    .meta({
      description: `${CURRENCY_AMOUNT_TEXT} (without accountId: the book's base currency)`,
      'x-currency-amount': true,
    })
    .optional();
}

/**
 * categoryId=<uuid> for one category (split lines count too), categoryId=none for uncategorised.
 * The id comes first: clients (and the derived test tables) read the first branch as the field.
 */
export const categoryFilterSchema = z
  .union([categoryIdSchema, z.literal('none')], {
    error: 'categoryId must be a category id or none',
  })
  .optional();

const { limit: _limit, cursor: _cursor, ...viewFiltersShape } = ledgerFiltersShape;

/** What picks the rows of a Transactions view: search, filters and sort. */
const transactionViewShape = {
  ...viewFiltersShape,
  type: z
    .enum(TRANSACTION_TYPES, { error: 'type must be deposit, withdraw, expense or transfer' })
    .optional(),
  q: z
    .string({ error: 'q must be text' })
    .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` })
    .regex(NO_NUL, { error: 'q must not contain NUL characters' })
    .optional()
    .meta({
      description:
        'Words found in the description, payee, tags or category name (any case, accents ignored)',
    }),
  categoryId: categoryFilterSchema,
  tag: z
    .string({ error: 'tag must be text' })
    .trim()
    .toLowerCase()
    .max(TAG_MAX, { error: `tag must be at most ${TAG_MAX} characters` })
    .regex(NO_NUL, { error: 'tag must not contain NUL characters' })
    .optional(),
  minAmount: amountBound('minAmount'),
  maxAmount: amountBound('maxAmount'),
  dateFrom: calendarDateSchema('dateFrom').optional().meta({
    description: 'First day included (occurredOn)',
  }),
  dateTo: calendarDateSchema('dateTo').optional().meta({
    description: 'Last day included (occurredOn)',
  }),
  sort: z
    .enum(TRANSACTION_SORTS, {
      error: 'sort must be date_desc, date_asc, amount_desc or amount_asc',
    })
    .optional()
    .meta({ description: 'date_desc unless said otherwise' }),
};

function checkViewRanges(
  q: {
    from?: string | undefined;
    to?: string | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
    minAmount?: number | undefined;
    maxAmount?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (q.from && q.to && new Date(q.from) > new Date(q.to)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  }
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) {
    ctx.addIssue({
      code: 'custom',
      path: ['dateFrom'],
      message: 'dateFrom must not be after dateTo',
    });
  }
  if (q.minAmount !== undefined && q.maxAmount !== undefined && q.minAmount > q.maxAmount) {
    ctx.addIssue({
      code: 'custom',
      path: ['minAmount'],
      message: 'minAmount must not be above maxAmount',
    });
  }
}

/** How a list shows a transfer: its two legs (as it always did), or one item. */
export const TRANSFER_ROWS = ['legs', 'one'] as const;
export type TransferRows = (typeof TRANSFER_ROWS)[number];

const transfersShape = {
  transfers: z.enum(TRANSFER_ROWS, { error: 'transfers must be legs or one' }).optional().meta({
    description:
      "legs (the default): both legs of a transfer, each an item. one: a transfer is one item, its outgoing leg (whose `transfer` names both accounts), unless accountId picks the account of one side: then that side's leg",
  }),
};

/** GET /api/transactions with search, filters and sort; cursors encode the sort. */
export const searchTransactionsInput = z
  .object({ ...pageShape, ...transactionViewShape, ...transfersShape })
  .superRefine(checkViewRanges);
export type SearchTransactionsInput = z.infer<typeof searchTransactionsInput>;

const { sort: _sort, ...transactionFilterShape } = transactionViewShape;

/**
 * GET /api/transactions/summary: the rows a view's filters pick, counted and summed (a sort
 * changes neither, so none is taken).
 */
export const transactionSummaryInput = z
  .object({ ...transactionFilterShape, ...transfersShape })
  .superRefine(checkViewRanges);
export type TransactionSummaryInput = z.infer<typeof transactionSummaryInput>;

const summaryFigure = (description: string) =>
  z
    .number()
    .nullable()
    .meta({
      description: `${description}, in units of the view's currency (the account's with accountId, else the book's base currency); null when the view holds more than ${SUMMARY_ROWS_MAX} entries (complete is false), when a figure has more than fifteen digits and cannot be given exactly, or when the book has accounts in other currencies and no accountId picks one (complete is true)`,
    });

export const transactionSummarySchema = z
  .object({
    count: z.number().int().meta({
      description:
        'Entries (items of the list with the same query) in the view; when complete is false, the view holds more than this many',
    }),
    complete: z.boolean().meta({
      description:
        'false when the view holds more entries than one summary reads: count is then a lower bound and the figures are null, never a partial sum',
    }),
    moneyIn: summaryFigure('Deposits, and incoming transfer legs listed as items'),
    moneyOut: summaryFigure(
      'Withdrawals and expenses, and outgoing transfer legs listed as items (a transfer shown as one item moves money between your accounts, neither in nor out)',
    ),
    net: summaryFigure('moneyIn less moneyOut'),
  })
  .meta({ id: 'TransactionSummary' });
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;
export const transactionSummaryOutput = envelope(transactionSummarySchema);

/**
 * GET /api/transactions/export.csv: the same view, every page of it (limit and cursor are
 * refused, not ignored: docs/analytics.md#csv-export-of-a-transactions-view).
 */
export const exportTransactionsInput = z.object(transactionViewShape).superRefine(checkViewRanges);
export type ExportTransactionsInput = z.infer<typeof exportTransactionsInput>;

/**
 * GET /api/expenses and /api/expenses/by-account/{accountId}, one page at a time: without a
 * `limit`, EXPENSE_PAGE_DEFAULT rows (never the whole list).
 */
export const expensePageInput = z.object({
  limit: z
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(EXPENSE_PAGE_MAX, { error: `limit must be at most ${EXPENSE_PAGE_MAX}` })
    .optional()
    .meta({
      description: `Expenses per page, 1 to ${EXPENSE_PAGE_MAX}; ${EXPENSE_PAGE_DEFAULT} when absent`,
      default: EXPENSE_PAGE_DEFAULT,
    }),
  cursor: pageShape.cursor,
});
export type ExpensePageInput = z.infer<typeof expensePageInput>;

/**
 * A paged expenses list: `data` stays the list the web app reads, the next page's cursor
 * travels beside it (null on the last page).
 */
export const expensePageOutput = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.array(transactionSchema),
  nextCursor: z.string().nullable().meta({
    description:
      'The cursor of the next page (also in the Link header, rel="next"); null on the last page',
  }),
});

/** GET /api/payees?q=: payees of earlier entries, most used first, with their last category. */
export const payeeSuggestionsInput = z.object({
  q: z
    .string({ error: 'q must be text' })
    .max(SEARCH_QUERY_MAX, { error: `q must be at most ${SEARCH_QUERY_MAX} characters` })
    .regex(NO_NUL, { error: 'q must not contain NUL characters' })
    .optional(),
});
export type PayeeSuggestionsInput = z.infer<typeof payeeSuggestionsInput>;

export const payeeSuggestionsOutput = envelope(
  z.array(
    z
      .object({
        payee: z.string(),
        uses: z.number().int(),
        lastCategoryId: z.string().nullable(),
      })
      .meta({ id: 'PayeeSuggestion' }),
  ),
);

export type PayeeSuggestion = z.infer<typeof payeeSuggestionsOutput>['data'][number];

/** GET /api/tags: every tag of the book's live entries, most used first. */
export const tagListOutput = envelope(
  z.array(z.object({ tag: z.string(), uses: z.number().int() }).meta({ id: 'TagUse' })),
);

/** GET /api/account/{id}/transactions: one account's entries, newest first, a page at a time. */
export const accountLedgerInput = z.object({ id: accountIdSchema, ...pageShape });

/** An entry of one account's list, with the account's balance right after it. */
export const accountLedgerItemSchema = transactionSchema
  .extend({
    balanceAfter: z.number().meta({
      description:
        "The account's balance after this entry, in its currency units: the signed sum of its live entries up to it in (occurredOn, entry order) order",
    }),
  })
  .meta({ id: 'AccountLedgerItem' });

export const accountLedgerPageSchema = z.object({
  items: z.array(accountLedgerItemSchema),
  nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
});
export type AccountLedgerPage = z.infer<typeof accountLedgerPageSchema>;
export const accountLedgerOutput = envelope(accountLedgerPageSchema);
