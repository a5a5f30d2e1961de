/** Plain-language details for the Firebase Auth error codes a person can run into. */
const DETAILS: Record<string, string> = {
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/email-already-in-use': 'An account with this email already exists. Try logging in.',
  'auth/weak-password': 'Please choose a stronger password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed':
    'Could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before sign-in finished.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before sign-in finished.',
  'auth/popup-blocked':
    'The browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists with a different sign-in method.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/unauthorized-domain': 'Sign-in is not allowed from this address.',
  'auth/user-token-expired': 'Your sign-in has expired. Please log in again.',
  'auth/requires-recent-login': 'Your sign-in has expired. Please log in again.',
};

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A detail line for a toast: known Firebase codes in plain words, our own errors by their message,
 * and nothing for anything else (raw SDK messages such as "Firebase: Error (auth/...)" help nobody).
 */
export function describeAuthError(error: unknown): string | undefined {
  const code = codeOf(error);
  if (code) return DETAILS[code];
  return error instanceof Error && error.message ? error.message : undefined;
}
