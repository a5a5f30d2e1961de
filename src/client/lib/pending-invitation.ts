/**
 * An invitation link opened while signed out (`/invitation#token=…`): its fragment is kept in
 * this tab while the person signs in, and the sign-in screens send them back to it after. The
 * token stays out of every URL the server sees, as the link intends (docs/sharing.md).
 */

/** INVITATION_PATH of shared/schemas/sharing.ts (which brings zod along). */
export const INVITATION_PATH = '/invitation';
const STORAGE_KEY = 'expense-tracker_invitation';

/** Keeps the link's fragment (without '#') for after the sign-in. */
export function keepInvitationForSignIn(hash: string): void {
  try {
    if (hash) sessionStorage.setItem(STORAGE_KEY, hash);
  } catch {
    // No storage (private mode): the person opens the link again once signed in.
  }
}

/** The fragment of an invitation opened before signing in, if any. */
export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Called once the invitation screen has the link in front of it. */
export function forgetPendingInvitation(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The token of an invitation link's fragment (`token=…`), or null when there is none. */
export function invitationTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token.trim() : null;
}
