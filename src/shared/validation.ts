import { hasAtMostTwoDecimals } from './money.js';
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
  if (!Number.isFinite(value) || value <= 0 || value > 1_000_000_000) return null;
  return hasAtMostTwoDecimals(value) ? value : null;
}

export function isValidEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

/** The first problem with a sign-in form, or null when it may be sent. */
export function signInFormError(values: { email: string; password: string }): string | null {
  const result = signInFormSchema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}
