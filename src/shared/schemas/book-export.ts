import { z } from 'zod';
import {
  CATEGORIES_PER_BOOK_MAX,
  DESCRIPTION_MAX,
  SPLIT_LINES_MAX,
  SPLIT_LINES_MIN,
  SPLIT_NOTE_MAX,
} from '../limits.js';
import { ACCOUNTS_PER_BOOK_MAX } from '../usage-limits.js';
import { MAX_BALANCE_CENTS, MAX_OPERATION_CENTS, formatCents, sumCents } from '../money.js';
import {
  accountColorSchema,
  accountIconSchema,
  accountTitleSchema,
  accountTypeSchema,
} from './account.js';
import { baseCurrencySchema, bookNameSchema, timeZoneSchema } from './book.js';
import {
  CATEGORY_KINDS,
  categoryColorSchema,
  categoryGroupNameSchema,
  categoryIconSchema,
  categoryNameSchema,
} from './category.js';
import { MAX_YEAR, MIN_YEAR } from '../dates.js';
import { isCurrencyCode, isRateCurrencyCode } from '../currencies.js';
import { RATE_SOURCES, rateDecimalSchema } from './rate.js';
import {
  BUDGET_ACTION_KINDS,
  GOAL_KINDS,
  ROLLOVER_RULES,
  budgetMonthSchema,
  budgetSettingsSchema,
} from './budget.js';
import { envelope, isoDateTime, optionalText } from './common.js';
import { calendarDateSchema, payeeSchema, tagsSchema } from './entry-fields.js';
import { CHANGE_KINDS, ENTRY_TYPES } from './history.js';

/**
 * The full export of a book as one JSON file, and what a restore accepts
 * (docs/analytics.md#full-export-and-restore). Money is a decimal string of cents, as in the
 * history snapshots, so nothing passes through a float. Ids are the book's own; a restore gives
 * every row a new id and keeps the links.
 *
 * Every field is checked exactly as the API checks the same field (the API's own field schemas:
 * titles, names, descriptions, payees, tags, colours, icons, dates, the time zone), amounts
 * within the API's limits, and every list has a most items: a restore accepts nothing the API
 * would refuse. The JSON Schema of this file is docs/book-export.schema.json (generated from
 * this schema, and checked against it by tests/integration/book-export.test.ts).
 */

export const BOOK_EXPORT_FORMAT = 'expense-tracker-book';
export const BOOK_EXPORT_VERSION = 1;

/**
 * The most items of each list of a file. Categories and groups are capped per book by the API
 * (CATEGORIES_PER_BOOK_MAX, deleted ones are gone). Nothing caps how many entries, changes,
 * budget actions or deleted accounts a book may gather, so those lists are capped by what the largest restore body
 * (RESTORE_BODY_BYTES_MAX, 16 MiB) can carry: each cap is at least 16 MiB divided by the length
 * of the shortest record of its kind (tests/integration/restore-validation.test.ts checks that), so no file under
 * the body limit is refused for its length alone, and the work a file can cause stays bounded.
 * Live accounts are capped as in the API (ACCOUNTS_PER_BOOK_MAX), checked with the whole file.
 */
export const RESTORE_ITEMS_MAX = {
  accounts: 84_000,
  categoryGroups: CATEGORIES_PER_BOOK_MAX,
  categories: CATEGORIES_PER_BOOK_MAX,
  entries: 57_000,
  splits: 153_000,
  transfers: 85_000,
  changes: 131_000,
  history: 57_000,
  rates: 240_000,
  budgetActions: 72_000,
  // One goal per category at most.
  budgetGoals: CATEGORIES_PER_BOOK_MAX,
} as const;
/** Live (not deleted) accounts in a file: as many as a book may hold. */
export const RESTORE_LIVE_ACCOUNTS_MAX = ACCOUNTS_PER_BOOK_MAX;
/** An entry's version (an integer column). */
const VERSION_MAX = 2_147_483_647;

