import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RECONNECT_CAP_MS,
  coalesce,
  interpretEvent,
  reconnectDelay,
  retryAfterMs,
  startLiveUpdates,
  type LiveOptions,
} from './live-connection.js';
import { whenQueriesQuiet } from './when-queries-quiet.js';

const BOOK = '0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('reconnectDelay', () => {
  it('starts between 1 and 2 s, doubles, and stays under 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1_000);
    expect(reconnectDelay(0, () => 1)).toBe(2_000);
    expect(reconnectDelay(1, () => 1)).toBe(4_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(12_000);
    for (const attempt of [5, 10, 50, 1_000]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(RECONNECT_CAP_MS);
      expect(reconnectDelay(attempt, () => 0)).toBe(RECONNECT_CAP_MS / 2);
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    const now = Date.parse('2026-11-29T03:00:00Z');
    expect(retryAfterMs('Sun, 29 Nov 2026 03:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 02:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('')).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('interpretEvent', () => {
  it('reads the four events the server sends and ignores the rest', () => {
    expect(interpretEvent({ event: 'ready', data: '{}' })).toEqual({ type: 'ready' });
    expect(interpretEvent({ event: 'change', id: '42', data: '{}' })).toEqual({
      type: 'change',
      id: '42',
    });
    expect(interpretEvent({ event: 'change', id: 'x', data: '{}' })).toEqual({
      type: 'change',
      id: null,
    });
    expect(interpretEvent({ event: 'reset', data: '{}' })).toEqual({ type: 'reset' });
    expect(interpretEvent({ event: 'access-ended', data: '{}' })).toEqual({
      type: 'access-ended',
    });
    expect(interpretEvent({ data: 'hello' })).toEqual({ type: 'ignore' });
    expect(interpretEvent({ event: 'something-new', data: '{}' })).toEqual({ type: 'ignore' });
  });
});

describe('coalesce', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs once for a burst, and again for the next one; cancel drops a pending run', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const c = coalesce(run, 300);
    c.trigger();
    c.trigger();
    c.trigger();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(1);
    c.trigger();
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(2);
    c.trigger();
    c.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

/** A server-sent events answer whose body is `text`, then ends (the connection drops). */
function stream(text: string, status = 200): Response {
  return new Response(new TextEncoder().encode(text), {
    status,
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
}

function refusal(status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ success: false, message: 'no', code: 'X' }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Runs the connection loop against answers given in order; after the last one it stops.
 * Pauses take no time and are recorded.
 */
async function follow(answers: Response[], options: Partial<LiveOptions> = {}) {
  const requests: Headers[] = [];
  const pauses: number[] = [];
  const onChange = vi.fn();
  const onAccessEnded = vi.fn();
  let stop = () => {};
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Headers(init?.headers));
    const answer = answers.shift();
    if (!answer) {
      stop();
      finished();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    }
    return Promise.resolve(answer);
  });
  stop = startLiveUpdates({
    token: 'tok',
    bookId: BOOK,
    onChange,
    onAccessEnded,
    fetch,
    random: () => 0.5,
    sleep: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
    ...options,
  });
  // A loop that stops on its own never asks for an answer beyond the last one.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 200))]);
  stop();
  return { requests, pauses, onChange, onAccessEnded, fetch };
}

describe('startLiveUpdates', () => {
  it('sends the session, the book and the stream type, and refetches on every change', async () => {
    const { requests, onChange } = await follow([
      stream(
        'retry: 2000\n\nevent: ready\ndata: {}\n\n: keep-alive\n\n' +
          'id: 7\nevent: change\ndata: {"kind":"entry.create"}\n\n' +
          'id: 8\nevent: change\ndata: {"kind":"entry.update"}\n\n',
      ),
    ]);
    expect(requests[0]?.get('authorization')).toBe('Bearer tok');
    expect(requests[0]?.get('x-book-id')).toBe(BOOK);
    expect(requests[0]?.get('accept')).toBe('text/event-stream');
    expect(requests[0]?.has('last-event-id')).toBe(false);
    // Ready (what changed before the connection opened is not replayed), then the two changes.
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('names no book for the personal book', async () => {
    const { requests } = await follow([stream('event: ready\ndata: {}\n\n')], { bookId: null });
    expect(requests[0]?.has('x-book-id')).toBe(false);
  });

  it('reconnects after a drop with backoff, resumes after the last change, and refetches once back', async () => {
    const { requests, pauses, onChange } = await follow([
      stream('event: ready\ndata: {}\n\nid: 12\nevent: change\ndata: {}\n\n'),
      refusal(502),
      stream('event: ready\ndata: {}\n\n'),
      stream('event: ready\ndata: {}\n\nevent: reset\ndata: {}\n\n'),
    ]);
    expect(requests.map((headers) => headers.get('last-event-id'))).toEqual([
      null,
      '12',
      '12',
      '12',
      '12',
    ]);
    // 1.5 s after the drop, 3 s after the 502, back to 1.5 s once connected again.
    expect(pauses).toEqual([1_500, 3_000, 1_500, 1_500]);
    // The first ready, the change, the first reconnect, the second reconnect and its reset.
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('stops on 401, leaving the session to the rest of the app', async () => {
    const { fetch, onAccessEnded } = await follow([refusal(401), stream('')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onAccessEnded).not.toHaveBeenCalled();
  });

  it('stops on 404 Book not found, telling the app access ended', async () => {
    const { fetch, onAccessEnded } = await follow([refusal(404), stream('')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onAccessEnded).toHaveBeenCalledTimes(1);
  });

  it('stops after access-ended, telling the app', async () => {
    const { fetch, onAccessEnded } = await follow([
      stream(
        'event: ready\ndata: {}\n\nevent: access-ended\ndata: {"message":"You no longer have access to this book.","code":"NOT_FOUND"}\n\n',
      ),
      stream(''),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onAccessEnded).toHaveBeenCalledTimes(1);
  });

  it('waits as long as Retry-After says on 429 and 503', async () => {
    const { pauses } = await follow([
      refusal(429, { 'retry-after': '30' }),
      refusal(503, { 'retry-after': '60' }),
    ]);
    expect(pauses).toHaveLength(2);
    expect(pauses[0]).toBeGreaterThanOrEqual(30_000);
    expect(pauses[1]).toBeGreaterThanOrEqual(60_000);
  });

  it('drops a Last-Event-ID the server refuses and starts afresh', async () => {
    const { requests } = await follow([
      stream('event: ready\ndata: {}\n\nid: 5\nevent: change\ndata: {}\n\n'),
      refusal(400),
    ]);
    expect(requests.map((headers) => headers.get('last-event-id'))).toEqual([null, '5', null]);
  });

  it('opens nothing until startWhen resolves, and nothing at all once stopped', async () => {
    const fetch = vi.fn(() => Promise.resolve(stream('')));
    let start!: () => void;
    const stop = startLiveUpdates({
      token: 'tok',
      bookId: null,
      onChange: () => {},
      onAccessEnded: () => {},
      fetch,
      startWhen: () => new Promise<void>((resolve) => (start = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).not.toHaveBeenCalled();
    stop();
    start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('whenQueriesQuiet', () => {
  afterEach(() => void vi.useRealTimers());

  async function resolvedAfter(busy: () => number, maxMs = 10_000) {
    vi.useFakeTimers();
    let resolved = false;
    const client = { isFetching: busy, isMutating: () => 0 };
    void whenQueriesQuiet(
      client,
      1_000,
      maxMs,
    )(new AbortController().signal).then(() => (resolved = true));
    let elapsed = 0;
    while (!resolved && elapsed < 60_000) {
      await vi.advanceTimersByTimeAsync(250);
      elapsed += 250;
    }
    return elapsed;
  }

  it('waits for a second without requests', async () => {
    let calls = 0;
    // Busy for the first eight checks (2 s), quiet after.
    expect(await resolvedAfter(() => (++calls <= 8 ? 1 : 0))).toBe(3_000);
  });

  it('gives up waiting after maxMs on a page that never goes quiet', async () => {
    expect(await resolvedAfter(() => 1, 5_000)).toBe(5_000);
  });
});
