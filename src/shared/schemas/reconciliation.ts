import { z } from 'zod';
import {
  CURRENCY_AMOUNT_TEXT,
  accountIdSchema,
  entryIdSchema,
  envelope,
  isoDateTime,
} from './common.js';
import { calendarDateSchema } from './entry-fields.js';
import { changeIdOutput, transactionSchema } from './ledger.js';

/**
 * Reconciliation (docs/ledger.md#reconciliation): entries marked cleared as the person finds them
 * on the bank's statement, and an account reconciled against the statement's balance on its
 * date, which marks those entries reconciled and locks them against silent edits.
 */

/** Where an entry stands against the statements. */
export const CLEARED_STATES = ['uncleared', 'cleared', 'reconciled'] as const;
export type ClearedState = (typeof CLEARED_STATES)[number];

/** What a person may set by hand: reconciled is only ever set by finishing a reconciliation. */
export const SETTABLE_CLEARED_STATES = ['uncleared', 'cleared'] as const;

/** PATCH /api/transactions/{id}/cleared (Idempotency-Key): one undoable change. */
export const setClearedInput = z.object({
  id: entryIdSchema,
  cleared: z.boolean({ error: 'cleared must be true or false' }).meta({
    description:
      'true: seen on a statement; false: not yet (a reconciled entry needs confirmReconciled)',
  }),
  confirmReconciled: z
    .boolean({ error: 'confirmReconciled must be true or false' })
    .optional()
    .meta({
      description: 'true to un-clear an entry that is part of a finished reconciliation',
    }),
});
export type SetClearedInput = z.infer<typeof setClearedInput>;

export const setClearedOutput = envelope(
  z.object({
    transaction: transactionSchema,
    changeId: changeIdOutput.nullable().meta({
      description:
        'The recorded change (undo it with POST /api/changes/{id}/undo); null when nothing changed',
    }),
  }),
);

/**
 * A statement's balance: signed (a card's statement says what is owed), in the account's currency
 * units. Its decimals and bounds depend on the currency: the service judges them
 * (STATEMENT_BALANCE_FIELD, decision 035).
 */
export const statementBalanceSchema = z
  .number({
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'Statement balance must be a finite number'
        : 'Statement balance must be a number',
  })
  .meta({
    description: `The balance the statement shows on its date (below 0: owed), ${CURRENCY_AMOUNT_TEXT}; within ±999,999,999,999.99 USD (99,999,999,999,999 minor units)`,
    example: 1250.4,
    'x-currency-amount': true,
  });

const statementOnSchema = calendarDateSchema('statementOn').meta({
  description: "The statement's date (YYYY-MM-DD): cleared entries on or before it count",
});

/** GET /api/account/{id}/reconciliation?statementOn=&statementBalance= */
export const reconciliationSummaryInput = z.object({
  id: accountIdSchema,
  statementOn: statementOnSchema,
  statementBalance: statementBalanceSchema,
});
export type ReconciliationSummaryInput = z.infer<typeof reconciliationSummaryInput>;

const reconciliationSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    statementOn: z.string(),
    statementBalance: z.number().meta({ description: "In the account's currency units" }),
    currency: z.string().meta({
      description: "ISO 4217 code of the account's currency, the statement balance's",
      example: 'USD',
    }),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconciliationSummarySchema = z.object({
  accountId: z.string(),
  currency: z.string().meta({
    description: "ISO 4217 code of the account's currency: every figure here is in it",
    example: 'USD',
  }),
  statementOn: z.string(),
  statementBalance: z.number(),
  clearedBalance: z.number().meta({
    description: 'Signed sum of the cleared and reconciled entries on or before statementOn',
  }),
  difference: z.number().meta({
    description: 'statementBalance - clearedBalance; a reconciliation finishes only at 0',
  }),
  clearedCount: z.number().int().meta({
    description:
      'Cleared (not yet reconciled) entries on or before statementOn: finishing reconciles them',
  }),
  lastReconciliation: reconciliationSchema.nullable().meta({
    description: "The account's latest finished reconciliation, null when none",
  }),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const reconciliationSummaryOutput = envelope(reconciliationSummarySchema);

/** POST /api/account/{id}/reconcile (Idempotency-Key): refused unless the difference is 0. */
export const finishReconciliationInput = reconciliationSummaryInput;
export type FinishReconciliationInput = ReconciliationSummaryInput;

export const finishReconciliationOutput = envelope(
  z.object({
    reconciliation: reconciliationSchema,
    count: z.number().int().meta({ description: 'Entries marked reconciled' }),
    changeId: changeIdOutput,
  }),
);