const uuid = z.uuid({ error: 'Must be a UUID' });

/** An instant, ISO 8601 with its offset, in the years every database and client handles. */
const instant = isoDateTime.refine(
  (text) => Number(text.slice(0, 4)) >= MIN_YEAR && Number(text.slice(0, 4)) <= MAX_YEAR,
  { error: `Must be a time between the years ${MIN_YEAR} and ${MAX_YEAR}` },
);

const POSITIVE_CENTS = /^[1-9]\d{0,11}$/;

/** Whole cents above 0 and at most what one operation may move, as a decimal string. */
function amountCents(label: string) {
  return (
    z
      .string({ error: `${label} must be whole cents above 0 as a decimal string` })
      .regex(POSITIVE_CENTS, {
        error: `${label} must be whole cents above 0 as a decimal string`,
      })
      // Checked only once the text is cents (zod runs every check, even after one failed).
      .refine((text) => !POSITIVE_CENTS.test(text) || BigInt(text) <= MAX_OPERATION_CENTS, {
        error: `${label} must be at most ${MAX_OPERATION_CENTS} (${formatCents(MAX_OPERATION_CENTS)})`,
      })
  );
}

/** The free texts, as the API takes them (trimmed, at most so long, no NUL). */
const descriptionText = optionalText('Description', DESCRIPTION_MAX).unwrap();
const payeeText = payeeSchema.unwrap();
const noteText = optionalText('Note', SPLIT_NOTE_MAX).unwrap();
const occurredOn = calendarDateSchema('occurredOn');

/** A list of at most `max` items. */
function listOf<T extends z.ZodType>(label: string, item: T, max: number) {
  return z
    .array(item, { error: `${label} must be a list` })
    .max(max, { error: `A file holds at most ${max} ${label}` });
}

/** A currency of money (an account's): a current ISO 4217 code. */
const CURRENCY_MESSAGE = 'currency must be a current ISO 4217 code such as EUR';
const accountCurrency = z
  .string({ error: CURRENCY_MESSAGE })
  .regex(/^[A-Z]{3}$/, { error: CURRENCY_MESSAGE })
  .refine((code) => !/^[A-Z]{3}$/.test(code) || isCurrencyCode(code), { error: CURRENCY_MESSAGE });

/** A currency a rate may name: withdrawn codes old rate files quote too (docs/rates.md). */
function rateCurrency(label: string) {
  const message = `${label} must be an ISO 4217 currency code such as EUR`;
  return z
    .string({ error: message })
    .regex(/^[A-Z]{3}$/, { error: message })
    .refine((code) => !/^[A-Z]{3}$/.test(code) || isRateCurrencyCode(code), { error: message });
}

const BALANCE_PATTERN = /^(0|-?[1-9]\d{0,13})$/;
const CREDIT_LIMIT_PATTERN = /^(0|[1-9]\d{0,13})$/;

const accountRecord = z
  .object({
    id: uuid,
    title: accountTitleSchema,
    description: descriptionText,
    icon: accountIconSchema,
    color: accountColorSchema,
    // Files written before account types had none: restored with the default for the icon.
    type: accountTypeSchema.optional().meta({
      description:
        'What kind of account it is; files without it restore credit-card for the credit-card icon, else other',
    }),
    // Files written before currencies have none: every account was USD.
    currency: accountCurrency.optional().meta({
      description:
        'The account’s currency (ISO 4217); its amounts are minor units of it. Files without it restore USD',
    }),
    // Files written before budgets have none: restored with the default for the type.
    onBudget: z.boolean().optional().meta({
      description:
        'Whether its money can be assigned in the budget (docs/budgets.md); files without it restore false for a loan, else true',
    }),
    // Fourteen digits at most: within ±MAX_BALANCE_CENTS, as every balance is.
    balanceCents: z.string().regex(BALANCE_PATTERN, {
      error: `balanceCents must be whole cents as a decimal string, at most ${MAX_BALANCE_CENTS} either way`,
    }),
    creditLimitCents: z.string().regex(CREDIT_LIMIT_PATTERN, {
      error: `creditLimitCents must be whole cents from 0 to ${MAX_BALANCE_CENTS} as a decimal string`,
    }),
    createdAt: instant,
    deleted: z.boolean(),
  })
  .strict();

