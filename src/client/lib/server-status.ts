import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers, as this page last saw it. Any fetch that gets an HTTP answer says
 * yes; one that gets none (refused, reset, offline) says no, and from then on /api/health is
 * polled with a growing pause (1 s, 2 s, 4 s, then every 5 s) until it answers. The query cache
 * refetches everything on the screen when the server is back (see query-client.ts), and the
 * banner (components/widgets/server-status-banner.tsx) shows while it is unreachable.
 */

const HEALTH_URL = '/api/health';
const MAX_POLL_DELAY_MS = 5_000;

let reachable = true;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  attempt = 0;
  clearTimeout(timer);
  if (!next) schedulePoll();
  for (const listener of listeners) listener();
}

function schedulePoll(): void {
  const delay = Math.min(1000 * 2 ** attempt, MAX_POLL_DELAY_MS);
  attempt += 1;
  timer = setTimeout(() => void poll(), delay);
}

async function poll(): Promise<void> {
  try {
    const res = await fetch(HEALTH_URL, { cache: 'no-store' });
    if (res.ok) {
      set(true);
      return;
    }
  } catch {
    // still unreachable
  }
  if (!reachable) schedulePoll();
}

export function serverReachable(): boolean {
  return reachable;
}

export function reportServerAnswered(): void {
  set(true);
}

export function reportServerUnreachable(): void {
  set(false);
}

/** Calls `listener` whenever reachability changes; returns the unsubscribe function. */
export function onServerStatusChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(onServerStatusChange, serverReachable, () => true);
}

/**
 * `fetch`, reporting what it learns about the server: every API call goes through it (the tRPC
 * links and the sign-in token exchange).
 */
export const watchedFetch: typeof fetch = async (input, init) => {
  try {
    const res = await fetch(input, init);
    reportServerAnswered();
    return res;
  } catch (error) {
    // An abort is the page's own doing (a query cancelled), not the server's.
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportServerUnreachable();
    throw error;
  }
};

/** Test seam: back to the state of a fresh page. */
export function resetServerStatus(): void {
  clearTimeout(timer);
  reachable = true;
  attempt = 0;
  listeners.clear();
}
