import { z } from 'zod';
import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  accountColorSchema,
  createAccountInput,
  updateAccountInput,
  type Account,
  type AccountFields,
  type CreateAccountInput,
} from '../../../shared/schemas/account.js';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.js';
import { defaultAccountType, type AccountTypeName } from '../../../shared/limits.js';
import { optionalAmountText } from '../../components/forms/amount-text.js';
import { moneyEditText } from '../../components/forms/typed-amounts.js';
import { displayCurrency } from '../../lib/display-currency.js';

export interface AccountFormValues {
  title: string;
  description: string;
  icon: string;
  color: string;
  /** cash, checking, savings, credit-card, loan or other (docs/product.md#accounts). */
  type: string;
  /** The credit limit as typed; empty is none (0). */
  creditLimit: string;
  /** Add only: the opening balance as typed (what is owed, on a card or loan), and its day. */
  openingBalance: string;
  openingDate: string;
  /**
   * The account's currency, an ISO 4217 code (docs/money.md#account-currency): the book's base
   * currency on a new account unless chosen; the amounts above are typed in it.
   */
  currency: string;
  /**
   * Whether the account's money counts in the budget (docs/budgets.md): on unless chosen,
   * off by default for a loan.
   */
  onBudget: boolean;
}

/** What an edit sends: the fields, and the currency when it changes. */
export type AccountEdit = AccountFields & { currency?: string | undefined };

/** The types' names as the form shows them. */
export const ACCOUNT_TYPE_LABELS: Record<AccountTypeName, string> = {
  cash: 'Cash',
  checking: 'Checking',
  savings: 'Savings',
  'credit-card': 'Credit card',
  loan: 'Loan',
  other: 'Other',
};

/** Whether a new account of `type` starts on the budget: every type but a loan. */
export const onBudgetByDefault = (type: string) => type !== 'loan';

/** On a card or a loan, the opening figure typed is what is owed: it opens the balance below 0. */
export const opensOwing = (type: string) => type === 'credit-card' || type === 'loan';

/** The fields of the form that can be wrong, each with its own message under it. */
export type AccountFieldErrors = Partial<
  Record<'title' | 'description' | 'icon' | 'color', string>
>;

/** The server's refusal to change the currency of an account that has entries (409). */
export const isCurrencyRefusal = (message: string) => /\bcurrency\b/i.test(message);

/**
 * An empty title and description, icon wallet, color #10b981 (docs/product.md#accounts), type
 * other, no credit limit, no opening balance (dated today: `today`, the book's day).
 */
export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  title: '',
  description: '',
  icon: DEFAULT_ACCOUNT_ICON,
  color: DEFAULT_ACCOUNT_COLOR,
  type: defaultAccountType(DEFAULT_ACCOUNT_ICON),
  creditLimit: '',
  openingBalance: '',
  openingDate: '',
  currency: DEFAULT_CURRENCY,
  onBudget: true,
};

/** The form's first values: the account's, or an empty one in `currency` (the book's base). */
export function formValuesOf(
  account: Account | undefined,
  today = '',
  currency = DEFAULT_CURRENCY,
): AccountFormValues {
  if (!account) return { ...EMPTY_ACCOUNT_FORM, openingDate: today, currency };
  return {
    ...EMPTY_ACCOUNT_FORM,
    title: account.title,
    description: account.description,
    icon: account.icon,
    color: account.color,
    type: account.type,
    creditLimit:
      account.creditLimit > 0
        ? moneyEditText(account.creditLimit, displayCurrency(account.currency))
        : '',
    currency: account.currency,
    onBudget: account.onBudget,
  };
}

export type AccountFormCheck =
  { ok: true; fields: AccountEdit } | { ok: false; message: string; errors: AccountFieldErrors };

/**
 * What was typed, the amounts read in the person's locale with the decimals of the currency
 * chosen (empty: none); an amount that cannot be read is refused at its field.
 */
