import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type AppErrorCode } from '../../../shared/errors.js';
import { LIVE_EVENTS_PATH } from '../../../shared/schemas/activity.js';
import { AppError } from '../../lib/app-error.js';
import { admitToBook } from '../../trpc/init.js';
import { changesAfter, type BookNotice } from './activity-repository.js';
import type { NoticeHub } from './notice-hub.js';

export interface LiveSettings {
  hub: NoticeHub;
  connectionsPerInstance: number;
  connectionsPerUser: number;
  recheckMs: number;
}

/** Below every idle time-out between here and the browser (ours is 120 s, proxies' often 60). */
const HEARTBEAT_MS = 20_000;
/** What a reconnecting client is sent of what it missed; beyond this, it reloads everything. */
const REPLAY_MAX = 200;
/** A client this far behind in reading is cut off; it reconnects and resumes from its last id. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** Changes after which a connection checks at once whether its person may still see the book. */
const ACCESS_CHANGES = new Set(['member.update', 'member.remove', 'member.leave', 'book.delete']);

/** What a re-check can find that means the person may no longer see the book. */
const ACCESS_ENDS = new Set<AppErrorCode>(['UNAUTHORIZED', 'NOT_FOUND', 'FORBIDDEN']);

const LAST_EVENT_ID = /^[0-9]{1,15}$/;

/** The Last-Event-ID header or lastEventId parameter; every value sent is checked, and must agree. */
function lastEventIdOf(req: FastifyRequest): number | null {
  const header = req.headers['last-event-id'];
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.lastEventId;
  const values = [header, fromQuery].flat().filter((item) => item !== undefined && item !== '');
  if (values.length === 0) return null;
  const ids = new Set<number>();
  for (const value of values) {
    if (typeof value !== 'string' || !LAST_EVENT_ID.test(value.trim())) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.lastEventIdInvalid);
    }
    ids.add(Number(value));
  }
  if (ids.size > 1) throw new AppError('VALIDATION_ERROR', MESSAGES.lastEventIdInvalid);
  return [...ids][0] ?? null;
}

function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? '')
    .split(',')
    .some((range) => range.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
}

function event(name: string, data: unknown, id?: number | null): string {
  return `${id != null ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

const changeEvent = (change: {
  id: number | null;
  actorId: string | null;
  kind: string;
  at: string;
}) => event('change', { kind: change.kind, actorId: change.actorId, at: change.at }, change.id);

/**
 * GET /api/book/events: the book's live notices as server-sent events (docs/live-updates.md).
 * A connection is admitted like any request on the book (any member), sent what it missed
 * after Last-Event-ID, then every change as it is announced, and closed, after an
 * `access-ended` event, as soon as its person may no longer see the book.
 */
export function registerLiveEvents(app: FastifyInstance, settings: LiveSettings): void {
  const open = new Set<() => void>();
  const openByUser = new Map<string, number>();
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(LIVE_EVENTS_PATH, async (req, reply) => {
    const ctx = app.createTrpcContext(req);
    // Admitted like any request on the book, as any member (docs/sharing.md#roles).
    const session = await admitToBook(ctx, 'viewer');
    const lastEventId = lastEventIdOf(req);
    // Only a client that asks for the stream gets one: anything else (a generic client trying
    // every route) gets an answer that ends (docs/live-updates.md#the-stream).
    if (!acceptsEventStream(req.headers.accept)) {
      throw new AppError('NOT_ACCEPTABLE', MESSAGES.eventStreamOnly);
    }
    const userId = session.user.id;
    const streamHeaders = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    };
    // HEAD: the answer a GET would start with, and no stream.
    if (req.method === 'HEAD') return reply.headers(streamHeaders).send();
    if ((openByUser.get(userId) ?? 0) >= settings.connectionsPerUser) {
      void reply.header('retry-after', '30');
      throw new AppError('TOO_MANY_REQUESTS', MESSAGES.liveConnectionsPerUser);
    }
    if (open.size >= settings.connectionsPerInstance) {
      void reply.header('retry-after', '60');
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.liveConnectionsBusy);
    }

    const stream = new PassThrough();
    let closed = false;
    let checking = false;
    let unsubscribe = () => {};
    const send = (text: string) => {
      if (closed) return;
      stream.write(text);
      if (stream.writableLength + stream.readableLength > MAX_UNSENT_BYTES) close();
    };
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(rechecks);
      unsubscribe();
      open.delete(close);
      const left = (openByUser.get(userId) ?? 1) - 1;
      if (left > 0) openByUser.set(userId, left);
      else openByUser.delete(userId);
      stream.end();
    };
    const recheck = async () => {
      if (closed || checking) return;
      checking = true;
      try {
        await admitToBook(ctx, 'viewer', { bookId: session.bookId, touch: false });
      } catch (error) {
        if (error instanceof AppError && ACCESS_ENDS.has(error.code)) {
          send(event('access-ended', { message: MESSAGES.accessEnded, code: error.code }));
          close();
        } else if (!(error instanceof AppError)) {
          // The database did not answer: the next check tries again.
          req.log.warn({ err: error }, 'live updates: re-checking a connection failed');
        }
        // A book being restored (409) is still the member's: the stream stays open.
      } finally {
        checking = false;
      }
    };
    // A change can be both in what was missed and among the notices: its notice may come after
    // the read of what was missed began, even after the replay ended. Notices wait while the
    // missed changes are sent, and a change is sent once, in the replay's order.
    let replaying = lastEventId !== null;
    const held: BookNotice[] = [];
    const replayed = new Set<number>();
    const deliver = (notice: BookNotice) => {
      if (notice.id !== null && replayed.has(notice.id)) return;
      send(changeEvent(notice));
      if (ACCESS_CHANGES.has(notice.kind)) void recheck();
    };
    const subscriber = {
      notice(notice: BookNotice) {
        if (replaying) held.push(notice);
        else deliver(notice);
      },
      // Notices may have been lost: the client fetches everything again, and access is checked.
      gap() {
        send(event('reset', {}));
        void recheck();
      },
    };

    open.add(close);
    openByUser.set(userId, (openByUser.get(userId) ?? 0) + 1);
    const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
    const rechecks = setInterval(() => void recheck(), settings.recheckMs);
    reply.raw.on('close', close);
    try {
      // Subscribed before reading what was missed, so no change falls between the two.
      unsubscribe = await settings.hub.subscribe(session.bookId, subscriber);
      if (closed) unsubscribe();
      send('retry: 2000\n\n');
      send(event('ready', { bookId: session.bookId, role: session.bookRole }));
      if (lastEventId !== null) {
        const missed = await changesAfter(
          ctx.database.db,
          session.bookId,
          lastEventId,
          REPLAY_MAX + 1,
        );
        if (missed.length > REPLAY_MAX) send(event('reset', {}));
        else {
          for (const change of missed) {
            send(
              changeEvent({
                ...change,
                actorId: change.actor_id,
                at: change.created_at.toISOString(),
              }),
            );
            replayed.add(change.id);
          }
        }
        replaying = false;
        for (const notice of held.splice(0)) deliver(notice);
      }
    } catch (error) {
      close();
      throw error;
    }
    return reply.headers(streamHeaders).send(stream);
  });
}
