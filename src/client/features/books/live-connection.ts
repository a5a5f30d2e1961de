import type { QueryClient } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_EVENTS_PATH } from '../../../shared/live-updates.js';
import { BOOK_ID_HEADER, currentBookId } from '../../lib/current-book.js';

/**
 * Live updates (docs/client.md#live-updates): while signed in, the tab keeps one connection to
 * GET /api/book/events for its book, and every change another member (or this person in
 * another tab) makes there refetches what is on screen. The notices say only that something
 * changed, never what: the answer to one is to mark the whole query cache stale, so the
 * screens on show ask again with the same calls they always make (and the same access checks).
 *
 * The connection is `fetch` read as a stream, not `EventSource`, because it must carry the
 * session in `Authorization` and the book in `X-Book-Id`, which `EventSource` cannot send.
 */

/** The first pause before reconnecting is 1–2 s; each failure doubles it, up to 15–30 s. */
export const RECONNECT_BASE_MS = 2_000;
export const RECONNECT_CAP_MS = 30_000;
/** Notices that come in a burst (an import, a bulk edit, a replay) refetch once. */
export const COALESCE_MS = 300;

/**
 * The pause before reconnect attempt `attempt` (0 first): exponential, capped, and jittered
 * between half and all of it, so the tabs a server restart cut off do not all come back in
 * the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Retry-After as milliseconds (seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** What one server-sent event asks of the tab. */
export type LiveAction =
  | { type: 'ready' }
  | { type: 'change'; id: string | null }
  | { type: 'reset' }
  | { type: 'access-ended' }
  | { type: 'ignore' };

/** Reads one event of the stream; anything unknown is ignored (a newer server may add some). */
export function interpretEvent(message: EventSourceMessage): LiveAction {
  switch (message.event) {
    case 'ready':
      return { type: 'ready' };
    case 'change':
      // The id is what Last-Event-ID resumes after; a change without one still refetches.
      return { type: 'change', id: message.id && /^\d+$/.test(message.id) ? message.id : null };
    case 'reset':
      return { type: 'reset' };
    case 'access-ended':
      return { type: 'access-ended' };
    default:
      return { type: 'ignore' };
  }
}

/**
 * `run` at most once per `ms`: the first call schedules it, the calls until then join it.
 * `cancel` drops a scheduled run (the connection it belonged to has ended).
 */
export function coalesce(run: () => void, ms: number = COALESCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    trigger: () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export interface LiveOptions {
  /** The main session's token (the same one every tRPC call sends). */
  token: string;
  /** The book to follow; null for the personal book (no X-Book-Id, as every call). */
  bookId: string | null;
  /** Something in the book changed, or may have while the tab was not listening. */
  onChange(): void;
  /** The person may no longer see this book (removed, left, deleted): no reconnecting. */
  onAccessEnded(): void;
  /** Resolves when the first connection may open (the caller may have waited already). */
  startWhen?: (signal: AbortSignal) => Promise<void>;
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** How one connection ended: try again after the backoff, after a given pause, or never. */
type Outcome = { next: 'backoff' } | { next: 'wait'; ms: number } | { next: 'stop' };

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows one book for one session until the returned function is called, the server says
 * access ended, or the session is refused. Reconnects after a dropped connection with backoff,
 * resuming after the last change seen (Last-Event-ID), and refetches whenever a connection is
 * ready, since whatever changed before it (or while it was away) may not all be replayed.
 */
export function startLiveUpdates(options: LiveOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const fetchEvents = options.fetch ?? ((input, init) => fetch(input, init));
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;
  let lastEventId: string | null = null;
  let failures = 0;

  async function connectOnce(): Promise<Outcome> {
    let res: Response;
    try {
      res = await fetchEvents(LIVE_EVENTS_PATH, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${options.token}`,
          ...(options.bookId && { [BOOK_ID_HEADER]: options.bookId }),
          ...(lastEventId && { 'last-event-id': lastEventId }),
        },
        cache: 'no-store',
        signal,
      });
    } catch {
      // No answer (offline, server away) or our own abort: the loop tells the two apart.
      return { next: 'backoff' };
    }
    const refused = (): Outcome => {
      void res.body?.cancel().catch(() => {});
      // 401: the session is gone; the next tRPC call gets the same answer and signs out.
      if (res.status === 401) return { next: 'stop' };
      // 404 "Book not found": not (or no longer) a member.
      if (res.status === 404) {
        options.onAccessEnded();
        return { next: 'stop' };
      }
      // Too many connections for this person, or for the server: come back when it says.
      if (res.status === 429 || res.status === 503) {
        const ms = retryAfterMs(res.headers.get('retry-after'));
        return ms === null ? { next: 'backoff' } : { next: 'wait', ms: ms + random() * 1_000 };
      }
      // 400: a Last-Event-ID the server does not know (another database?): start afresh.
      if (res.status === 400 && lastEventId !== null) {
        lastEventId = null;
        return { next: 'backoff' };
      }
      return res.status >= 500 ? { next: 'backoff' } : { next: 'stop' };
    };
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || !type.includes('text/event-stream')) return refused();

    let ended = false;
    const parser = createParser({
      onEvent(message) {
        const action = interpretEvent(message);
        switch (action.type) {
          case 'ready':
            failures = 0;
            // The first connection opens only once the page is quiet, seconds after its data
            // was read, and nothing is replayed to it; after a drop, what changed meanwhile may
            // be beyond what is replayed. Either way the screen may be behind: refetch.
            options.onChange();
            break;
          case 'change':
            if (action.id !== null) lastEventId = action.id;
            options.onChange();
            break;
          case 'reset':
            options.onChange();
            break;
          case 'access-ended':
            ended = true;
            options.onAccessEnded();
            break;
        }
      },
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      while (!ended) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // The connection dropped (or was aborted): reconnect below, unless stopped.
    }
    if (ended) {
      void reader.cancel().catch(() => {});
      return { next: 'stop' };
    }
    return { next: 'backoff' };
  }

  async function run(): Promise<void> {
    if (options.startWhen) await options.startWhen(signal);
    while (!signal.aborted) {
      const outcome = await connectOnce();
      if (signal.aborted || outcome.next === 'stop') return;
      await sleep(
        outcome.next === 'wait' ? outcome.ms : reconnectDelay(failures++, random),
        signal,
      );
    }
  }

  void run();
  return () => controller.abort();
}

/**
 * Follows the tab's book with the main session until the returned function is called: changes
 * refetch every query on screen, at most once per COALESCE_MS. When access to the book ends, the
 * same refetch makes the screen's own calls answer "Book not found", and the query cache's
 * handler (onBookNotFound, main.tsx) takes the tab to the personal book with its message, as it
 * does for any call refused that way.
 */
export function followBook(
  queryClient: QueryClient,
  token: string,
  bookId: string | null,
): () => void {
  const refetch = coalesce(() => {
    // The tab moved to another book meanwhile: switching reset the cache already.
    if (currentBookId() !== bookId) return;
    void queryClient.invalidateQueries();
  });
  const stop = startLiveUpdates({
    token,
    bookId,
    onChange: refetch.trigger,
    onAccessEnded: refetch.trigger,
  });
  return () => {
    stop();
    refetch.cancel();
  };
}
