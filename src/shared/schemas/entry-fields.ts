import { z } from 'zod';
import {
  CALENDAR_DATE_PATTERN,
  CALENDAR_DATE_RANGE_PATTERN,
  MAX_YEAR,
  MIN_YEAR,
  isCalendarDate,
} from '../dates.js';
import {
  PAYEE_MAX,
  SPLIT_LINES_MAX,
  SPLIT_LINES_MIN,
  SPLIT_NOTE_MAX,
  TAGS_MAX,
  TAG_MAX,
} from '../limits.js';
import { sumCents, unitsToCents } from '../money.js';
import { DEFAULT_CURRENCY } from '../currencies.js';
import { boundText } from '../currency-amounts.js';
import { amountSchema, categoryIdSchema, NO_NUL, optionalText } from './common.js';

/**
 * The fields an entry carries besides its amount (docs/ledger.md#entries), shared by the
 * inputs that create or change entries and transfers.
 */

/**
 * A calendar date 'YYYY-MM-DD' (an entry's occurredOn, a filter bound): never an instant. Taken
 * as sent, not trimmed, so that the published `format: date` and year pattern (the refine's rule,
 * which the document cannot run) accept exactly what the server does.
 */
export function calendarDateSchema(label: string) {
  const shape = `${label} must be a date like 2025-03-31`;
  return z
    .string({ error: shape })
    .regex(new RegExp(CALENDAR_DATE_PATTERN), { error: shape })
    .refine(isCalendarDate, {
      error: `${label} must be a real date between the years ${MIN_YEAR} and ${MAX_YEAR}`,
    })
    .meta({ example: '2025-03-31', format: 'date', pattern: CALENDAR_DATE_RANGE_PATTERN });
}

/** The day the money moved, as the person says; back-dating is allowed. */
export const occurredOnSchema = calendarDateSchema('occurredOn').meta({
  description:
    "The day it happened (YYYY-MM-DD); left out: today in the book's time zone (UTC until one is set)",
});

export const payeeSchema = optionalText('Payee', PAYEE_MAX).meta({
  description: `Who was paid or paid you, free text up to ${PAYEE_MAX} characters ('' for none)`,
});

/** One tag: trimmed and lower-cased, so "Trip" and " trip" are the same tag. */
const tagSchema = z
  .string({ error: 'Each tag must be text' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'A tag must not be blank' })
  .max(TAG_MAX, { error: `Each tag must be at most ${TAG_MAX} characters` })
  .regex(/^[^,]*$/, { error: 'A tag must not contain commas' })
  .regex(NO_NUL, { error: 'A tag must not contain NUL characters' });

/** Tags of an entry: at most TAGS_MAX, each once (repeats are dropped, first one kept). */
export const tagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list of text' })
  .max(TAGS_MAX, { error: `At most ${TAGS_MAX} tags per transaction` })
  .transform((tags) => [...new Set(tags)])
  .meta({ description: `Up to ${TAGS_MAX} tags, ${TAG_MAX} characters each, no commas` });

/** A category, or null for uncategorised. */
export const entryCategorySchema = categoryIdSchema.nullish();

/** What deposits, withdrawals and expenses may carry besides amount and description. */
export const entryExtrasShape = {
  occurredOn: occurredOnSchema.optional(),
  categoryId: entryCategorySchema,
  payee: payeeSchema,
  tags: tagsSchema.optional(),
};

/** One line of a split entry in an input. */
export const splitLineInput = z.object({
  categoryId: categoryIdSchema.nullish(),
  amount: amountSchema,
  note: optionalText('Note', SPLIT_NOTE_MAX),
});
export type SplitLineInput = z.infer<typeof splitLineInput>;

/** The lines of a split expense or withdrawal; they must add up to its amount exactly. */
export const splitLinesSchema = z
  .array(splitLineInput, { error: 'Splits must be a list of lines' })
  .min(SPLIT_LINES_MIN, { error: `A split needs at least ${SPLIT_LINES_MIN} lines` })
  .max(SPLIT_LINES_MAX, { error: `A split has at most ${SPLIT_LINES_MAX} lines` })
  .meta({
    description: `${SPLIT_LINES_MIN} to ${SPLIT_LINES_MAX} lines whose amounts add up to the amount exactly`,
  });

/**
 * Why split lines do not fit an amount, or null when they add up exactly: the refusal names both
 * figures and the difference, computed in cents.
 */
export function splitMismatch(amount: number, lines: readonly { amount: number }[]): string | null {
  return splitMismatchIn(
    unitsToCents(amount),
    lines.map((line) => unitsToCents(line.amount)),
    DEFAULT_CURRENCY,
  );
}

/**
 * The same in minor units of any currency: the figures are written with its decimals (an
 * exponent-2 currency as always, "10.00"; another with its code, "1,200 JPY").
 */
export function splitMismatchIn(
  expected: bigint,
  lines: readonly bigint[],
  currency: string,
): string | null {
  const total = sumCents(lines);
  if (total === expected) return null;
  const difference = total > expected ? total - expected : expected - total;
  const text = (minorUnits: bigint) => boundText(minorUnits, currency);
  return (
    `The split lines add up to ${text(total)}, not ${text(expected)} ` +
    `(${text(difference)} ${total > expected ? 'too much' : 'short'})`
  );
}

/**
 * The person confirmed changing a reconciled entry's amount, date or account, or deleting it
 * (docs/ledger.md#reconciliation); without it such a change is refused with 409 RECONCILED_ENTRY.
 */
export const confirmReconciledSchema = z
  .boolean({ error: 'confirmReconciled must be true or false' })
  .optional()
  .meta({
    description:
      'true: change it even if it is reconciled; left out, a change to a reconciled entry is a 409 RECONCILED_ENTRY',
  });

/** The same confirmation in a query string (DELETE routes): `confirmReconciled=true`. */
export const confirmReconciledQuerySchema = z
  .enum(['true'], { error: "confirmReconciled must be 'true' when sent" })
  .optional()
  .meta({
    description:
      'true: delete it even if it is reconciled; left out, deleting a reconciled entry is a 409 RECONCILED_ENTRY',
  });

/** Fields of an edit's input that are not changes to the entry. */
export const NOT_CHANGES: ReadonlySet<string> = new Set([
  'id',
  'expectedVersion',
  'confirmReconciled',
]);

/** An optional expectedVersion: an edit is refused (409) when the entry has moved on. */
export const expectedVersionSchema = z
  .number({ error: 'expectedVersion must be a whole number' })
  .int({ error: 'expectedVersion must be a whole number' })
  .min(1, { error: 'expectedVersion must be at least 1' })
  .optional()
  .meta({ description: 'The version you saw; a different current version is a 409' });
