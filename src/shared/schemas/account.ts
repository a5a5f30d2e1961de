import { z } from 'zod';
import {
  accountIdSchema,
  amountSchema,
  envelope,
  hasNoNul,
  isoDateTime,
  optionalText,
} from './common.js';

export const ACCOUNT_ICONS = ['wallet', 'credit-card'] as const;
export const DEFAULT_ACCOUNT_ICON = 'wallet';
export const DEFAULT_ACCOUNT_COLOR = '#10b981';
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;

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
  .refine(hasNoNul, { error: 'Title must not contain NUL characters' });

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

export const moneyMovementInput = z.object({
  id: accountIdSchema,
  amount: amountSchema,
  description: optionalText('Description', DESCRIPTION_MAX),
});
export type MoneyMovementInput = z.infer<typeof moneyMovementInput>;

export const accountSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    icon: accountIconSchema,
    color: z.string(),
    balance: z.number().meta({ description: 'Balance in currency units (two decimals)' }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListOutput = envelope(z.array(accountSchema));
export const accountOutput = envelope(accountSchema);
