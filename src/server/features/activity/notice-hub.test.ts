import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/connect.js';
import { NoticeHub, type NoticeSubscriber } from './notice-hub.js';

/**
 * A database whose NOTIFY reaches every current listener, and whose listening can be broken the
 * way a dropped connection breaks it: the listener stays registered but hears nothing.
 */
function fakeDatabase() {
  const listeners = new Set<(payload: string) => void>();
  let deaf = false;
  let listens = 0;
  const notify = (payload: string) => {
    if (deaf) return;
    for (const listener of listeners) listener(payload);
  };
  const database = {
    listen: (_channel: string, onPayload: (payload: string) => void) => {
      listens += 1;
      deaf = false;
      listeners.add(onPayload);
      return Promise.resolve(() => {
        listeners.delete(onPayload);
        return Promise.resolve();
      });
    },
    db: null,
  };
  return {
    database,
    notify,
    breakListening: () => (deaf = true),
    get listens() {
      return listens;
    },
  };
}

const log = { warn: vi.fn(), error: vi.fn() } as never;

function recorder(): NoticeSubscriber & { kinds: string[]; gaps: number } {
  const seen = {
    kinds: [] as string[],
    gaps: 0,
    notice: (notice: { kind: string }) => seen.kinds.push(notice.kind),
    gap: () => (seen.gaps += 1),
  };
  return seen;
}

const notice = (bookId: string, kind: string) =>
  JSON.stringify({ id: 1, bookId, actorId: null, kind, at: '' });

describe('NoticeHub', () => {
  it('hands each notice to the subscribers of its book only, until they stop', async () => {
    const fake = fakeDatabase();
    const hub = new NoticeHub(fake.database as unknown as Database, log, {
      sendPing: (payload) => Promise.resolve(fake.notify(JSON.stringify(payload))),
    });
    const mine = recorder();
    const other = recorder();
    const stop = await hub.subscribe('book-a', mine);
    await hub.subscribe('book-b', other);
    fake.notify(notice('book-a', 'entry.create'));
    fake.notify('not json');
    stop();
    fake.notify(notice('book-a', 'entry.update'));
    expect(mine.kinds).toEqual(['entry.create']);
    expect(other.kinds).toEqual([]);
    expect(hub.size).toBe(1);
    expect(fake.listens).toBe(1);
    await hub.close();
  });

  it('listens again when its ping does not come back, and tells subscribers of the gap', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeDatabase();
      const hub = new NoticeHub(fake.database as unknown as Database, log, {
        timing: { pingEveryMs: 1000, pingTimeoutMs: 500 },
        sendPing: (payload) => Promise.resolve(fake.notify(JSON.stringify(payload))),
      });
      const subscriber = recorder();
      await hub.subscribe('book-a', subscriber);
      // A ping that comes back changes nothing.
      await vi.advanceTimersByTimeAsync(1600);
      expect(fake.listens).toBe(1);
      expect(subscriber.gaps).toBe(0);
      fake.breakListening();
      fake.notify(notice('book-a', 'lost'));
      await vi.advanceTimersByTimeAsync(1600);
      expect(fake.listens).toBe(2);
      expect(subscriber.gaps).toBe(1);
      fake.notify(notice('book-a', 'entry.create'));
      expect(subscriber.kinds).toEqual(['entry.create']);
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
