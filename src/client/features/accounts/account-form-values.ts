import { z } from 'zod';
import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
  accountColorSchema,
  accountFieldsSchema,
  type Account,
  type AccountFields,
} from '../../../shared/schemas/account.js';

export interface AccountFormValues {
  title: string;
  description: string;
  icon: string;
  color: string;
}

/** The fields of the form that can be wrong, each with its own message under it. */
export type AccountFieldErrors = Partial<
  Record<'title' | 'description' | 'icon' | 'color', string>
>;

/** An empty title and description, icon wallet, color #10b981 (docs/product.md#accounts). */
export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  title: '',
  description: '',
  icon: DEFAULT_ACCOUNT_ICON,
  color: DEFAULT_ACCOUNT_COLOR,
};

export function formValuesOf(account: Account | undefined): AccountFormValues {
  if (!account) return EMPTY_ACCOUNT_FORM;
  return {
    title: account.title,
    description: account.description,
    icon: account.icon,
    color: account.color,
  };
}

export type AccountFormCheck =
  { ok: true; fields: AccountFields } | { ok: false; message: string; errors: AccountFieldErrors };

/**
 * The form's check: the shared account schema (the server's words) over what was typed, the
 * description and colour trimmed first.
 */
export const accountFormSchema = z
  .object({ title: z.string(), description: z.string(), icon: z.string(), color: z.string() })
  .transform((values) => ({
    ...values,
    description: values.description.trim(),
    color: values.color.trim(),
  }))
  // The typed strings meet the schema's optional ones: a string is what it takes anyway.
  .pipe(accountFieldsSchema as z.ZodType<AccountFields, AccountFormValues>);

/** The toast of a refused account form: the title's problem, else a general one. */
export const accountFormToast = (titleProblem: string | undefined) =>
  titleProblem ?? 'Invalid account data';

/**
 * The fields to send, or what is wrong: each field's own message (the server's words, from the
 * shared schema), and the toast's message (the title's, else "Invalid account data").
 */
export function checkAccountForm(values: AccountFormValues): AccountFormCheck {
  const result = accountFormSchema.safeParse(values);
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
export function changesAccount(account: Account, fields: AccountFields): boolean {
  return (
    fields.title !== account.title ||
    (fields.description ?? '') !== account.description ||
    (fields.icon ?? account.icon) !== account.icon ||
    (fields.color ?? account.color).toLowerCase() !== account.color.toLowerCase()
  );
}