const position = z.number().int().min(0).max(1_000_000);

const groupRecord = z
  .object({
    id: uuid,
    name: categoryGroupNameSchema,
    kind: z.enum(CATEGORY_KINDS),
    position,
    archived: z.boolean(),
  })
  .strict();

const categoryRecord = z
  .object({
    id: uuid,
    groupId: uuid,
    name: categoryNameSchema,
    icon: categoryIconSchema,
    color: categoryColorSchema,
    position,
    archived: z.boolean(),
  })
  .strict();

export const EXPORT_ENTRY_TYPES = ENTRY_TYPES;

const entryRecord = z
  .object({
    id: uuid,
    accountId: uuid.nullable(),
    type: z.enum(ENTRY_TYPES),
    amountCents: amountCents('amountCents'),
    description: descriptionText,
    occurredOn,
    categoryId: uuid.nullable(),
    payee: payeeText,
    tags: tagsSchema,
    transferId: uuid.nullable(),
    cleared: z.enum(['cleared', 'reconciled']).optional().meta({
      description:
        'Seen on a statement, or reconciled (docs/ledger.md#reconciliation); absent: uncleared',
    }),
    version: z.number().int().min(1).max(VERSION_MAX),
    deleted: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
  })
  .strict();

const splitRecord = z
  .object({
    entryId: uuid,
    position: z
      .number()
      .int()
      .min(0)
      .max(SPLIT_LINES_MAX - 1),
    categoryId: uuid.nullable(),
    amountCents: amountCents('amountCents'),
    note: noteText,
  })
  .strict();

const transferRecord = z
  .object({
    id: uuid,
    fromAccountId: uuid,
    toAccountId: uuid,
    amountCents: amountCents('amountCents').meta({
      description: 'What left the source account, in minor units of its currency',
    }),
    // Only between accounts of two currencies; files written before them have none.
    receivedAmountCents: amountCents('receivedAmountCents').optional().meta({
      description:
        'What arrived, in minor units of the destination’s currency, when the two accounts’ currencies differ; left out: the same as amountCents',
    }),
    occurredOn,
  })
  .strict();

const changeRecord = z
  .object({
    id: uuid,
    kind: z.enum(CHANGE_KINDS),
    undoesId: uuid.nullable(),
    undoneById: uuid.nullable(),
    createdAt: instant,
  })
  .strict();

/** A rate of the book's table (docs/rates.md), whatever its source. */
const rateRecord = z
  .object({
    base: rateCurrency('base'),
    quote: rateCurrency('quote'),
    day: calendarDateSchema('day'),
    rate: rateDecimalSchema,
    source: z.enum(RATE_SOURCES),
  })
  .strict()
  .refine((rate) => rate.base !== rate.quote, {
    error: 'base and quote must be different currencies',
    path: ['quote'],
  });

/** The bounds of budget_actions' amount columns (migrations/20261210000000_budgets.sql). */
export const BUDGET_ACTION_CENTS_MAX = 200_000_000_000n;
export const BUDGET_CAP_CENTS_MAX = 100_000_000_000n;
const SIGNED_CENTS = /^(0|-?[1-9]\d{0,11})$/;
const CENTS = /^(0|[1-9]\d{0,11})$/;

/** Whole cents, signed, at most `max` either way, as a decimal string. */
function signedCents(label: string, max: bigint) {
  const message = `${label} must be whole cents as a decimal string, at most ${max} either way`;
  return z
    .string({ error: message })
    .regex(SIGNED_CENTS, { error: message })
    .refine((text) => !SIGNED_CENTS.test(text) || (BigInt(text) <= max && BigInt(text) >= -max), {
      error: message,
    });
}

