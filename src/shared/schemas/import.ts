import { z } from 'zod';
import { accountIdSchema, envelope, importBatchIdSchema, isoDateTime, NO_NUL } from './common.js';
import { accountSchema } from './account.js';
import {
  IMPORT_COLUMNS_MAX,
  IMPORT_FILE_BYTES_MAX,
  IMPORT_FILE_NAME_MAX,
  IMPORT_ROWS_MAX,
} from '../limits.js';

// Bank file import (docs/import.md): preview a file against an account, commit the rows a
// person ticked as one batch, list batches, revert one.

export const IMPORT_FORMATS = ['csv', 'ofx', 'qif'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export const DATE_ORDERS = ['ymd', 'dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DECIMAL_SEPARATORS = ['.', ','] as const;

/** base64 grows a file by 4/3 (rounded up to whole groups of four). */
const BASE64_MAX = Math.ceil(IMPORT_FILE_BYTES_MAX / 3) * 4;

/** A CSV column by its 0-based position, or null for none. */
const column = (label: string) =>
  z
    .number({ error: `${label} must be a column number` })
    .int({ error: `${label} must be a whole column number` })
    .min(0, { error: `${label} must be 0 or more` })
    .max(IMPORT_COLUMNS_MAX - 1, { error: `${label} must be below ${IMPORT_COLUMNS_MAX}` })
    .nullable();

/**
 * Which CSV column holds which field. Either `amountColumn` (signed) or `debitColumn` and/or
 * `creditColumn` (positive figures; debits leave the account).
 */
export const csvMappingSchema = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS, { error: 'Delimiter must be , ; tab or |' }),
    hasHeader: z.boolean({ error: 'hasHeader must be true or false' }),
    dateColumn: column('dateColumn'),
    dateOrder: z.enum(DATE_ORDERS, { error: 'dateOrder must be ymd, dmy or mdy' }),
    decimalSeparator: z.enum(DECIMAL_SEPARATORS, { error: 'decimalSeparator must be . or ,' }),
    amountColumn: column('amountColumn'),
    debitColumn: column('debitColumn'),
    creditColumn: column('creditColumn'),
    descriptionColumn: column('descriptionColumn'),
    payeeColumn: column('payeeColumn'),
    categoryColumn: column('categoryColumn'),
    referenceColumn: column('referenceColumn'),
  })
  .meta({ id: 'CsvMapping' });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

const fileShape = {
  accountId: accountIdSchema,
  fileName: z
    .string({ error: 'fileName must be text' })
    .trim()
    .max(IMPORT_FILE_NAME_MAX, {
      error: `fileName must be at most ${IMPORT_FILE_NAME_MAX} characters`,
    })
    .regex(NO_NUL, { error: 'fileName must not contain NUL characters' })
    .default(''),
  content: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'content is required' : 'content must be text',
    })
    .max(BASE64_MAX, {
      error: `The file must be at most ${IMPORT_FILE_BYTES_MAX / 1024 / 1024} MB`,
    })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'content must be the file in base64' })
    .meta({ description: "The file's bytes in base64", example: 'RGF0ZSxBbW91bnQK' }),
  mapping: csvMappingSchema
    .optional()
    .meta({ description: 'CSV only: the mapping to use; left out, the remembered or guessed one' }),
};

/** POST /api/imports/preview */
export const importPreviewInput = z.object(fileShape);
export type ImportPreviewInput = z.infer<typeof importPreviewInput>;

/** POST /api/imports: the file again, and the lines to import (left out: every new row). */
export const importCommitInput = z.object({
  ...fileShape,
  lines: z
    .array(z.number().int().min(1).max(10_000_000), {
      error: 'lines must be a list of line numbers',
    })
    .max(IMPORT_ROWS_MAX, { error: `lines has at most ${IMPORT_ROWS_MAX} numbers` })
    .optional()
    .meta({
      description: 'Lines (as the preview numbers them) to import; left out: every new row',
    }),
});
export type ImportCommitInput = z.infer<typeof importCommitInput>;

const entryRef = z
  .object({
    id: z.string(),
    occurredOn: z.string(),
    amount: z.number().meta({ description: 'Signed: negative leaves the account' }),
    description: z.string(),
  })
  .meta({ id: 'ImportMatch' });

export const importRowSchema = z
  .object({
    line: z.number().int().meta({ description: 'Line (CSV, QIF) or transaction number (OFX)' }),
    status: z.enum(['new', 'duplicate']),
    occurredOn: z.string(),
    amount: z.number().meta({ description: 'Signed: negative leaves the account' }),
    description: z.string(),
    payee: z.string(),
    bankRef: z.string().nullable(),
    duplicateOf: entryRef.nullable().meta({ description: 'The entry a duplicate matches' }),
    categoryId: z.string().nullable().meta({ description: 'What the file or a rule sets' }),
    ruleId: z.string().nullable(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRowErrorSchema = z
  .object({ line: z.number().int(), reason: z.string(), text: z.string() })
  .meta({ id: 'ImportRowError' });

export const importBatchSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    fileName: z.string(),
    format: z.enum(IMPORT_FORMATS),
    entryCount: z.number().int(),
    total: z.number().meta({ description: 'Signed sum of its entries' }),
    createdAt: isoDateTime,
    revertedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importPreviewSchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    sameFile: importBatchSchema
      .nullable()
      .meta({ description: 'A live batch of this account made from the very same file' }),
    csv: z
      .object({
        headers: z.array(z.string()),
        sample: z.array(z.array(z.string())).meta({ description: 'The first rows, as split' }),
        mapping: csvMappingSchema,
        problem: z.string().nullable().meta({ description: 'Why the mapping cannot be used' }),
      })
      .nullable(),
    rows: z.array(importRowSchema),
    errors: z.array(importRowErrorSchema),
    newCount: z.number().int(),
    duplicateCount: z.number().int(),
    balanceBefore: z.number(),
    balanceAfter: z.number().meta({ description: 'With every new row imported' }),
    floor: z.number().meta({ description: 'The lowest balance allowed (minus the credit limit)' }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importPreviewOutput = envelope(importPreviewSchema);
export const importCommitOutput = envelope(
  z.object({
    batch: importBatchSchema,
    account: accountSchema,
    imported: z.number().int(),
    skipped: z.number().int().meta({ description: 'Rows not imported (unticked or duplicates)' }),
  }),
);

/** GET /api/imports */
export const importListInput = z.object({ accountId: accountIdSchema.optional() });
export const importListOutput = envelope(z.array(importBatchSchema));

/** POST /api/imports/{id}/revert */
export const importBatchIdInput = z.object({ id: importBatchIdSchema });
export const importRevertOutput = envelope(
  z.object({ batch: importBatchSchema, account: accountSchema }),
);

/** The request body the two routes carrying a file accept: the file in base64 and some JSON. */
export const IMPORT_BODY_LIMIT = BASE64_MAX + 256 * 1024;
