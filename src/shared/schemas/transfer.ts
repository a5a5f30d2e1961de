import { z } from 'zod';
import { DESCRIPTION_MAX, accountSchema } from './account.js';
import {
  CURRENCY_AMOUNT_TEXT,
  accountIdSchema,
  amountSchema,
  envelope,
  isoDateTime,
  optionalText,
  transferIdSchema,
} from './common.js';
import {
  NOT_CHANGES,
  confirmReconciledQuerySchema,
  confirmReconciledSchema,
  expectedVersionSchema,
  occurredOnSchema,
} from './entry-fields.js';
import { changeIdOutput } from './ledger.js';

/**
 * Money moved between two accounts of the book (docs/ledger.md#transfers): two legs in one
 * transaction, a transfer_out on the source and a transfer_in on the destination, edited and
 * deleted together. The source is refused on insufficient funds, the destination on its cap.
 * Between accounts of two currencies it carries both amounts, each in its account's currency,
 * and records the rate they imply (src/shared/transfer-amounts.ts).
 */

/**
 * The received amount at the schema, like every amount (common.ts amountSchema): a JSON number
 * above 0. Its decimals and bound are its account's currency's, judged by the service once the
 * account is loaded (transferAmountRefusal, src/shared/transfer-amounts.ts).
 */
const receivedAmountSchema = z
  .number({
    error: (issue) => {
      if (issue.input === undefined) return 'Received amount is required';
      if (typeof issue.input === 'number') return 'Received amount must be a finite number';
      return 'Received amount must be a number';
    },
  })
  .gt(0, { error: 'Received amount must be greater than 0' })
  .meta({
    description: `What arrives on the destination account, ${CURRENCY_AMOUNT_TEXT.replace("the account's", "that account's")}. Required when the two accounts' currencies differ; between one currency leave it out or send the amount again`,
    example: 12.5,
    'x-currency-amount': true,
  });

export const transferSchema = z
  .object({
    id: z.string(),
    fromAccountId: z.string(),
    toAccountId: z.string(),
    amount: z.number().meta({ description: "Sent: units of the source account's currency" }),
    receivedAmount: z.number().meta({
      description:
        "Received: units of the destination account's currency (the amount again between one currency)",
    }),
    fromCurrency: z.string().meta({ description: 'ISO 4217 code of the source account' }),
    toCurrency: z.string().meta({ description: 'ISO 4217 code of the destination account' }),
    rate: z.string().nullable().meta({
      description:
        'Units of toCurrency per unit of fromCurrency the two amounts imply, as exact decimal text (rounded half-even on its 12th significant digit when it has no shorter decimal); null between one currency. Recorded in the rates with source "transfer"',
      example: '1.085',
    }),
    occurredOn: z.string(),
    description: z.string(),
    version: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof transferSchema>;

/**
 * Refused (400) when both ends of a transfer are one account. The server checks it after it
 * has found both accounts (so another user's account is a 404 like a missing one, whichever
 * field names it); forms check it before sending with `sameAccounts`.
 */
export const DIFFERENT_ACCOUNTS = 'Choose two different accounts';
export const sameAccounts = (input: { fromAccountId?: string; toAccountId?: string }) =>
  Boolean(input.fromAccountId) && input.fromAccountId === input.toAccountId;

/** POST /api/transfers (Idempotency-Key). */
export const createTransferInput = z.object({
  fromAccountId: accountIdSchema,
  toAccountId: accountIdSchema,
  amount: amountSchema,
  receivedAmount: receivedAmountSchema.optional(),
  occurredOn: occurredOnSchema.optional(),
  description: optionalText('Description', DESCRIPTION_MAX),
});
export type CreateTransferInput = z.infer<typeof createTransferInput>;

/** GET /api/transfers/{id}. */
export const transferIdInput = z.object({ id: transferIdSchema });

/** DELETE /api/transfers/{id} (Idempotency-Key): both legs. */
export const deleteTransferInput = z.object({
  id: transferIdSchema,
  expectedVersion: expectedVersionSchema,
  confirmReconciled: confirmReconciledQuerySchema,
});
export type DeleteTransferInput = z.infer<typeof deleteTransferInput>;

/** PATCH /api/transfers/{id} (Idempotency-Key): any field, accounts included; both legs change. */
export const updateTransferInput = z
  .object({
    id: transferIdSchema,
    expectedVersion: expectedVersionSchema,
    confirmReconciled: confirmReconciledSchema,
    fromAccountId: accountIdSchema.optional(),
    toAccountId: accountIdSchema.optional(),
    amount: amountSchema.optional(),
    receivedAmount: receivedAmountSchema.optional(),
    occurredOn: occurredOnSchema.optional(),
    description: optionalText('Description', DESCRIPTION_MAX),
  })
  .refine((input) => Object.keys(input).some((k) => !NOT_CHANGES.has(k)), {
    error: 'Nothing to change: send at least one field',
  });
export type UpdateTransferInput = z.infer<typeof updateTransferInput>;

/** GET /api/transfers/{id}. */
export const transferOutput = envelope(transferSchema);

/** The answer of a transfer create, edit or delete: the transfer, both accounts, the change. */
export const transferMutationOutput = envelope(
  z.object({
    transfer: transferSchema,
    accounts: z.array(accountSchema).meta({ description: 'Every account whose balance moved' }),
    changeId: changeIdOutput,
  }),
);
