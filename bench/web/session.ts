/**
 * How the SPA keeps its session: the token in localStorage under "token" with the prefix
 * "expense-tracker_" (docs/sign-in.md#browser-storage; src/client/lib/auth-store.ts). The key
 * is repeated here because the bench runs in Node and cannot import browser code.
 */
export const TOKEN_STORAGE_KEY = 'expense-tracker_token';

/**
 * A same-origin URL that loads no script or stylesheet: a browser opens it to write the session
 * into the origin's localStorage without warming the cache the measurement must find cold.
 */
export const STORAGE_PRIMING_PATH = '/api/health';

/** Page-side source that stores the session (a string: the bench is type-checked without DOM). */
export function storeTokenScript(token: string): string {
  return `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`;
}
