import { z } from 'zod';
import { MAX_BALANCE_CENTS, centsToUnits, formatCents, hasAtMostTwoDecimals } from '../money.js';
import {
  accountIdSchema,
  amountSchema,
  envelope,
  isoDateTime,
  NO_NUL,
  optionalText,
} from './common.js';
import { entryExtrasShape } from './entry-fields.js';

import {
  ACCOUNT_ICONS,
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  DESCRIPTION_MAX,
  TITLE_MAX,
} from '../limits.js';

// Kept in limits.ts so the web app reads them without zod; re-exported for the server's imports.
export { ACCOUNT_ICONS, DEFAULT_ACCOUNT_COLOR, DEFAULT_ACCOUNT_ICON, DESCRIPTION_MAX, TITLE_MAX };

export const accountIconSchema = z.enum(ACCOUNT_ICONS, {
  error: 'Icon must be "wallet" or "credit-card"',
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

export const accountFieldsSchema = z.object({
  title: accountTitleSchema,
  description: optionalText('Description', DESCRIPTION_MAX),
  icon: accountIconSchema.optional(),
  color: accountColorSchema.optional(),
});
export type AccountFields = z.infer<typeof accountFieldsSchema>;

export const createAccountInput = accountFieldsSchema;
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
