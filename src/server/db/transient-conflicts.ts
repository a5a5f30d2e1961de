/**
 * PostgreSQL aborts a transaction that lost a deadlock (40P01) or a serialization check (40001);
 * nothing of it was written, and running the same work again normally succeeds. These are the
 * only failures retried (docs/ledger.md#concurrency): anything else is an answer as it is.
 */
const TRANSIENT_SQLSTATES = new Set(['40P01', '40001']);

/** Whether an error, or an error it wraps (tRPC and Kysely keep the original as `cause`), is one of them. */
export function isTransientConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && TRANSIENT_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}

/** Attempts after the first, and the longest random pause before each (it doubles every time). */
export const TRANSIENT_CONFLICT_RETRIES = 5;
const FIRST_PAUSE_MS = 10;

/** A random pause before retry `attempt` (1-based), so two colliding transactions part ways. */
export function pauseBeforeRetry(attempt: number): Promise<void> {
  const ceiling = FIRST_PAUSE_MS * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
