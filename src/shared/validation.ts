import { MAX_OPERATION_CENTS, centsToUnits, hasAtMostTwoDecimals } from './money.js';
import { amountSchema } from './schemas/common.js';
import { signInFormSchema } from './schemas/auth.js';
import { emailSchema } from './schemas/auth.js';

/** What an amount field may hold while typing: empty, or non-negative decimal text. */
export const AMOUNT_INPUT_PATTERN = /^(\d+(\.\d*)?|\.\d*)?$/;

/**
 * The amount typed, if it is one the server accepts: numeric, above 0, at most two decimals and
 * at most 1,000,000,000.00. Null otherwise.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed || !AMOUNT_INPUT_PATTERN.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || value > centsToUnits(MAX_OPERATION_CENTS))
    return null;
  return hasAtMostTwoDecimals(value) ? value : null;
}

/**
 * Why typed text is not an amount the server accepts, in the server's own words ("Amount must
 * have at most two decimal places", "Amount must be at most 1,000,000,000.00"), for a number
 * above 0 that breaks a limit; null when it is fine, or when it is not a number above 0 at all
 * (each form says that in its own words).
 */
export function amountTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || !AMOUNT_INPUT_PATTERN.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0) return null;
  const result = amountSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function isValidEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

/** The first problem with a sign-in form, or null when it may be sent. */
export function signInFormError(values: { email: string; password: string }): string | null {
  const result = signInFormSchema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}