/**
 * A row of the book's budget log (docs/budgets.md#the-log), in the order the log recorded them.
 * Each row alone keeps the table's rules: a rule only on a rollover row, a cap only with the
 * rule capped, and an undo, only an undo, names the row it undoes; the rest (links, categories,
 * what each kind holds) only the whole file shows (restore-check.ts).
 */
const budgetActionRecord = z
  .object({
    id: uuid,
    month: budgetMonthSchema('month'),
    kind: z.enum(BUDGET_ACTION_KINDS),
    categoryId: uuid.nullable().meta({ description: 'Where money went (null: To assign)' }),
    fromCategoryId: uuid.nullable().meta({ description: 'Where it came from (null: To assign)' }),
    amountCents: signedCents('amountCents', BUDGET_ACTION_CENTS_MAX).meta({
      description:
        "Signed, in minor units of the book's base currency: what moved into categoryId from fromCategoryId (assign: the difference the new figure made; hold: the change of the amount held)",
    }),
    rollover: z
      .object({
        rule: z.enum(ROLLOVER_RULES),
        capCents: z
          .string({ error: 'capCents must be whole cents as a decimal string' })
          .regex(CENTS, { error: 'capCents must be whole cents as a decimal string' })
          .refine((text) => !CENTS.test(text) || BigInt(text) <= BUDGET_CAP_CENTS_MAX, {
            error: `capCents must be at most ${BUDGET_CAP_CENTS_MAX}`,
          })
          .nullable()
          .meta({ description: 'The cap of rule capped, else null' }),
      })
      .strict()
      .nullable()
      .meta({ description: 'A rollover row’s rule, from its month on; null on every other kind' }),
    undoesId: uuid.nullable(),
    undoneById: uuid.nullable(),
    counts: z.boolean().meta({ description: 'false once undone (an undo of that undo: true)' }),
    createdAt: instant,
  })
  .strict()
  .superRefine((row, ctx) => {
    if ((row.kind === 'rollover') !== (row.rollover !== null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'A rollover row, and only one, has a rule',
        path: ['rollover'],
      });
    } else if (
      row.rollover &&
      (row.rollover.rule === 'capped') !== (row.rollover.capCents !== null)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'A cap goes with the rule capped, and only with it',
        path: ['rollover', 'capCents'],
      });
    }
    if ((row.kind === 'undo') !== (row.undoesId !== null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'An undo row, and only one, names the row it undoes',
        path: ['undoesId'],
      });
    }
  });

/** A spending category's goal (docs/budgets.md#goals); at most one per category. */
const budgetGoalRecord = z
  .object({
    categoryId: uuid,
    kind: z.enum(GOAL_KINDS),
    amountCents: amountCents('amountCents').meta({
      description: "In minor units of the book's base currency",
    }),
    targetMonth: budgetMonthSchema('targetMonth')
      .nullable()
      .meta({ description: 'The month a by-date goal is due; null for the other kinds' }),
    createdAt: instant,
    updatedAt: instant,
  })
  .strict()
  .refine((goal) => (goal.kind === 'by-date') === (goal.targetMonth !== null), {
    error: 'A target month goes with a by-date goal, and only with it',
    path: ['targetMonth'],
  });

