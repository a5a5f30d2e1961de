import { signInFormSchema } from './schemas/auth.js';
import { emailSchema } from './schemas/auth.js';

export function isValidEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

/** The first problem with a sign-in form, or null when it may be sent. */
export function signInFormError(values: { email: string; password: string }): string | null {
  const result = signInFormSchema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}
