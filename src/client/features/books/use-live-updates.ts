import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { whenQueriesQuiet } from './when-queries-quiet.js';

/**
 * Mounted once in the signed-in shell: follows the tab's book (live-connection.ts) with the main
 * session. A new token or book starts a new connection (the old one closes); unmounting (signing
 * out) closes it. Nothing of it runs before the page is quiet (when-queries-quiet.ts): then the
 * connection's code and its stream parser load, in a chunk of their own that stays off every
 * first load, and connect (docs/client.md#live-updates).
 */
export function useLiveUpdates(token: string | null, bookId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const ended = new AbortController();
    let stop: (() => void) | null = null;
    void (async () => {
      await whenQueriesQuiet(queryClient)(ended.signal);
      if (ended.signal.aborted) return;
      const { followBook } = await import('./live-connection.js');
      if (!ended.signal.aborted) stop = followBook(queryClient, token, bookId);
    })();
    return () => {
      ended.abort();
      stop?.();
    };
  }, [queryClient, token, bookId]);
}