const typedAccount = z
  .object({
    title: z.string(),
    description: z.string(),
    icon: z.string(),
    color: z.string(),
    type: z.string(),
    creditLimit: z.string(),
    openingBalance: z.string(),
    openingDate: z.string(),
    currency: z.string(),
    onBudget: z.boolean(),
  })
  .transform((values, context) => {
    const currency = displayCurrency(values.currency || DEFAULT_CURRENCY);
    const read = (field: 'creditLimit' | 'openingBalance') => {
      const result = optionalAmountText(currency).safeParse(values[field]);
      if (result.success) return result.data;
      const message = result.error.issues[0]?.message ?? 'Invalid amount';
      context.addIssue({ code: 'custom', path: [field], message });
      return undefined;
    };
    return { ...values, creditLimit: read('creditLimit'), openingBalance: read('openingBalance') };
  });
type TypedAccount = z.output<typeof typedAccount>;

const commonFields = (values: TypedAccount) => ({
  title: values.title,
  description: values.description.trim(),
  icon: values.icon,
  color: values.color.trim(),
  type: values.type,
  onBudget: values.onBudget,
});

/**
 * The edit form's check: the shared account schema (the server's words) over what was typed,
 * the description and colour trimmed first; an emptied credit limit is 0 (none).
 */
const editFields = (values: TypedAccount) => ({
  ...commonFields(values),
  creditLimit: values.creditLimit ?? 0,
  currency: values.currency,
});
/** The fields an edit may send: the account's, and its currency (the server's own schema). */
const accountEditSchema = updateAccountInput.omit({ id: true });
export const accountFormSchema = typedAccount
  .transform(editFields)
  // The typed strings meet the schema's optional ones: a string is what it takes anyway.
  .pipe(accountEditSchema as unknown as z.ZodType<AccountEdit, ReturnType<typeof editFields>>);

/**
 * The add form's check: the same, with the opening balance (what is owed, on a card or a loan,
 * opens below 0) and its day, through the server's own schema (an opening balance below minus
 * the credit limit is refused at the field, in its words).
 */
const createFields = (values: TypedAccount) => ({
  ...commonFields(values),
  currency: values.currency,
  ...(values.creditLimit !== undefined && { creditLimit: values.creditLimit }),
  ...(values.openingBalance !== undefined &&
    values.openingBalance !== 0 && {
      openingBalance: opensOwing(values.type) ? -values.openingBalance : values.openingBalance,
      // Left empty: today in the book's time zone, as the server reads it.
      ...(values.openingDate !== '' && { openingDate: values.openingDate }),
    }),
});
export const createAccountFormSchema = typedAccount
  .transform(createFields)
  .pipe(
    createAccountInput as unknown as z.ZodType<CreateAccountInput, ReturnType<typeof createFields>>,
  );

/** The toast of a refused account form: the title's problem, else a general one. */
export const accountFormToast = (titleProblem: string | undefined) =>
  titleProblem ?? 'Invalid account data';

/**
 * The fields to send, or what is wrong: each field's own message (the server's words, from the
 * shared schema), and the toast's message (the title's, else "Invalid account data").
 */
export function checkAccountForm(
  values: Pick<AccountFormValues, 'title' | 'description' | 'icon' | 'color'> &
    Partial<AccountFormValues>,
): AccountFormCheck {
  const result = accountFormSchema.safeParse({ ...EMPTY_ACCOUNT_FORM, ...values });
  if (result.success) return { ok: true, fields: result.data };
  const errors: AccountFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (
      (field === 'title' || field === 'description' || field === 'icon' || field === 'color') &&
      !errors[field]
    ) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, message: accountFormToast(errors.title), errors };
}

/** The colour's own problem while it is typed, or null for a colour like #10b981. */
export function colorProblem(color: string): string | null {
  const result = accountColorSchema.safeParse(color.trim());
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid color');
}

/** Whether saving would change the account at all (edit mode says so instead of calling). */
export function changesAccount(account: Account, fields: AccountEdit): boolean {
  return (
    (fields.currency ?? account.currency) !== account.currency ||
    fields.title !== account.title ||
    (fields.description ?? '') !== account.description ||
    (fields.icon ?? account.icon) !== account.icon ||
    (fields.color ?? account.color).toLowerCase() !== account.color.toLowerCase() ||
    (fields.type ?? account.type) !== account.type ||
    (fields.onBudget ?? account.onBudget) !== account.onBudget ||
    (fields.creditLimit ?? account.creditLimit) !== account.creditLimit
  );
}
