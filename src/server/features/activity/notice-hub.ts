import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.js';
import { NOTICE_CHANNEL, announcePing, type BookNotice } from './activity-repository.js';

/** Sends a payload on NOTICE_CHANNEL (announcePing, through the database). */
export type PingSender = (payload: { instance: string; ping: string }) => Promise<void>;

export interface NoticeSubscriber {
  notice(notice: BookNotice): void;
  /** Notices may have been lost (the listening connection was re-established): refetch all. */
  gap(): void;
}

export interface HubTiming {
  /** How often the hub proves its LISTEN still delivers, while anyone subscribes. */
  pingEveryMs: number;
  /** How long a ping may take to come back before the LISTEN is made again. */
  pingTimeoutMs: number;
}

const DEFAULT_TIMING: HubTiming = { pingEveryMs: 30_000, pingTimeoutMs: 10_000 };

/**
 * This instance's live connections, by book, and the one LISTEN that feeds them: every notice
 * any instance announces (activity-repository.ts) reaches the subscribers of its book here
 * (docs/live-updates.md#notices). It listens from the first subscriber on, so a server nobody
 * watches holds no listening connection.
 *
 * A listening connection can drop. When the driver listens again by itself, subscribers are told
 * that notices may have been missed; but it gives up after one failed attempt, so while anyone
 * subscribes the hub also sends itself a ping through the database now and then, and listens
 * again itself (telling subscribers the same) when the ping does not come back.
 */
export class NoticeHub {
  private readonly byBook = new Map<string, Set<NoticeSubscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private count = 0;
  private readonly instance = randomUUID();
  private watch: NodeJS.Timeout | null = null;
  private awaitedPing: { id: string; timer: NodeJS.Timeout } | null = null;
  private closed = false;

  private readonly sendPing: PingSender;
  private readonly timing: HubTiming;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: FastifyBaseLogger,
    options: { timing?: HubTiming; sendPing?: PingSender } = {},
  ) {
    this.timing = options.timing ?? DEFAULT_TIMING;
    this.sendPing = options.sendPing ?? ((payload) => announcePing(database.db, payload));
  }

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
    this.closed = true;
    if (this.watch) clearInterval(this.watch);
    if (this.awaitedPing) clearTimeout(this.awaitedPing.timer);
    await this.stopListening();
  }

  private listen(): Promise<unknown> {
    if (!this.listening) {
      this.listening = this.database.listen(
        NOTICE_CHANNEL,
        (payload) => this.deliver(payload),
        () => this.tellOfGap(),
      );
      // A failed start is retried by the next subscriber rather than remembered.
      this.listening.catch(() => {
        this.listening = null;
      });
      if (!this.watch) {
        this.watch = setInterval(() => void this.ping(), this.timing.pingEveryMs);
        this.watch.unref();
      }
    }
    return this.listening;
  }

  private async stopListening(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    const stop = await listening?.catch(() => null);
    await stop?.().catch(() => {});
  }

  private async ping(): Promise<void> {
    if (this.closed || this.count === 0 || this.awaitedPing) return;
    const id = randomUUID();
    const timer = setTimeout(() => void this.listenAgain(), this.timing.pingTimeoutMs);
    timer.unref();
    this.awaitedPing = { id, timer };
    try {
      await this.sendPing({ instance: this.instance, ping: id });
    } catch (error) {
      // The database does not answer: the ping's time-out listens again once it does.
      this.log.warn({ err: error }, 'live updates: could not send a ping');
    }
  }

  private async listenAgain(): Promise<void> {
    this.awaitedPing = null;
    if (this.closed) return;
    this.log.warn('live updates: a ping did not come back; listening again');
    await this.stopListening();
    try {
      await this.listen();
    } catch (error) {
      this.log.error({ err: error }, 'live updates: listening again failed; the next ping retries');
      return;
    }
    this.tellOfGap();
  }

  private tellOfGap(): void {
    for (const subscribers of this.byBook.values()) {
      for (const subscriber of [...subscribers]) subscriber.gap();
    }
  }

  private deliver(payload: string): void {
    let message: BookNotice | { instance: string; ping: string };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      this.log.warn('live updates: a notice that is not JSON was ignored');
      return;
    }
    if ('ping' in message) {
      if (message.instance === this.instance && message.ping === this.awaitedPing?.id) {
        clearTimeout(this.awaitedPing.timer);
        this.awaitedPing = null;
      }
      return;
    }
    const subscribers = this.byBook.get(message.bookId);
    if (!subscribers) return;
    for (const subscriber of [...subscribers]) {
      try {
        subscriber.notice(message);
      } catch (error) {
        this.log.error({ err: error }, 'live updates: a subscriber failed');
      }
    }
  }
}
