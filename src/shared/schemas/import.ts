import { z } from 'zod';
import { accountIdSchema, envelope, importBatchIdSchema, isoDateTime, NO_NUL } from './common.js';
import { accountSchema } from './account.js';
import {
  IMPORT_COLUMNS_MAX,
  IMPORT_FILE_BYTES_MAX,
  IMPORT_FILE_NAME_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_STATEMENTS_MAX,
} from '../limits.js';

// Bank file import (docs/import.md): preview a file against an account, commit the rows a
// person ticked as one batch, list batches, revert one.

export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * The text encodings a file may be read in (docs/import.md#encodings): chosen from the byte
 * order mark, the file's own declaration (OFX CHARSET/ENCODING, an XML declaration), UTF-8 when
 * the bytes are valid UTF-8, else detection; shown in the preview and changeable there.
 */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'iso-8859-1',
  'iso-8859-15',
  'windows-1250',
  'windows-1251',
  'iso-8859-2',
  'gb18030',
  'big5',
  'shift_jis',
  'euc-kr',
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/**
 * The kinds of choice a file can leave open (docs/import.md#choices): every one the importer
 * made is listed in the preview with its evidence, and can be answered before the commit.
 */
export const IMPORT_CHOICE_KINDS = [
  'encoding',
  'dateOrder',
  'twoDigitYears',
  'decimalSeparator',
  'columns',
  'sign',
  'statements',
  'subCents',
  'farFutureDates',
] as const;
export type ImportChoiceKind = (typeof IMPORT_CHOICE_KINDS)[number];

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
    indicatorColumn: column('indicatorColumn').default(null).meta({
      description:
        'With amountColumn: a column saying debit or credit (D/C, DR/CR, DBIT/CRDT, S/H, Debit/Credit, Soll/Haben, -/+); the amount is then a size',
    }),
  })
  .meta({ id: 'CsvMapping' });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/**
 * Answers to the choices a preview lists (its `choices`, each naming where its answer goes):
 * what the file does not settle, given by the person. A CSV's date order and decimal separator
 * are answered in its `mapping`.
 */
export const importReadingSchema = z
  .object({
    encoding: z
      .enum(IMPORT_ENCODINGS, { error: `encoding must be one of ${IMPORT_ENCODINGS.join(', ')}` })
      .optional(),
    dateOrder: z
      .enum(DATE_ORDERS, { error: 'dateOrder must be ymd, dmy or mdy' })
      .optional()
      .meta({ description: 'QIF: the order of day, month and year (CSV: mapping.dateOrder)' }),
    decimalSeparator: z
      .enum(DECIMAL_SEPARATORS, { error: 'decimalSeparator must be . or ,' })
      .optional()
      .meta({ description: 'QIF: the decimal separator (CSV: mapping.decimalSeparator)' }),
    roundSubCents: z.boolean({ error: 'roundSubCents must be true or false' }).optional().meta({
      description:
        'Amounts written with more than two decimals (e.g. +115.8331): true imports them rounded half-even to the cent',
    }),
    allowFarFutureDates: z
      .boolean({ error: 'allowFarFutureDates must be true or false' })
      .optional()
      .meta({ description: 'true imports rows dated more than a year after today' }),
  })
  .strict()
  .meta({ id: 'ImportReading' });
export type ImportReading = z.infer<typeof importReadingSchema>;

/** A statement of a file with several (OFX, QIF !Account, camt): its account, or null to skip it. */
export const importStatementTargetSchema = z
  .object({
    index: z
      .number()
      .int()
      .min(0)
      .max(IMPORT_STATEMENTS_MAX - 1),
    accountId: accountIdSchema.nullable(),
  })
  .strict();

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
  reading: importReadingSchema.optional(),
  statements: z.array(importStatementTargetSchema).max(IMPORT_STATEMENTS_MAX).optional().meta({
    description:
      'A file with several statements: the account of each (null: skip it); left out, the first goes to accountId and the others are not imported',
  }),
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
    statement: z.number().int().meta({ description: 'The statement of the file it belongs to' }),
    currency: z.string().nullable().meta({
      description:
        'The currency of its amount (ISO 4217): its account’s. A row the file states in another currency is a row error',
    }),
    writtenAmount: z.string().nullable().meta({
      description:
        'The amount as written, when it had more decimals than its currency has and was rounded (reading.roundSubCents)',
    }),
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
    total: z
      .number()
      .meta({ description: 'Signed sum of its entries, in units of its account’s currency' }),
    createdAt: isoDateTime,
    revertedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importChoiceSchema = z
  .object({
    kind: z.enum(IMPORT_CHOICE_KINDS),
    answer: z.string().meta({
      description:
        'Where an answer goes: reading.encoding, reading.dateOrder, mapping.dateOrder, statements…',
    }),
    chosen: z.string().meta({ description: 'What the preview used' }),
    options: z.array(z.string()),
    evidence: z.string().meta({ description: 'Why, in words: what in the file decided it' }),
    needsAnswer: z
      .boolean()
      .meta({ description: 'True: the file does not settle it and the commit needs an answer' }),
    rows: z.number().int().meta({ description: 'Rows it decides (or that would change)' }),
  })
  .meta({ id: 'ImportChoice' });
export type ImportChoice = z.infer<typeof importChoiceSchema>;

export const importStatementSchema = z
  .object({
    index: z.number().int(),
    label: z.string().meta({ description: 'How the file names it (account number, IBAN, name)' }),
    accountRef: z.string().nullable(),
    currency: z.string().nullable().meta({
      description:
        'The currency the file states for it (OFX CURDEF, camt Acct/Ccy), if any; a statement in another currency than its account is refused',
    }),
    accountId: z
      .string()
      .nullable()
      .meta({ description: 'The account its rows are previewed against (null: skipped)' }),
    rowCount: z.number().int(),
    balanceBefore: z.number().nullable(),
    balanceAfter: z.number().nullable(),
    floor: z.number().nullable(),
  })
  .meta({ id: 'ImportStatement' });

export const importPreviewSchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    encoding: z.enum(IMPORT_ENCODINGS),
    choices: z.array(importChoiceSchema),
    statements: z.array(importStatementSchema),
    unsupported: z
      .array(z.object({ label: z.string(), reason: z.string() }))
      .meta({ description: 'Parts of the file that cannot be imported (investment statements)' }),
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
    currency: z.string().meta({
      description: 'The currency of accountId, which its balances and rows are in (ISO 4217)',
    }),
    balanceBefore: z.number(),
    balanceAfter: z.number().meta({ description: 'With every new row imported' }),
    floor: z.number().meta({ description: 'The lowest balance allowed (minus the credit limit)' }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importPreviewOutput = envelope(importPreviewSchema);
/** The same answer with its rows unchecked: the server checks those a slice at a time. */
export const importPreviewShellOutput = envelope(
  importPreviewSchema.extend({ rows: z.array(z.unknown()) }),
);
export const importCommitOutput = envelope(
  z.object({
    batch: importBatchSchema.meta({ description: 'The first batch (the only one of most files)' }),
    account: accountSchema,
    batches: z
      .array(importBatchSchema)
      .meta({ description: 'One batch per statement imported, in file order' }),
    accounts: z.array(accountSchema).meta({ description: 'The accounts they went to, as now' }),
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
export const importUndoRevertOutput = envelope(
  z.object({
    batch: importBatchSchema,
    account: accountSchema,
    changeId: z.string().meta({ description: 'The undo recorded in the ledger history' }),
  }),
);

/** The request body the two routes carrying a file accept: the file in base64 and some JSON. */
export const IMPORT_BODY_LIMIT = BASE64_MAX + 256 * 1024;
