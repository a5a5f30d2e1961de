import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { httpStatusOf, isNetworkError } from './api-error.js';
import { onServerStatusChange, serverReachable } from './server-status.js';
import { isBookNotFound } from './current-book.js';

/** What a query or mutation may say about itself (its `meta`). */
export interface CallMeta extends Record<string, unknown> {
  /**
   * Made without the main session (key login): a 401 answer says nothing about the main
   * session and must not sign it out.
   */
  separateSession?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** The `meta` of every call made for the key-login session. */
export const SEPARATE_SESSION: CallMeta = { separateSession: true };

/** 0.5 s, 1 s, 2 s, then 4 s between tries. */
const backoff = (failures: number) => Math.min(500 * 2 ** failures, 4_000);

/**
 * For a mutation sent with an Idempotency-Key: a request that got no answer is sent again (with
 * the same key, so the server applies it at most once) twice, after 0.5 s and 1 s.
 */
export const RETRY_UNANSWERED = {
  retry: (failures: number, error: unknown) => isNetworkError(error) && failures < 2,
  retryDelay: backoff,
} as const;

/**
 * The page's one query cache. A 401 from a call made with the main session means that session
 * is gone: `onSessionExpired` signs out here too, and the guard takes over. A 404 "Book not
 * found" means the tab's book is gone for this person (removed, left, deleted):
 * `onBookNotFound` goes back to their personal book.
 *
 * Outages: a read that gets no answer or a 5xx is tried three more times with a growing pause,
 * then the screen shows its error with Retry. The query cache counts as online only while the
 * server answers (lib/server-status.ts), so when it is back every query on screen refetches on
 * its own (refetchOnReconnect), failed ones included; the same happens on window focus.
 */
export function createQueryClient(options: {
  onSessionExpired(): void;
  /** A call answered "Book not found": the tab's book is no longer the person's. */
  onBookNotFound?(): void;
}): QueryClient {
  const onError = (error: unknown, meta: CallMeta | undefined) => {
    if (httpStatusOf(error) === 401 && !meta?.separateSession) options.onSessionExpired();
    if (isBookNotFound(error)) options.onBookNotFound?.();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Fail (and show Retry) rather than wait silently while the server is away.
        networkMode: 'always',
        // A 4xx will not change by asking again; network failures and 5xx get three more tries.
        retry: (failures, error) => (httpStatusOf(error) ?? 500) >= 500 && failures < 3,
        retryDelay: backoff,
        refetchOnReconnect: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
  return queryClient;
}

/**
 * Ties TanStack Query's notion of "online" to the server answering, as well as to the browser's
 * own online state: a server that went away and came back counts as a reconnect.
 */
export function followServerStatus(): () => void {
  const update = () => onlineManager.setOnline(serverReachable() && navigator.onLine !== false);
  onlineManager.setEventListener((setOnline) => {
    const browser = () => setOnline(serverReachable() && navigator.onLine !== false);
    window.addEventListener('online', browser);
    window.addEventListener('offline', browser);
    return () => {
      window.removeEventListener('online', browser);
      window.removeEventListener('offline', browser);
    };
  });
  return onServerStatusChange(update);
}
