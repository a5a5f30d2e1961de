import { z } from 'zod';
import { accountSchema } from './account.js';
import { changeIdSchema, envelope, isoDateTime } from './common.js';

/**
 * History and undo (docs/ledger.md#history-and-undo): every action on the ledger is a change;
 * each entry it touched has a history row with the entry's state before and after.
 */
export const CHANGE_KINDS = [
  'create',
  'update',
  'delete',
  'restore',
  'transfer',
  'bulk',
  'category-delete',
  'undo',
  'import',
  'import-revert',
  'rule-apply',
  'clear',
  'reconcile',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The entry types as stored (a transfer has two legs, one each way). */
export const ENTRY_TYPES = [
  'deposit',
  'withdraw',
  'expense',
  'transfer_in',
  'transfer_out',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** An entry's editable state at one moment, as the API shows a history row's before/after. */
export const entrySnapshotSchema = z
  .object({
    accountId: z.string().nullable(),
    type: z.enum(ENTRY_TYPES),
    amount: z.number().meta({ description: "In units of the entry's currency (`currency`)" }),
    currency: z.string().meta({
      description:
        "ISO 4217 code the amounts are in: the account's, or the book's base currency without one",
      example: 'USD',
    }),
    occurredOn: z.string(),
    description: z.string(),
    payee: z.string(),
    categoryId: z.string().nullable(),
    tags: z.array(z.string()),
    splits: z.array(
      z.object({ categoryId: z.string().nullable(), amount: z.number(), note: z.string() }),
    ),
    deleted: z.boolean(),
    cleared: z
      .enum(['cleared', 'reconciled'])
      .optional()
      .meta({ description: 'Seen on a statement, or reconciled; absent: uncleared' }),
  })
  .meta({ id: 'EntrySnapshot' });
export type EntrySnapshot = z.infer<typeof entrySnapshotSchema>;

/** One history row of an entry, oldest first in GET /api/transactions/{id}. */
export const historyItemSchema = z
  .object({
    changeId: z.string(),
    kind: z.enum(CHANGE_KINDS),
    actor: z
      .object({ id: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'Who did it; null once that user is gone' }),
    at: isoDateTime,
    fields: z.array(z.string()).meta({ description: 'The fields this change set' }),
    before: entrySnapshotSchema.nullable().meta({ description: 'null for the creation' }),
    after: entrySnapshotSchema.nullable(),
    undoneBy: z.string().nullable().meta({ description: 'The change that undid this one' }),
  })
  .meta({ id: 'HistoryItem' });
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** POST /api/changes/{id}/undo (Idempotency-Key): restores every entry of the change. */
export const undoChangeInput = z.object({ id: changeIdSchema });
export type UndoChangeInput = z.infer<typeof undoChangeInput>;

/** The undo, itself a change (kind 'undo'), and the accounts whose balances it moved. */
export const undoChangeOutput = envelope(
  z.object({
    changeId: z.string().meta({ description: 'The new change of kind undo' }),
    undoesId: z.string(),
    accounts: z.array(accountSchema),
  }),
);
