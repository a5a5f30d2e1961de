import { z } from 'zod';
import {
  MAX_BALANCE_CENTS,
  MAX_OPERATION_CENTS,
  centsToUnits,
  formatCents,
  hasAtMostTwoDecimals,
  unitsToCents,
} from '../money.js';
import {
  accountIdSchema,
  amountSchema,
  envelope,
  isoDateTime,
  NO_NUL,
  optionalText,
} from './common.js';
import { calendarDateSchema, entryExtrasShape } from './entry-fields.js';

import {
  ACCOUNT_ICONS,
  ACCOUNT_TYPES,
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  DESCRIPTION_MAX,
  TITLE_MAX,
} from '../limits.js';

// Kept in limits.ts so the web app reads them without zod; re-exported for the server's imports.
export {
  ACCOUNT_ICONS,
  ACCOUNT_TYPES,
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  DESCRIPTION_MAX,
  TITLE_MAX,
};

export const accountIconSchema = z.enum(ACCOUNT_ICONS, {
  error: 'Icon must be "wallet" or "credit-card"',
});

/** What kind of account it is (docs/ledger.md#account-types): a label, not a money rule. */
export const accountTypeSchema = z
  .enum(ACCOUNT_TYPES, {
    error: 'Type must be one of cash, checking, savings, credit-card, loan or other',
  })
  .meta({
    description:
      'What kind of account it is; left out on creation: credit-card with the credit-card icon, else other',
  });

export const accountColorSchema = z
  .string({ error: 'Color must be text' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Color must be a hex color like #10b981' });

export const accountTitleSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Title is required' : 'Title must be text'),
  })
  .trim()
  .min(1, { error: 'Title is required' })
  .max(TITLE_MAX, { error: `Title must be at most ${TITLE_MAX} characters` })
  // Always true once trimmed and non-empty: published so the document says blank titles are refused.
  .regex(/\S/, { error: 'Title is required' })
  .regex(NO_NUL, { error: 'Title must not contain NUL characters' })
  .meta({
    description: `Surrounding whitespace is trimmed; 1 to ${TITLE_MAX} characters are left`,
    example: 'Wallet',
  });

/**
 * How far below zero a balance may go, in currency units: 0 (not at all) up to the balance cap,
 * at most two decimals (docs/ledger.md#credit).
 */
export const creditLimitSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Credit limit is required' : 'Credit limit must be a number',
  })
  .min(0, { error: 'Credit limit must be 0 or more' })
  .max(centsToUnits(MAX_BALANCE_CENTS), {
    error: `Credit limit must be at most ${formatCents(MAX_BALANCE_CENTS)}`,
  })
  .refine(hasAtMostTwoDecimals, { error: 'Credit limit must have at most two decimal places' })
  .meta({
    description: 'How far below zero the balance may go (0: not at all), in currency units',
    example: 500,
    multipleOf: 0.01,
  });

/**
 * The balance an account starts with, recorded as its first entry (docs/ledger.md#opening-balance):
 * positive a deposit, negative a withdrawal within the credit limit, 0 none.
 */
export const openingBalanceSchema = z
  .number({
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'Opening balance must be a finite number'
        : 'Opening balance must be a number',
  })
  .min(-centsToUnits(MAX_OPERATION_CENTS), {
    error: `Opening balance must be at least -${formatCents(MAX_OPERATION_CENTS)}`,
  })
  .max(centsToUnits(MAX_OPERATION_CENTS), {
    error: `Opening balance must be at most ${formatCents(MAX_OPERATION_CENTS)}`,
  })
  .refine(hasAtMostTwoDecimals, { error: 'Opening balance must have at most two decimal places' })
  .meta({
    description:
      'Recorded as the first entry ("Opening balance"): a deposit, or below 0 a withdrawal within the credit limit; 0 or left out: none',
    example: 250,
    multipleOf: 0.01,
  });

export const accountFieldsShape = {
  title: accountTitleSchema,
  description: optionalText('Description', DESCRIPTION_MAX),
  icon: accountIconSchema.optional(),
  color: accountColorSchema.optional(),
  type: accountTypeSchema.optional(),
  creditLimit: creditLimitSchema.optional(),
};
export const accountFieldsSchema = z.object(accountFieldsShape);
export type AccountFields = z.infer<typeof accountFieldsSchema>;

/** The smallest credit limit an opening balance needs, or null when it needs none. */
export function creditNeededFor(openingBalance: number | undefined): bigint | null {
  if (openingBalance === undefined || openingBalance >= 0) return null;
  if (!hasAtMostTwoDecimals(openingBalance)) return null;
  return -unitsToCents(openingBalance);
}

/** The refusal of a credit limit below what the account owes (422; the form puts it at the field). */
export const creditLimitBelowOwed = (owed: bigint) =>
  `This account owes ${formatCents(owed)}; the credit limit cannot be lower than that`;
export const isCreditLimitBelowOwed = (message: string) =>
  /^This account owes [\d,]+\.\d\d; the credit limit cannot be lower than that$/.test(message);

/** The message when the opening balance goes below minus the credit limit. */
export const openingBelowCredit = (needed: bigint) =>
  `An opening balance of -${formatCents(needed)} needs a credit limit of at least ${formatCents(needed)}`;

/** POST /api/account: the account's fields, and its opening balance with the day it is dated. */
export const createAccountInput = z
  .object({
    ...accountFieldsShape,
    openingBalance: openingBalanceSchema.optional(),
    openingDate: calendarDateSchema('openingDate').optional().meta({
      description:
        "The opening balance's day (YYYY-MM-DD); left out: today in the book's time zone",
    }),
  })
  .superRefine((input, ctx) => {
    const needed = creditNeededFor(input.openingBalance);
    if (needed === null) return;
    const limit = input.creditLimit ?? 0;
    if (!hasAtMostTwoDecimals(limit) || unitsToCents(limit) >= needed) return;
    ctx.addIssue({ code: 'custom', path: ['openingBalance'], message: openingBelowCredit(needed) });
  });
export type CreateAccountInput = z.infer<typeof createAccountInput>;
/** PUT replaces the editable fields; one left out keeps its current value. */
export const updateAccountInput = accountFieldsSchema.extend({ id: accountIdSchema });
export const accountIdInput = z.object({ id: accountIdSchema });

/** POST /api/account/{id}/deposit and /withdraw, with the entry's optional date, category, payee and tags. */
export const moneyMovementInput = z.object({
  id: accountIdSchema,
  amount: amountSchema,
  description: optionalText('Description', DESCRIPTION_MAX),
  ...entryExtrasShape,
});
export type MoneyMovementInput = z.infer<typeof moneyMovementInput>;

/** PATCH /api/account/{id} (Idempotency-Key): set the credit limit. */
export const setCreditLimitInput = z.object({
  id: accountIdSchema,
  creditLimit: creditLimitSchema,
});
export type SetCreditLimitInput = z.infer<typeof setCreditLimitInput>;

export const accountSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    icon: accountIconSchema,
    color: z.string(),
    type: z.enum(ACCOUNT_TYPES).meta({ description: 'What kind of account it is' }),
    balance: z.number().meta({ description: 'Balance in currency units (two decimals)' }),
    creditLimit: z.number().meta({
      description: 'How far below zero the balance may go (0: not at all), in currency units',
    }),
    available: z.number().meta({ description: 'What may still be spent: balance + creditLimit' }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListOutput = envelope(z.array(accountSchema));
export const accountOutput = envelope(accountSchema);
