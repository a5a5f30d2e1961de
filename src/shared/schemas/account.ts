import { z } from 'zod';
import { unitsToMinorUnits } from '../currency-money.js';
import {
  CREDIT_LIMIT_FIELD,
  OPENING_BALANCE_FIELD,
  amountRefusalIn,
  boundText,
} from '../currency-amounts.js';
import {
  CURRENCY_AMOUNT_TEXT,
  accountIdSchema,
  amountSchema,
  envelope,
  isoDateTime,
  NO_NUL,
  optionalText,
} from './common.js';
import { calendarDateSchema, entryExtrasShape } from './entry-fields.js';
import { DEFAULT_CURRENCY, isCurrencyCode } from '../currencies.js';

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
 * How far below zero a balance may go, in the account's currency units: 0 (not at all) up to the
 * balance cap (docs/ledger.md#credit). Its decimals and cap depend on the currency: the service
 * judges them (currency-amounts.ts, CREDIT_LIMIT_FIELD).
 */
export const creditLimitSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Credit limit is required' : 'Credit limit must be a number',
  })
  .min(0, { error: 'Credit limit must be 0 or more' })
  .meta({
    description: `How far below zero the balance may go (0: not at all), ${CURRENCY_AMOUNT_TEXT}; at most 999,999,999,999.99 USD (99,999,999,999,999 minor units)`,
    example: 500,
    'x-currency-amount': true,
  });

/**
 * The balance an account starts with, recorded as its first entry (docs/ledger.md#opening-balance):
 * positive a deposit, negative a withdrawal within the credit limit, 0 none. Its decimals and
 * bounds are judged in the account's currency (OPENING_BALANCE_FIELD).
 */
export const openingBalanceSchema = z
  .number({
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'Opening balance must be a finite number'
        : 'Opening balance must be a number',
  })
  .meta({
    description: `Recorded as the first entry ("Opening balance"): a deposit, or below 0 a withdrawal within the credit limit; 0 or left out: none. ${CURRENCY_AMOUNT_TEXT.replace(/^in/, 'In')}; between -1,000,000,000.00 and 1,000,000,000.00 USD (100,000,000,000 minor units)`,
    example: 250,
    'x-currency-amount': true,
  });

export const ACCOUNT_CURRENCY_REFUSAL = 'Currency must be an ISO 4217 code like USD or EUR';

/**
 * An account's currency (docs/money.md#account-currency): a current ISO 4217 code, surrounding
 * whitespace trimmed and upper-cased ("usd" is USD). The pattern says the shape as the server
 * takes it; a code of that shape that ISO does not list (or has withdrawn) is refused too.
 */
export const accountCurrencySchema = z
  .string({ error: ACCOUNT_CURRENCY_REFUSAL })
  .regex(/^\s*[A-Za-z]{3}\s*$/, { error: ACCOUNT_CURRENCY_REFUSAL })
  .trim()
  .toUpperCase()
  // Only once the shape holds: zod runs every check, and one refusal is enough.
  .refine((code) => !/^[A-Z]{3}$/.test(code) || isCurrencyCode(code), {
    error: ACCOUNT_CURRENCY_REFUSAL,
  })
  .meta({
    description:
      "A current ISO 4217 currency code (JPY, USD, KWD, ...): the account's balance, credit limit and every amount of its entries are in it. Fixed once the account has entries",
    example: 'EUR',
  });

export const accountFieldsShape = {
  title: accountTitleSchema,
  description: optionalText('Description', DESCRIPTION_MAX),
  icon: accountIconSchema.optional(),
  color: accountColorSchema.optional(),
  type: accountTypeSchema.optional(),
  creditLimit: creditLimitSchema.optional(),
  onBudget: z.boolean({ error: 'onBudget must be true or false' }).optional().meta({
    description:
      'Whether its money can be assigned in the budget (docs/budgets.md); left out of a creation: false for a loan, else true; left out of an update: kept',
  }),
};
export const accountFieldsSchema = z.object(accountFieldsShape);
export type AccountFields = z.infer<typeof accountFieldsSchema>;

