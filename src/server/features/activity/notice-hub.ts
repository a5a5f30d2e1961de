import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import { NOTICE_CHANNEL, type BookNotice } from './activity-repository.js';

export type NoticeSubscriber = (notice: BookNotice) => void;

/**
 * This instance's live connections, by book, and the one LISTEN that feeds them: every notice
 * any instance announces (activity-repository.ts) reaches the subscribers of its book here
 * (docs/live-updates.md). It listens from the first subscriber on, so a server nobody watches
 * holds no listening connection.
 */
export class NoticeHub {
  private readonly byBook = new Map<string, Set<NoticeSubscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private count = 0;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The number of open subscriptions on this instance. */
  get size(): number {
    return this.count;
  }

  /** Resolves once notices for `bookId` reach `subscriber`; the returned function stops them. */
  async subscribe(bookId: string, subscriber: NoticeSubscriber): Promise<() => void> {
    await this.listen();
    let subscribers = this.byBook.get(bookId);
    if (!subscribers) {
      subscribers = new Set();
      this.byBook.set(bookId, subscribers);
    }
    subscribers.add(subscriber);
    this.count += 1;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.count -= 1;
      subscribers.delete(subscriber);
      if (subscribers.size === 0) this.byBook.delete(bookId);
    };
  }

  /** Stops listening (the app is closing; the database may already be closed). */
  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.().catch(() => {});
  }

  private listen(): Promise<unknown> {
    if (!this.listening) {
      this.listening = this.database.listen(NOTICE_CHANNEL, (payload) => this.deliver(payload));
      // A failed start is retried by the next subscriber rather than remembered.
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  private deliver(payload: string): void {
    let notice: BookNotice;
    try {
      notice = JSON.parse(payload) as BookNotice;
    } catch {
      this.log.warn('live updates: a notice that is not JSON was ignored');
      return;
    }
    const subscribers = this.byBook.get(notice.bookId);
    if (!subscribers) return;
    for (const subscriber of [...subscribers]) {
      try {
        subscriber(notice);
      } catch (error) {
        this.log.error({ err: error }, 'live updates: a subscriber failed');
      }
    }
  }
}
