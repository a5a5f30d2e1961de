import type { QueryClient } from '@tanstack/react-query';

/**
 * How long the page's requests must have been quiet before the first connection opens: it is
 * never part of what a screen waits for, and tools that wait for a quiet network (Playwright's
 * "networkidle": 0.5 s; bench:web's js-budget: 1 s) count a request that never ends as a page
 * that never settles. Route code loads beside the queries, which is all this can see, so the
 * wait is well above theirs.
 */
export const QUIET_BEFORE_CONNECT_MS = 2_000;

/** However busy the page stays, the first connection opens after this long. */
export const QUIET_WAIT_MAX_MS = 10_000;

/**
 * Resolves once no query or mutation has been running for `quietMs` (checked every quarter
 * of it), after `maxMs` at the latest, or when `signal` aborts.
 */
export function whenQueriesQuiet(
  queryClient: Pick<QueryClient, 'isFetching' | 'isMutating'>,
  quietMs: number = QUIET_BEFORE_CONNECT_MS,
  maxMs: number = QUIET_WAIT_MAX_MS,
): (signal: AbortSignal) => Promise<void> {
  return (signal) =>
    new Promise((resolve) => {
      const step = quietMs / 4;
      let quietFor = 0;
      let waited = 0;
      const timer = setInterval(() => {
        waited += step;
        quietFor = queryClient.isFetching() + queryClient.isMutating() === 0 ? quietFor + step : 0;
        if (quietFor >= quietMs || waited >= maxMs) finish();
      }, step);
      function finish() {
        clearInterval(timer);
        signal.removeEventListener('abort', finish);
        resolve();
      }
      signal.addEventListener('abort', finish);
    });
}
