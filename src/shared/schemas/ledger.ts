import { z } from 'zod';
import { accountIdSchema, amountSchema, envelope, isoDateTime, optionalText } from './common.js';
import { DESCRIPTION_MAX, accountSchema } from './account.js';

export const TRANSACTION_TYPES = ['deposit', 'withdraw', 'expense'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const transactionSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    amount: z.number().meta({ description: 'Amount in currency units, always positive' }),
    accountId: z.string().nullable(),
    transactionType: z.enum(TRANSACTION_TYPES),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const createExpenseInput = z.object({
  description: optionalText('Description', DESCRIPTION_MAX),
  amount: amountSchema,
  accountId: accountIdSchema.nullish(),
});
export type CreateExpenseInput = z.infer<typeof createExpenseInput>;

export const expensesByAccountInput = z.object({ accountId: accountIdSchema });

/** An ISO 8601 date-time in years 1900 to 9999: a range every database and client handles. */
function boundedDateTime(label: string) {
  return z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date-time` }).refine(
    (text) => {
      const year = new Date(text).getUTCFullYear();
      return year >= 1900 && year <= 9999;
    },
    { error: `${label} must be a date between the years 1900 and 9999` },
  );
}

export const TRANSACTIONS_PAGE_DEFAULT = 50;
export const TRANSACTIONS_PAGE_MAX = 200;

export const listTransactionsInput = z
  .object({
    limit: z
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(TRANSACTIONS_PAGE_MAX, { error: `limit must be at most ${TRANSACTIONS_PAGE_MAX}` })
      .optional(),
    cursor: z
      .string({ error: 'cursor must be text' })
      .max(200, { error: 'Invalid cursor' })
      .optional()
      .meta({ description: 'nextCursor from the previous page' }),
    accountId: accountIdSchema.optional(),
    type: z
      .enum(TRANSACTION_TYPES, { error: 'type must be deposit, withdraw or expense' })
      .optional(),
    from: boundedDateTime('from')
      .optional()
      .meta({ description: 'Inclusive lower bound on createdAt' }),
    to: boundedDateTime('to')
      .optional()
      .meta({ description: 'Exclusive upper bound on createdAt' }),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    error: 'from must not be after to',
    path: ['from'],
  });
export type ListTransactionsInput = z.infer<typeof listTransactionsInput>;

export const transactionListOutput = envelope(z.array(transactionSchema));
export const transactionPageOutput = envelope(
  z.object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() }),
);
export const transactionOutput = envelope(transactionSchema);
/** A deposit, withdrawal or expense against an account answers with both sides of the change. */
export const movementOutput = envelope(
  z.object({ account: accountSchema.nullable(), transaction: transactionSchema }),
);
