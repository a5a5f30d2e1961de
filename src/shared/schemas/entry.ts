import { z } from 'zod';
import { BULK_IDS_MAX } from '../limits.js';
import { DESCRIPTION_MAX, accountSchema } from './account.js';
import {
  accountIdSchema,
  amountSchema,
  categoryIdSchema,
  entryIdSchema,
  envelope,
  optionalText,
} from './common.js';
import {
  entryCategorySchema,
  entryExtrasShape,
  NOT_CHANGES,
  confirmReconciledQuerySchema,
  confirmReconciledSchema,
  expectedVersionSchema,
  occurredOnSchema,
  payeeSchema,
  splitLinesSchema,
  tagsSchema,
} from './entry-fields.js';
import { historyItemSchema } from './history.js';
import {
  MOVEMENT_TYPES,
  type MovementType,
  appliedRuleIdOutput,
  changeIdOutput,
  transactionSchema,
} from './ledger.js';

/**
 * Any entry, one at a time (docs/ledger.md#entries): create, read with its history, edit,
 * delete, and bulk re-categorise or delete. Every mutation records a change (changeId).
 */

/**
 * What each type of entry takes: deposits and withdrawals need an account, expenses may have none;
 * splits belong to money going out. The create input checks these, and the OpenAPI document
 * publishes one body schema per type from the same table (src/server/http/openapi-bodies.ts).
 */
export const ENTRY_TYPE_RULES: Record<
  MovementType,
  { needsAccount: boolean; splittable: boolean }
> = {
  deposit: { needsAccount: true, splittable: false },
  withdraw: { needsAccount: true, splittable: true },
  expense: { needsAccount: false, splittable: true },
};

/** POST /api/transactions (Idempotency-Key): a deposit, withdrawal or expense. */
export const createEntryInput = z
  .object({
    type: z.enum(MOVEMENT_TYPES, { error: 'type must be deposit, withdraw or expense' }),
    accountId: accountIdSchema.nullish().meta({ description: 'null only for an expense' }),
    amount: amountSchema,
    description: optionalText('Description', DESCRIPTION_MAX),
    ...entryExtrasShape,
    splits: splitLinesSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const rules = ENTRY_TYPE_RULES[input.type];
    if (!input.accountId && rules.needsAccount) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountId'],
        message: 'accountId is required for a deposit or a withdrawal',
      });
    }
    if (input.splits === undefined) return;
    if (!rules.splittable) {
      ctx.addIssue({
        code: 'custom',
        path: ['splits'],
        message: 'Only expenses and withdrawals can be split',
      });
    } else if (input.categoryId) {
      ctx.addIssue({
        code: 'custom',
        path: ['categoryId'],
        message: 'A split entry has no category of its own: give each line its category',
      });
    }
    // Whether the lines add up is judged in the entry's currency, once the service knows it.
  });
export type CreateEntryInput = z.infer<typeof createEntryInput>;

/** GET /api/transactions/{id} and DELETE /api/transactions/{id}. */
export const entryIdInput = z.object({ id: entryIdSchema });

/** DELETE /api/transactions/{id} (Idempotency-Key); expectedVersion from the query string. */
export const deleteEntryInput = z.object({
  id: entryIdSchema,
  expectedVersion: expectedVersionSchema,
  confirmReconciled: confirmReconciledQuerySchema,
});

/**
 * PATCH /api/transactions/{id} (Idempotency-Key): any of the fields; left out keeps its value.
 * `splits: null` removes the split; changing the amount of a split entry needs new lines (or
 * null) in the same request (checked by the server, which knows the stored lines).
 */
export const updateEntryInput = z
  .object({
    id: entryIdSchema,
    expectedVersion: expectedVersionSchema,
    confirmReconciled: confirmReconciledSchema,
    amount: amountSchema.optional(),
    occurredOn: occurredOnSchema.optional(),
    description: optionalText('Description', DESCRIPTION_MAX),
    payee: payeeSchema,
    categoryId: entryCategorySchema,
    tags: tagsSchema.optional(),
    accountId: accountIdSchema.nullish().meta({
      description: 'Move it to another account (null: no account, expenses only)',
    }),
    splits: splitLinesSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    const changes = Object.keys(input).filter((key) => !NOT_CHANGES.has(key));
    if (changes.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'Nothing to change: send at least one field',
      });
    }
    if (input.splits && input.categoryId) {
      ctx.addIssue({
        code: 'custom',
        path: ['categoryId'],
        message: 'A split entry has no category of its own: give each line its category',
      });
    }
    // Whether new lines add up to a new amount is judged in the entry's currency by the service.
  });
export type UpdateEntryInput = z.infer<typeof updateEntryInput>;

/** The answer of a create or an edit: the entry, its account(s) now, and the change. */
export const entryMutationOutput = envelope(
  z.object({
    transaction: transactionSchema,
    accounts: z.array(accountSchema).meta({ description: 'Every account whose balance moved' }),
    changeId: changeIdOutput,
  }),
);

/** The answer of a creation: an edit's, and the rule that filled in what was left empty. */
export const entryCreatedOutput = envelope(
  entryMutationOutput.shape.data.extend({ ruleId: appliedRuleIdOutput }),
);

/** The answer of a delete or a bulk operation. */
export const changeOutput = envelope(
  z.object({
    changeId: changeIdOutput,
    count: z.number().int().meta({ description: 'Entries the change touched' }),
    accounts: z.array(accountSchema).meta({ description: 'Every account whose balance moved' }),
  }),
);

/** GET /api/transactions/{id}: the entry and its whole history, oldest first. */
export const entryDetailOutput = envelope(
  z.object({ transaction: transactionSchema, history: z.array(historyItemSchema) }),
);

const bulkIdsSchema = z
  .array(entryIdSchema, { error: 'ids must be a list of transaction ids' })
  .min(1, { error: 'ids must not be empty' })
  .max(BULK_IDS_MAX, { error: `At most ${BULK_IDS_MAX} transactions at once` })
  .transform((ids) => [...new Set(ids)]);

/** POST /api/transactions/bulk-categorize (Idempotency-Key): one change, undoable as one. */
export const bulkCategorizeInput = z.object({
  ids: bulkIdsSchema,
  categoryId: categoryIdSchema.nullable().meta({ description: 'null: uncategorised' }),
});
export type BulkCategorizeInput = z.infer<typeof bulkCategorizeInput>;

/** POST /api/transactions/bulk-delete (Idempotency-Key): one change, undoable as one. */
export const bulkDeleteInput = z.object({
  ids: bulkIdsSchema,
  confirmReconciled: confirmReconciledSchema,
});
export type BulkDeleteInput = z.infer<typeof bulkDeleteInput>;
