import { z } from 'zod';
import { accountIdSchema, amountSchema, envelope, isoDateTime, optionalText } from './common.js';
import { DESCRIPTION_MAX, accountSchema } from './account.js';
import { entryExtrasShape } from './entry-fields.js';

/**
 * What an entry is as the API shows it: `transactionType` is deposit, withdraw, expense or
 * transfer (both legs of a transfer show as 'transfer', with `transfer` filled).
 */
export const TRANSACTION_TYPES = ['deposit', 'withdraw', 'expense', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The entries a person records one at a time (a transfer is made by its own routes). */
export const MOVEMENT_TYPES = ['deposit', 'withdraw', 'expense'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/**
 * The two accounts of a transfer, on both of its legs, with both amounts: between two
 * currencies a leg's own `amount` is only its side (docs/ledger.md#between-two-currencies).
 */
export const transferLinkSchema = z
  .object({
    id: z.string(),
    fromAccountId: z.string(),
    toAccountId: z.string(),
    amount: z.number().meta({ description: "Sent: units of the source account's currency" }),
    receivedAmount: z
      .number()
      .meta({ description: "Received: units of the destination account's currency" }),
    fromCurrency: z.string(),
    toCurrency: z.string(),
  })
  .meta({ id: 'TransferLink' });

/** One line of a split entry as the API shows it. */
export const splitLineSchema = z
  .object({
    id: z.string(),
    categoryId: z.string().nullable(),
    amount: z.number().meta({ description: "Amount in units of the entry's currency" }),
    note: z.string(),
  })
  .meta({ id: 'SplitLine' });
export type SplitLine = z.infer<typeof splitLineSchema>;

export const transactionSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    amount: z.number().meta({
      description: 'Amount in units of its currency (`currency`), always positive',
    }),
    currency: z.string().meta({
      description:
        "ISO 4217 code of the entry's currency: its account's, or the book's base currency for an expense without an account",
      example: 'USD',
    }),
    accountId: z.string().nullable(),
    transactionType: z.enum(TRANSACTION_TYPES),
    occurredOn: z.string().meta({ description: 'The day it happened (YYYY-MM-DD)' }),
    categoryId: z.string().nullable().meta({ description: 'null: uncategorised (or split)' }),
    payee: z.string().meta({ description: "'' when none" }),
    tags: z.array(z.string()),
    transfer: transferLinkSchema.nullable().meta({ description: 'Set on the legs of a transfer' }),
    splits: z.array(splitLineSchema).meta({ description: '[] unless the entry is split' }),
    cleared: z.enum(['uncleared', 'cleared', 'reconciled']).meta({
      description:
        'Against the statements: reconciled entries are locked against silent edits (docs/ledger.md#reconciliation)',
    }),
    version: z.number().int().meta({ description: 'Bumped by every change of the entry' }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

/** POST /api/expenses/expense: an expense, against an account or none. */
export const createExpenseInput = z.object({
  description: optionalText('Description', DESCRIPTION_MAX),
  amount: amountSchema,
  accountId: accountIdSchema.nullish(),
  ...entryExtrasShape,
});
export type CreateExpenseInput = z.infer<typeof createExpenseInput>;

export const expensesByAccountInput = z.object({ accountId: accountIdSchema });

/**
 * An ISO 8601 date-time in years 1900 to 9999 (as written): a range every database and client
 * handles. The year is checked by pattern, so the OpenAPI document publishes it.
 */
function boundedDateTime(label: string) {
  return z.iso
    .datetime({ offset: true, error: `${label} must be an ISO 8601 date-time` })
    .regex(/^(?:19\d\d|[2-9]\d\d\d)-/, {
      error: `${label} must be a date between the years 1900 and 9999`,
    });
}

export const TRANSACTIONS_PAGE_DEFAULT = 50;
export const TRANSACTIONS_PAGE_MAX = 200;

/** `limit` and `cursor` of every paged list. */
export const pageShape = {
  limit: z
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(TRANSACTIONS_PAGE_MAX, { error: `limit must be at most ${TRANSACTIONS_PAGE_MAX}` })
    .optional()
    .meta({ description: `Rows per page, 1 to ${TRANSACTIONS_PAGE_MAX}` }),
  cursor: z
    .string({ error: 'cursor must be text' })
    .max(200, { error: 'Invalid cursor' })
    .optional()
    .meta({ description: 'nextCursor from the previous page' }),
};

/** The filters of GET /api/transactions that exist since the first version. */
export const ledgerFiltersShape = {
  ...pageShape,
  accountId: accountIdSchema.optional(),
  type: z.enum(MOVEMENT_TYPES, { error: 'type must be deposit, withdraw or expense' }).optional(),
  from: boundedDateTime('from')
    .optional()
    .meta({ description: 'Inclusive lower bound on createdAt' }),
  to: boundedDateTime('to').optional().meta({ description: 'Exclusive upper bound on createdAt' }),
};

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || new Date(q.from) <= new Date(q.to);

/** GET /api/transactions (today's query; the search query in ledger-query.ts extends it). */
export const listTransactionsInput = z
  .object(ledgerFiltersShape)
  .refine(fromNotAfterTo, { error: 'from must not be after to', path: ['from'] });
export type ListTransactionsInput = z.infer<typeof listTransactionsInput>;

export const transactionListOutput = envelope(z.array(transactionSchema));
export const transactionPageOutput = envelope(
  z.object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() }),
);

/** The change a mutation recorded in the history; POST /api/changes/{id}/undo takes it. */
export const changeIdOutput = z
  .string()
  .meta({ description: 'The recorded change: undo it with POST /api/changes/{id}/undo' });

/** The rule that filled in an entry added by hand (docs/import.md#rules). */
export const appliedRuleIdOutput = z.string().nullable().meta({
  description:
    "The rule that filled in fields left empty (the book's applyRulesToManualEntries setting); null when none did",
});

/**
 * A deposit, withdrawal or expense answers with both sides of the change and the change's id.
 * `account` is null for an expense without an account.
 */
export const movementOutput = envelope(
  z.object({
    account: accountSchema.nullable(),
    transaction: transactionSchema,
    changeId: changeIdOutput,
    ruleId: appliedRuleIdOutput,
  }),
);
export type Movement = z.infer<typeof movementOutput>['data'];
