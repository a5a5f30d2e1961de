import {
  DEFAULT_ACCOUNT_COLOR,
  DEFAULT_ACCOUNT_ICON,
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

/** Spec section 4: an empty title and description, icon wallet, color #10b981. */
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

export type AccountFormCheck = { ok: true; fields: AccountFields } | { ok: false; message: string };

/** The fields to send, or the message to show: the title's own message, else "Invalid account data". */
export function checkAccountForm(values: AccountFormValues): AccountFormCheck {
  const result = accountFieldsSchema.safeParse({
    title: values.title,
    description: values.description.trim(),
    icon: values.icon,
    color: values.color.trim(),
  });
  if (result.success) return { ok: true, fields: result.data };
  const titleIssue = result.error.issues.find((issue) => issue.path[0] === 'title');
  return { ok: false, message: titleIssue?.message ?? 'Invalid account data' };
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
