import { z } from 'zod';
import { CALENDAR_DATE_PATTERN } from '../dates.js';
import {
  BOOK_NAME_MAX,
  CATEGORY_GROUP_NAME_MAX,
  CATEGORY_NAME_MAX,
  PAYEE_MAX,
  SPLIT_NOTE_MAX,
  TAGS_MAX,
  TAG_MAX,
  TIME_ZONE_MAX,
} from '../limits.js';
import { DESCRIPTION_MAX, TITLE_MAX } from './account.js';
import { envelope, isoDateTime } from './common.js';

/**
 * The full export of a book as one JSON file, and what a restore accepts (docs/analytics.md#full-export).
 * Money is a decimal string of cents, as in the history snapshots, so nothing passes through a
 * float. Ids are the book's own; a restore gives every row a new id and keeps the links.
 * The JSON Schema of this file is docs/book-export.schema.json (generated from this schema,
 * and checked against it by tests/integration/book-export.test.ts).
 */

export const BOOK_EXPORT_FORMAT = 'expense-tracker-book';
export const BOOK_EXPORT_VERSION = 1;

const uuid = z.uuid({ error: 'Must be a UUID' });
const cents = (label: string) =>
  z.string().regex(/^\d{1,15}$/, { error: `${label} must be whole cents as a decimal string` });
/** Cents above zero, as a decimal string with no leading zero. */
const positiveCents = (label: string) =>
  z.string().regex(/^[1-9]\d{0,14}$/, {
    error: `${label} must be whole cents above 0 as a decimal string`,
  });
const text = (max: number) => z.string().max(max);

const accountRecord = z
  .object({
    id: uuid,
    title: text(TITLE_MAX).min(1),
    description: text(DESCRIPTION_MAX),
    icon: z.enum(['wallet', 'credit-card']),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    balanceCents: z.string().regex(/^-?\d{1,15}$/),
    creditLimitCents: cents('creditLimitCents'),
    createdAt: isoDateTime,
    deleted: z.boolean(),
  })
  .strict();

const groupRecord = z
  .object({
    id: uuid,
    name: text(CATEGORY_GROUP_NAME_MAX).min(1),
    kind: z.enum(['spending', 'income']),
    position: z.number().int().min(0).max(1_000_000),
    archived: z.boolean(),
  })
  .strict();

const categoryRecord = z
  .object({
    id: uuid,
    groupId: uuid,
    name: text(CATEGORY_NAME_MAX).min(1),
    icon: z.string().regex(/^[a-z0-9-]{1,40}$/),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    position: z.number().int().min(0).max(1_000_000),
    archived: z.boolean(),
  })
  .strict();

export const EXPORT_ENTRY_TYPES = [
  'deposit',
  'withdraw',
  'expense',
  'transfer_in',
  'transfer_out',
] as const;

const entryRecord = z
  .object({
    id: uuid,
    accountId: uuid.nullable(),
    type: z.enum(EXPORT_ENTRY_TYPES),
    amountCents: positiveCents('amountCents'),
    description: text(DESCRIPTION_MAX),
    occurredOn: z.string().regex(new RegExp(CALENDAR_DATE_PATTERN)),
    categoryId: uuid.nullable(),
    payee: text(PAYEE_MAX),
    tags: z.array(text(TAG_MAX).min(1)).max(TAGS_MAX),
    transferId: uuid.nullable(),
    version: z.number().int().min(1),
    deleted: z.boolean(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .strict();

const splitRecord = z
  .object({
    entryId: uuid,
    position: z.number().int().min(0).max(1000),
    categoryId: uuid.nullable(),
    amountCents: positiveCents('amountCents'),
    note: text(SPLIT_NOTE_MAX),
  })
  .strict();

const transferRecord = z
  .object({
    id: uuid,
    fromAccountId: uuid,
    toAccountId: uuid,
    amountCents: cents('amountCents'),
    occurredOn: z.string().regex(new RegExp(CALENDAR_DATE_PATTERN)),
  })
  .strict();

const changeRecord = z
  .object({
    id: uuid,
    kind: z.string().regex(/^[a-z-]{1,40}$/),
    undoesId: uuid.nullable(),
    undoneById: uuid.nullable(),
    createdAt: isoDateTime,
  })
  .strict();

/** An entry's state in its history: the snapshot object of docs/ledger.md#history-and-undo. */
const snapshot = z.record(z.string(), z.unknown()).nullable();

const historyRecord = z
  .object({
    changeId: uuid,
    entryId: uuid,
    fields: z.array(z.string().max(40)).max(40),
    before: snapshot,
    after: snapshot,
  })
  .strict();

export const bookExportSchema = z
  .object({
    format: z.literal(BOOK_EXPORT_FORMAT),
    version: z.literal(BOOK_EXPORT_VERSION),
    exportedAt: isoDateTime,
    book: z
      .object({ name: text(BOOK_NAME_MAX).min(1), timeZone: text(TIME_ZONE_MAX).nullable() })
      .strict(),
    accounts: z.array(accountRecord),
    categoryGroups: z.array(groupRecord),
    categories: z.array(categoryRecord),
    entries: z.array(entryRecord).meta({ description: 'In the order they were recorded' }),
    splits: z.array(splitRecord),
    transfers: z.array(transferRecord),
    changes: z.array(changeRecord).meta({ description: 'In the order they were made' }),
    history: z.array(historyRecord),
  })
  .strict()
  .meta({ id: 'BookExport', title: 'Expense Tracker book export' });
export type BookExport = z.infer<typeof bookExportSchema>;

export const bookExportOutput = envelope(bookExportSchema);

/** POST /api/book/restore: the file, as exported. */
export const restoreBookInput = z.object({ file: bookExportSchema });
export type RestoreBookInput = z.infer<typeof restoreBookInput>;

export const restoreBookOutput = envelope(
  z
    .object({
      accounts: z.number().int(),
      categories: z.number().int(),
      entries: z.number().int(),
      changes: z.number().int(),
    })
    .meta({ id: 'RestoreCounts' }),
);
