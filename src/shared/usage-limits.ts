/**
 * Limits the server enforces and the web app respects (docs/api.md#limits). The rate limits
 * themselves are settings (README, Configuration); these are fixed.
 */

/**
 * Calls in one /trpc batch request. The web app's batch link sends at most this many per request;
 * the server refuses a larger batch with 400, and sign-in procedures are never batched.
 */
export const MAX_BATCH_ITEMS = 10;

/** Accounts one book may hold at a time (deleted ones do not count). */
export const ACCOUNTS_PER_BOOK_MAX = 200;

/**
 * The procedures that sign people in. They are rate-limited per address and email, and the
 * server refuses them inside a /trpc batch, so the web app sends each as a request of its own.
 * The server's own list (procedures built on signInProcedure) must equal this one; a test checks.
 */
export const SIGN_IN_PROCEDURES: readonly string[] = [
  'auth.firebase',
  'keyAuth.register',
  'keyAuth.confirm',
  'keyAuth.challenge',
  'keyAuth.verify',
];