/**
 * The smallest credit limit an opening balance needs, in minor units of its currency, or null
 * when it needs none (or it cannot be an amount of that currency: refused for that instead).
 */
export function creditNeededFor(
  openingBalance: number | undefined,
  currency: string = DEFAULT_CURRENCY,
): bigint | null {
  if (openingBalance === undefined || openingBalance >= 0) return null;
  if (amountRefusalIn(OPENING_BALANCE_FIELD, openingBalance, currency) !== null) return null;
  return -unitsToMinorUnits(openingBalance, currency);
}

/** The refusal of a credit limit below what the account owes (422; the form puts it at the field). */
export const creditLimitBelowOwed = (owed: bigint, currency = DEFAULT_CURRENCY) =>
  `This account owes ${boundText(owed, currency)}; the credit limit cannot be lower than that`;
export const isCreditLimitBelowOwed = (message: string) =>
  /^This account owes [\d,]+(?:\.\d+)?(?: [A-Z]{3})?; the credit limit cannot be lower than that$/.test(
    message,
  );

/** The message when the opening balance goes below minus the credit limit. */
export const openingBelowCredit = (needed: bigint, currency = DEFAULT_CURRENCY) =>
  `An opening balance of -${boundText(needed, currency)} needs a credit limit of at least ${boundText(needed, currency)}`;

/**
 * Why an opening balance does not fit the credit limit it comes with, in `currency`, or null: a
 * balance below 0 needs a limit at least as large (judged once both are amounts of it).
 */
export function openingCreditProblem(
  input: { openingBalance?: number | undefined; creditLimit?: number | undefined },
  currency: string,
): string | null {
  const needed = creditNeededFor(input.openingBalance, currency);
  if (needed === null) return null;
  const limit = input.creditLimit ?? 0;
  if (amountRefusalIn(CREDIT_LIMIT_FIELD, limit, currency) !== null) return null;
  return unitsToMinorUnits(limit, currency) >= needed ? null : openingBelowCredit(needed, currency);
}

/** POST /api/account: the account's fields, and its opening balance with the day it is dated. */
export const createAccountInput = z
  .object({
    ...accountFieldsShape,
    currency: accountCurrencySchema.optional().meta({
      description:
        "The account's currency (ISO 4217, e.g. EUR or JPY); left out: the book's base currency. Its amounts, credit limit and opening balance are in it",
    }),
    openingBalance: openingBalanceSchema.optional(),
    openingDate: calendarDateSchema('openingDate').optional().meta({
      description:
        "The opening balance's day (YYYY-MM-DD); left out: today in the book's time zone",
    }),
  })
  // Units compare alike in every currency; the figures are written in the one named (the forms
  // name it), else as USD's. The service judges it again in the account's own currency.
  .superRefine((input, ctx) => {
    const currency = input.currency ?? DEFAULT_CURRENCY;
    // A code refused above (zod may still run this) is that field's problem alone.
    if (!isCurrencyCode(currency)) return;
    const problem = openingCreditProblem(input, currency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['openingBalance'], message: problem });
  });
export type CreateAccountInput = z.infer<typeof createAccountInput>;
/** PUT replaces the editable fields; one left out keeps its current value. */
export const updateAccountInput = accountFieldsSchema.extend({
  id: accountIdSchema,
  currency: accountCurrencySchema.optional().meta({
    description:
      "The account's currency (ISO 4217); refused (409) once the account has entries, unless it is the same",
  }),
});
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
    onBudget: z
      .boolean()
      .meta({ description: 'Its money can be assigned in the budget; false: tracking only' }),
    currency: z.string().meta({
      description:
        "ISO 4217 code of the account's currency: its balance, credit limit and every amount of its entries are in it",
      example: 'USD',
    }),
    balance: z.number().meta({
      description:
        "Balance in the account's currency units (as many decimals as it has: JPY 0, USD 2, KWD 3)",
    }),
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
