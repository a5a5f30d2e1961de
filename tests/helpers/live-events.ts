import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_EVENTS_PATH } from '../../src/shared/schemas/activity.js';

// A live connection in tests (docs/live-updates.md): what a browser's tab holds open.

export interface LiveConnection {
  status: number;
  /** The failure envelope when the connection was refused. */
  body: unknown;
  /** Every event received so far, in order. */
  events: EventSourceMessage[];
  /** Resolves with the first event (from the start) that matches, or fails after `ms`. */
  next(match: (event: EventSourceMessage) => boolean, ms?: number): Promise<EventSourceMessage>;
  /** Resolves when the server closed the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/book/events on a listening server as `token`, on `bookId` when given. */
export async function openLive(
  baseUrl: string,
  token: string,
  options: {
    bookId?: string;
    lastEventId?: string;
    headers?: Record<string, string>;
    /** A query string to add, such as 'lastEventId=2'. */
    query?: string;
  } = {},
): Promise<LiveConnection> {
  const abort = new AbortController();
  const query = options.query === undefined ? '' : `?${options.query}`;
  const response = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}${query}`, {
    signal: abort.signal,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(options.bookId !== undefined && { 'x-book-id': options.bookId }),
      ...(options.lastEventId !== undefined && { 'last-event-id': options.lastEventId }),
      ...options.headers,
    },
  });
  const events: EventSourceMessage[] = [];
  const waiting = new Set<() => void>();
  const parser = createParser({
    onEvent(event) {
      events.push(event);
      for (const wake of [...waiting]) wake();
    },
  });
  if (!response.ok || !response.body) {
    return {
      status: response.status,
      body: await response.json(),
      events,
      next: () => Promise.reject(new Error('the connection was refused')),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const body = response.body;
  let done = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = body.getReader();
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted by close().
    }
    done = true;
    for (const wake of [...waiting]) wake();
  })();
  return {
    status: response.status,
    body: null,
    events,
    ended,
    close: () => abort.abort(),
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        function look() {
          const found = events.find(match);
          if (found || done) {
            clearTimeout(timer);
            waiting.delete(look);
            if (found) resolve(found);
            else reject(new Error(`the stream ended first; got ${JSON.stringify(events)}`));
          }
        }
        waiting.add(look);
        look();
      });
    },
  };
}

/** Matches a `change` event of `kind`. */
export const changeOf =
  (kind: string) =>
  (event: EventSourceMessage): boolean =>
    event.event === 'change' && (JSON.parse(event.data) as { kind: string }).kind === kind;
