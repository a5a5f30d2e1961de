import { z } from 'zod';
import { MAX_OPERATION_CENTS, centsToUnits, formatCents, hasAtMostTwoDecimals } from '../money.js';

// Case spelled out and surrounding whitespace allowed (ids are trimmed first): JSON Schema has no
// regex flags, and the published pattern must accept exactly what the server does.
const UUID_PATTERN =
  /^\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\s*$/;
/** The same rule as a JSON Schema pattern, for parameters the document writes by hand. */
export const UUID_PATTERN_TEXT = UUID_PATTERN.source;

/**
 * The kinds of things an id in an input can name, each with the label its messages use and the
 * example the document shows. The one declaration of them: the kinds list, the type and the id
 * schemas below all come from it. An entry is a row of the ledger (the API calls it a
 * transaction); a change is one action recorded in an entry's history.
 */
const RESOURCE_IDS = {
  account: { label: 'Account', example: '8d5c6f0e-3f8a-4b4e-9a57-2b4b8f3f6c11' },
  category: { label: 'Category', example: '3b1f9a52-7c4d-4e8f-9a61-0d2c5e7b8f14' },
  categoryGroup: { label: 'Category group', example: '6a2e4c81-9b3d-4f7a-8c52-1e9d0b4a7c36' },
  entry: { label: 'Transaction', example: 'c4e8a1d7-2f5b-4c9e-b3a6-7d1e0f8b2a59' },
  transfer: { label: 'Transfer', example: 'e7b3c9f1-4a2d-4e6b-8f15-9c0a3d7e1b42' },
  change: { label: 'Change', example: 'f1d6b8e2-5c3a-4b7f-9e24-8a0c6d2f4e13' },
  importBatch: { label: 'Import', example: 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e13' },
  rule: { label: 'Rule', example: 'b4d6f8a0-2c3e-4a7b-9d1f-3e5a7b9d1f24' },
  rate: { label: 'Rate', example: 'c5e7a9b1-3d4f-4b8c-8e2a-4f6b8c0e2a35' },
  book: { label: 'Book', example: 'a8b0d2e4-6a7c-4ebf-9b5d-7c9e1f3b5d68' },
  /** A person in a shared book, named by their user id (docs/sharing.md). */
  member: { label: 'Member', example: 'd6f8b0c2-4e5a-4c9d-9f3b-5a7c9d1f3b46' },
  invitation: { label: 'Invitation', example: 'e7a9c1d3-5f6b-4dae-8a4c-6b8d0e2a4c57' },
  /** A row of a book's budget log (docs/budgets.md#the-log). */
  budgetAction: { label: 'Budget action', example: 'f8b0d2e4-6a7c-4e9f-8b5d-7c9e1f3a5b79' },
} as const;
export type ResourceKind = keyof typeof RESOURCE_IDS;
export const RESOURCE_KINDS = Object.keys(RESOURCE_IDS) as ResourceKind[];

/**
 * Meta for an id field: which kind of resource it names, published in the OpenAPI document as
 * `x-resource`. The tests read it to plant real ids of each kind (docs/architecture.md#procedures).
 */
function resourceMeta(kind: ResourceKind): { 'x-resource': ResourceKind } {
  return { 'x-resource': kind };
}

/**
 * An id of one kind of resource, from a path, query or body: trimmed and lower-cased. A missing
 * one says "<Label> ID is required", a malformed one "<Label> ID must be a UUID" (a 400); a
 * well-formed one the caller may not see is a 404 later.
 */
function idSchema(kind: ResourceKind) {
  const { label, example } = RESOURCE_IDS[kind];
  const required = `${label} ID is required`;
  const malformed = `${label} ID must be a UUID`;
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : malformed),
    })
    .trim()
    .min(1, { error: required })
    .regex(UUID_PATTERN, { error: malformed })
    .transform((id) => id.toLowerCase())
    .meta({ description: `${label} id (UUID)`, example, ...resourceMeta(kind) });
}