/** The names a history row's `fields` may list (src/server/features/ledger/changes/entry-state.ts). */
export const HISTORY_FIELDS = [
  'accountId',
  'type',
  'amount',
  'occurredOn',
  'description',
  'payee',
  'categoryId',
  'tags',
  'splits',
  'deleted',
  'cleared',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

const SPLITTABLE = new Set<string>(['withdraw', 'expense']);
const LEGS = new Set<string>(['transfer_in', 'transfer_out']);

/** The parts of an entry's state the ledger's rules look at, amounts in cents. */
export interface EntryStateShape {
  accountId: string | null;
  type: string;
  amountCents: bigint;
  categoryId: string | null;
  payee: string;
  tags: readonly string[];
  splits: readonly { amountCents: bigint }[];
}

/**
 * Why an entry in this state breaks a rule of the ledger (docs/ledger.md#splits,
 * docs/ledger.md#transfers), or null when it keeps them all: only an expense may have no
 * account; a transfer leg has an account and no category, payee, tags or split lines; only
 * uncategorised expenses and withdrawals are split, in SPLIT_LINES_MIN to SPLIT_LINES_MAX lines
 * above 0 that add up to the amount exactly. The restore checks every history snapshot with it,
 * and the change engine every state it would write.
 */
export function entryStateProblem(state: EntryStateShape): string | null {
  if (state.amountCents <= 0n || state.amountCents > MAX_OPERATION_CENTS) {
    return `the amount must be above 0 and at most ${formatCents(MAX_OPERATION_CENTS)}`;
  }
  if (state.accountId === null && state.type !== 'expense') {
    return 'only an expense may have no account';
  }
  if (
    LEGS.has(state.type) &&
    (state.categoryId !== null ||
      state.payee !== '' ||
      state.tags.length > 0 ||
      state.splits.length > 0)
  ) {
    return 'a transfer leg carries no category, payee, tags or split lines';
  }
  if (state.splits.length === 0) return null;
  if (!SPLITTABLE.has(state.type)) return 'only expenses and withdrawals can be split';
  if (state.categoryId !== null) return 'a split entry has no category of its own';
  if (state.splits.length < SPLIT_LINES_MIN || state.splits.length > SPLIT_LINES_MAX) {
    return `a split has ${SPLIT_LINES_MIN} to ${SPLIT_LINES_MAX} lines`;
  }
  if (state.splits.some((line) => line.amountCents <= 0n)) return 'split lines must be above 0';
  const total = sumCents(state.splits.map((line) => line.amountCents));
  if (total !== state.amountCents) {
    return `the split lines add up to ${formatCents(total)}, not ${formatCents(state.amountCents)}`;
  }
  return null;
}

/**
 * An entry's state in its history: the snapshot object of docs/ledger.md#history-and-undo, with
 * every field checked as the API checks it and the ledger's rules (entryStateProblem) on top.
 * The same schema reads the snapshots stored in the database before an undo applies one.
 */
export const storedSnapshotSchema = z
  .object({
    accountId: uuid.nullable(),
    type: z.enum(ENTRY_TYPES),
    amountCents: amountCents('amountCents'),
    occurredOn,
    description: descriptionText,
    payee: payeeText,
    categoryId: uuid.nullable(),
    tags: tagsSchema,
    splits: z
      .array(
        z
          .object({
            categoryId: uuid.nullable(),
            amountCents: amountCents('amountCents'),
            note: noteText,
          })
          .strict(),
      )
      .max(SPLIT_LINES_MAX, { error: `A split has at most ${SPLIT_LINES_MAX} lines` }),
    deleted: z.boolean(),
    cleared: z.enum(['cleared', 'reconciled']).optional().meta({
      description:
        'Seen on a statement, or reconciled (docs/ledger.md#reconciliation); absent: uncleared',
    }),
  })
  .strict()
  .superRefine((snapshot, ctx) => {
    // Only a snapshot whose fields are all well formed is checked as a whole.
    const amounts = [snapshot.amountCents, ...snapshot.splits.map((line) => line.amountCents)];
    if (!amounts.every((text) => POSITIVE_CENTS.test(text))) return;
    const problem = entryStateProblem({
      ...snapshot,
      amountCents: BigInt(snapshot.amountCents),
      splits: snapshot.splits.map((line) => ({ amountCents: BigInt(line.amountCents) })),
    });
    if (problem)
      ctx.addIssue({ code: 'custom', message: `This entry state is invalid: ${problem}` });
  });
export type StoredSnapshotRecord = z.infer<typeof storedSnapshotSchema>;

const historyRecord = z
  .object({
    changeId: uuid,
    entryId: uuid,
    fields: z.array(z.enum(HISTORY_FIELDS)).max(HISTORY_FIELDS.length),
    before: storedSnapshotSchema
      .nullable()
      .meta({ description: 'null when the change created the entry' }),
    after: storedSnapshotSchema,
  })
  .strict();

/** The records of each list of a file: the restore checks them a slice at a time. */
export const BOOK_EXPORT_ITEMS = {
  accounts: accountRecord,
  categoryGroups: groupRecord,
  categories: categoryRecord,
  entries: entryRecord,
  splits: splitRecord,
  transfers: transferRecord,
  changes: changeRecord,
  history: historyRecord,
  rates: rateRecord,
  budgetActions: budgetActionRecord,
  budgetGoals: budgetGoalRecord,
} as const;
export type BookExportList = keyof typeof BOOK_EXPORT_ITEMS;
/** The lists of a file, in the order the file (and its schema) has them. */
export const BOOK_EXPORT_LISTS = Object.keys(BOOK_EXPORT_ITEMS) as BookExportList[];

const LIST_LABELS: Record<BookExportList, string> = {
  accounts: 'accounts',
  categoryGroups: 'category groups',
  categories: 'categories',
  entries: 'entries',
  splits: 'split lines',
  transfers: 'transfers',
  changes: 'changes',
  history: 'history rows',
  rates: 'rates',
  budgetActions: 'budget actions',
  budgetGoals: 'budget goals',
};

/** Lists a file may leave out, having been written before they existed: restored empty. */
export const OPTIONAL_LISTS: ReadonlySet<BookExportList> = new Set<BookExportList>([
  'rates',
  'budgetActions',
  'budgetGoals',
]);

const bookExportShape = {
  format: z.literal(BOOK_EXPORT_FORMAT),
  version: z.literal(BOOK_EXPORT_VERSION),
  exportedAt: instant,
  book: z
    .object({
      name: bookNameSchema,
      timeZone: timeZoneSchema.nullable(),
      // Files written before base currencies have none: restored as USD, what every book was.
      baseCurrency: baseCurrencySchema.optional().meta({
        description: 'The book’s base currency; files without it restore USD',
      }),
      // Files written before card envelopes have none: restored off, what every book had.
      cardEnvelopes: z
        .boolean({ error: 'cardEnvelopes must be true or false' })
        .optional()
        .meta({ description: 'Credit cards get budget payment envelopes; files without it: off' }),
      // Files written before budget periods have none: restored as calendar months.
      budgetPeriod: z
        .object({
          startDay: budgetSettingsSchema.shape.periodStartDay,
          weekend: budgetSettingsSchema.shape.periodWeekend,
        })
        .strict()
        .optional()
        .meta({
          description:
            'The day budget months start on and what a start on a weekend does; files without it: calendar months',
        }),
    })
    .strict(),
  accounts: listOf(LIST_LABELS.accounts, accountRecord, RESTORE_ITEMS_MAX.accounts),
  categoryGroups: listOf(LIST_LABELS.categoryGroups, groupRecord, RESTORE_ITEMS_MAX.categoryGroups),
  categories: listOf(LIST_LABELS.categories, categoryRecord, RESTORE_ITEMS_MAX.categories),
  entries: listOf(LIST_LABELS.entries, entryRecord, RESTORE_ITEMS_MAX.entries).meta({
    description: 'In the order they were recorded',
  }),
  splits: listOf(LIST_LABELS.splits, splitRecord, RESTORE_ITEMS_MAX.splits),
  transfers: listOf(LIST_LABELS.transfers, transferRecord, RESTORE_ITEMS_MAX.transfers),
  changes: listOf(LIST_LABELS.changes, changeRecord, RESTORE_ITEMS_MAX.changes).meta({
    description: 'In the order they were made',
  }),
  history: listOf(LIST_LABELS.history, historyRecord, RESTORE_ITEMS_MAX.history).meta({
    description: 'In the order they were written',
  }),
  // Files written before currencies have none: restored without rates.
  rates: listOf(LIST_LABELS.rates, rateRecord, RESTORE_ITEMS_MAX.rates).optional().meta({
    description:
      'The book’s exchange rates, every source (docs/rates.md); files without it restore none',
  }),
  // Files written before budgets have none: restored with an empty budget log.
  budgetActions: listOf(
    LIST_LABELS.budgetActions,
    budgetActionRecord,
    RESTORE_ITEMS_MAX.budgetActions,
  )
    .optional()
    .meta({
      description:
        'The book’s budget log (docs/budgets.md#the-log), in the order it was recorded; files without it restore an empty log',
    }),
  // Files written before goals have none: restored without goals.
  budgetGoals: listOf(LIST_LABELS.budgetGoals, budgetGoalRecord, RESTORE_ITEMS_MAX.budgetGoals)
    .optional()
    .meta({
      description:
        'The goals of the book’s spending categories (docs/budgets.md#goals); files without it restore none',
    }),
};

export const bookExportSchema = z
  .object(bookExportShape)
  .strict()
  .meta({ id: 'BookExport', title: 'Expense Tracker book export' });
export type BookExport = z.infer<typeof bookExportSchema>;

/**
 * The same file with the records of its lists left unchecked (`unknown`): its shape and the
 * length of each list. The restore checks this first, then the records of each list a slice at
 * a time with BOOK_EXPORT_ITEMS, so a large file never holds the server for long; the published
 * schema stays bookExportSchema (src/server/features/export/restore-input.ts).
 */
export const bookExportShellSchema = z
  .object({
    ...bookExportShape,
    ...(Object.fromEntries(
      BOOK_EXPORT_LISTS.map((name) => {
        const list = listOf(LIST_LABELS[name], z.unknown(), RESTORE_ITEMS_MAX[name]);
        return [name, OPTIONAL_LISTS.has(name) ? list.optional() : list];
      }),
    ) as Record<BookExportList, z.ZodArray<z.ZodUnknown>>),
  })
  .strict();

/**
 * A book as GET /api/book/export answers it: the same records, each list as long as the book
 * (only a restore is bounded, by RESTORE_ITEMS_MAX and its body limit).
 */
export const exportedBookSchema = z
  .object({
    ...bookExportShape,
    ...(Object.fromEntries(
      BOOK_EXPORT_LISTS.map((name) => [name, z.array(BOOK_EXPORT_ITEMS[name])]),
    ) as { [K in BookExportList]: z.ZodArray<(typeof BOOK_EXPORT_ITEMS)[K]> }),
  })
  .strict()
  .meta({ id: 'ExportedBook', title: 'Expense Tracker book export' });
/** A book as the export answers it: every list there, rates included. */
export type ExportedBook = z.infer<typeof exportedBookSchema>;

/** The same with its lists' records left unchecked: what the export's answer is checked against first. */
export const exportedBookShellSchema = z
  .object({
    ...bookExportShape,
    ...(Object.fromEntries(BOOK_EXPORT_LISTS.map((name) => [name, z.array(z.unknown())])) as Record<
      BookExportList,
      z.ZodArray<z.ZodUnknown>
    >),
  })
  .strict();

export const bookExportOutput = envelope(exportedBookSchema);
export const bookExportShellOutput = envelope(exportedBookShellSchema);

/** POST /api/book/restore: the file, as exported. */
export const restoreBookInput = z.object({ file: bookExportSchema });
export type RestoreBookInput = z.infer<typeof restoreBookInput>;
/** The same input with the file's lists unchecked (see bookExportShellSchema). */
export const restoreBookShellInput = z.object({ file: bookExportShellSchema });

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