/** An account id. Malformed ids are a 400, unknown ones a 404 later. */
export const accountIdSchema = idSchema('account');
export const categoryIdSchema = idSchema('category');
export const categoryGroupIdSchema = idSchema('categoryGroup');
/** An entry of the ledger; the API calls it a transaction. */
export const entryIdSchema = idSchema('entry');
export const transferIdSchema = idSchema('transfer');
export const changeIdSchema = idSchema('change');
export const importBatchIdSchema = idSchema('importBatch');
export const ruleIdSchema = idSchema('rule');
export const rateIdSchema = idSchema('rate');
export const memberIdSchema = idSchema('member');
/** A book: in a path, or as the X-Book-Id / ?bookId= a call works on (docs/sharing.md). */
export const bookIdSchema = idSchema('book');
export const invitationIdSchema = idSchema('invitation');
export const budgetActionIdSchema = idSchema('budgetAction');

/**
 * PostgreSQL text cannot hold NUL; refusing it in the input keeps it a clear 400, not a driver
 * error. A pattern, not a refine: a `.regex()` check is published in the OpenAPI document, so a
 * client that reads only the document knows the rule too.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what it refuses
export const NO_NUL = /^[^\u0000]*$/;

/** Free text that may be left out; trimmed, at most `max` characters. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .regex(NO_NUL, { error: `${label} must not contain NUL characters` })
    .optional();
}

/**
 * What the document says of every amount: it is in its account's currency, with that currency's
 * decimals. The service judges the decimals and the bounds once it knows the currency
 * (docs/money.md#account-currency, decision 035).
 */
export const CURRENCY_AMOUNT_TEXT =
  "in the account's currency units; at most as many decimals as that currency has (JPY 0, USD 2, KWD 3)";

/**
 * A money amount: a JSON number above 0 in the account's currency units (an expense without an
 * account: the book's base currency). Strings are refused so that "12.345" cannot sneak in
 * through coercion. The decimals and the largest amount depend on the currency, so the service
 * checks them after loading the account, in the words of src/shared/currency-amounts.ts
 * ("Amount must have at most two decimal places" for USD, "JPY amounts have no decimals").
 */
export const amountSchema = z
  .number({
    error: (issue) => {
      if (issue.input === undefined) return 'Amount is required';
      if (typeof issue.input === 'number') return 'Amount must be a finite number';
      return 'Amount must be a number';
    },
  })
  .gt(0, { error: 'Amount must be greater than 0' })
  .meta({
    description: `Amount ${CURRENCY_AMOUNT_TEXT}; at most 1,000,000,000.00 USD (100,000,000,000 minor units in every currency)`,
    example: 12.5,
    'x-currency-amount': true,
  });

/**
 * The amount as it was judged before currencies: at most two decimals and 1,000,000,000.00, by
 * the schema. Only the transfers still take it, until their service judges each amount in its
 * account's currency as the others do (issue 23); nothing new should use it.
 */
export const twoDecimalAmountSchema = amountSchema
  .max(centsToUnits(MAX_OPERATION_CENTS), {
    error: `Amount must be at most ${formatCents(MAX_OPERATION_CENTS)}`,
  })
  .refine(hasAtMostTwoDecimals, { error: 'Amount must have at most two decimal places' })
  // multipleOf documents the two decimals; the refine checks them on the exact decimal value.
  .meta({
    description: 'Amount in currency units, at most two decimals',
    example: 12.5,
    multipleOf: 0.01,
  });

export const isoDateTime = z.iso.datetime({ offset: true });

/** Builds the success envelope schema `{ success: true, message?, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

/** The failure envelope of every REST route (see errors.ts for the codes). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string().meta({ description: 'A sentence a person can read' }),
  code: z.string().meta({ description: 'Stable machine code, e.g. INSUFFICIENT_FUNDS' }),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .meta({ description: 'Every validation problem, for 400s' }),
  requestId: z.string().meta({ description: 'Quote it when reporting a problem' }),
});
