/**
 * Live updates in npm run bench (docs/live-updates.md): how long after a write its notice reaches
 * open screens. 100 live connections (GET /api/book/events: 10 members of one shared book, 10
 * tabs each) are opened, then the owner makes 200 deposits one at a time, at most one every
 * 25 ms; per write and per connection, the time from sending the write to receiving its `change`
 * event is kept. On PostgreSQL two instances run on one database, the tabs split between them and
 * the writes go through the first, so half the notices cross instances by LISTEN/NOTIFY; on
 * PGlite (embedded, one process) one instance holds them all. Runs alone with BENCH_ONLY=live.
 * A figure, not a test: nothing in the test suite asserts these times.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import postgres from 'postgres';
import { LIVE_EVENTS_PATH } from '../src/shared/schemas/activity.js';
import { invitationTokenOf } from '../tests/helpers/sharing.js';
import { signInWithNewKey, type Session } from '../tests/reliability/harness/auth.js';
import { ApiClient, dataOf, type HttpAnswer } from '../tests/reliability/harness/client.js';
import {
  ServerProcess,
  createFreshDataDir,
  createFreshDatabase,
  freePort,
} from '../tests/reliability/server-process.js';
import { printLiveReport, type LiveGroup } from './live-report.js';
import { percentile } from './stats.js';

export const LIVE_MEMBERS = 10;
export const LIVE_TABS_PER_MEMBER = 10;
export const LIVE_WRITES = 200;
export const LIVE_WRITE_INTERVAL_MS = 25;
/** How long after the last write the connections may take to catch up. */
const SETTLE_MS = 10_000;
/** The writes stop here whatever happens, so the run stays bounded. */
const WRITES_DEADLINE_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One open tab: when each `change` id arrived (performance.now()), and what else came. */
interface Tab {
  instance: number;
  received: Map<string, number>;
  duplicates: number;
  otherEvents: string[];
  close(): void;
}

/** Opens GET /api/book/events on `baseUrl` and resolves once its `ready` event arrived. */
function openTab(baseUrl: string, token: string, bookId: string, instance: number): Promise<Tab> {
  const url = new URL(LIVE_EVENTS_PATH, baseUrl);
  return new Promise((resolve, reject) => {
    let closed = false;
    const tab: Tab = {
      instance,
      received: new Map(),
      duplicates: 0,
      otherEvents: [],
      close: () => {
        closed = true;
        req.destroy();
      },
    };
    const timer = setTimeout(() => {
      tab.close();
      reject(new Error(`no ready event from ${baseUrl} within 15 s`));
    }, 15_000);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'GET',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          'x-book-id': bookId,
        },
      },
      (res) => {
        res.setEncoding('utf8');
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            clearTimeout(timer);
            reject(new Error(`live connection refused: ${res.statusCode} ${body.slice(0, 200)}`));
          });
          return;
        }
        const parser = createParser({
          onEvent(event) {
            const at = performance.now();
            if (event.event === 'ready') {
              clearTimeout(timer);
              resolve(tab);
            } else if (event.event === 'change' && event.id !== undefined) {
              if (tab.received.has(event.id)) tab.duplicates += 1;
              else tab.received.set(event.id, at);
            } else {
              tab.otherEvents.push(event.event ?? 'message');
            }
          },
        });
        res.on('data', (chunk: string) => parser.feed(chunk));
        res.on('error', () => {});
      },
    );
    req.on('error', (error) => {
      if (closed) return;
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

function expectOk(step: string, answer: HttpAnswer): void {
  if (answer.status !== 200) {
    throw new Error(`${step}: ${answer.status ?? answer.error} ${answer.bodyText.slice(0, 300)}`);
  }
}

/** The owner makes a book and an account; LIVE_MEMBERS - 1 others join it as viewers. */
async function makeBook(
  api: ApiClient,
): Promise<{ bookId: string; accountId: string; members: Session[] }> {
  const owner = await signInWithNewKey(api, `bench-live-owner-${randomUUID()}@example.test`);
  const created = await api.request('POST', '/api/books', {
    token: owner.token,
    idempotencyKey: randomUUID(),
    body: { name: 'Live bench' },
  });
  expectOk('POST /api/books', created);
  const bookId = dataOf<{ id: string }>(created)?.id ?? '';
  const onBook = { 'x-book-id': bookId };
  const account = await api.request('POST', '/api/account', {
    token: owner.token,
    idempotencyKey: randomUUID(),
    headers: onBook,
    body: { title: 'Shared wallet', icon: 'wallet' },
  });
  expectOk('POST /api/account', account);
  const accountId = dataOf<{ id: string }>(account)?.id ?? '';
  const members = [owner];
  for (let i = 1; i < LIVE_MEMBERS; i += 1) {
    const person = await signInWithNewKey(api, `bench-live-${i}-${randomUUID()}@example.test`);
    const invited = await api.request('POST', '/api/book/invitations', {
      token: owner.token,
      idempotencyKey: randomUUID(),
      headers: onBook,
      body: { role: 'viewer' },
    });
    expectOk('POST /api/book/invitations', invited);
    const accepted = await api.request('POST', '/api/invitations/accept', {
      token: person.token,
      idempotencyKey: randomUUID(),
      body: { token: invitationTokenOf(dataOf<{ link: string }>(invited)?.link ?? '') },
    });
    expectOk('POST /api/invitations/accept', accepted);
    members.push(person);
  }
  return { bookId, accountId, members };
}

/** The book's activity ids after `afterId`, in id order; `token` is a member's. */
type ActivityQuery = (bookId: string, afterId: string, token: string) => Promise<string[]>;

async function measureOn(
  engine: string,
  servers: ServerProcess[],
  activityIds: ActivityQuery,
): Promise<boolean> {
  const began = Date.now();
  const api = new ApiClient(servers[0]?.url ?? '', 15_000);
  const tabs: Tab[] = [];
  try {
    const { bookId, accountId, members } = await makeBook(api);
    // Each member's tabs alternate between the instances.
    const opening: Promise<Tab>[] = [];
    members.forEach((member, m) => {
      for (let t = 0; t < LIVE_TABS_PER_MEMBER; t += 1) {
        const instance = (m + t) % servers.length;
        opening.push(openTab(servers[instance]?.url ?? '', member.token, bookId, instance));
      }
    });
    const opened = await Promise.allSettled(opening);
    for (const result of opened) if (result.status === 'fulfilled') tabs.push(result.value);
    const refused = opened.find((r) => r.status === 'rejected');
    if (refused) throw refused.reason;
    const owner = members[0] as Session;
    const baseline = (await activityIds(bookId, '0', owner.token)).at(-1) ?? '0';

    // The writes: one at a time, at most one every LIVE_WRITE_INTERVAL_MS.
    const sentAt: number[] = [];
    const writeMs: number[] = [];
    const writesBegan = performance.now();
    let sent = 0;
    for (let i = 0; i < LIVE_WRITES && Date.now() - began < WRITES_DEADLINE_MS; i += 1) {
      const due = writesBegan + i * LIVE_WRITE_INTERVAL_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const at = performance.now();
      sent += 1;
      const answer = await api.request('POST', `/api/account/${accountId}/deposit`, {
        token: owner.token,
        idempotencyKey: randomUUID(),
        headers: { 'x-book-id': bookId },
        body: { amount: 1.25, description: `live bench ${i}` },
      });
      if (answer.status === 200) {
        sentAt.push(at);
        writeMs.push(answer.ms);
      }
    }
    // One at a time: the activity ids of the writes are in the order they were sent.
    const settleUntil = Date.now() + SETTLE_MS;
    while (Date.now() < settleUntil && tabs.some((tab) => tab.received.size < sentAt.length)) {
      await sleep(50);
    }
    const ids = await activityIds(bookId, baseline, owner.token);
    if (ids.length !== sentAt.length) {
      throw new Error(
        `${sentAt.length} deposits acknowledged but ${ids.length} activity rows recorded: the notices cannot be matched to the writes`,
      );
    }
    const writeOf = new Map(ids.map((id, i) => [id, i]));
    const groups: LiveGroup[] = [
      { name: `all ${tabs.length} connections`, latenciesMs: [], expected: 0 },
      ...servers.map((_, s): LiveGroup => ({
        name:
          servers.length === 1
            ? 'connections on the one instance'
            : s === 0
              ? `connections on instance 1 (the writes' own)`
              : `connections on instance ${s + 1} (notices cross by NOTIFY)`,
        latenciesMs: [],
        expected: 0,
      })),
    ];
    let unexpected = 0;
    for (const tab of tabs) {
      const own = groups[tab.instance + 1];
      for (const group of servers.length === 1 ? [groups[0]] : [groups[0], own]) {
        if (group) group.expected += sentAt.length;
      }
      unexpected += tab.duplicates + tab.otherEvents.length;
      for (const [id, at] of tab.received) {
        const write = writeOf.get(id);
        const sentTime = write === undefined ? undefined : sentAt[write];
        if (sentTime === undefined) {
          unexpected += 1;
          continue;
        }
        groups[0]?.latenciesMs.push(at - sentTime);
        if (servers.length > 1) own?.latenciesMs.push(at - sentTime);
      }
    }
    return printLiveReport({
      engine,
      setup:
        `${tabs.length} open connections (${LIVE_MEMBERS} members x ${LIVE_TABS_PER_MEMBER} tabs` +
        `${servers.length > 1 ? `, split over ${servers.length} instances on one database` : ', one instance'}), ` +
        `${LIVE_WRITES} deposits one at a time, at most one every ${LIVE_WRITE_INTERVAL_MS} ms` +
        `${servers.length > 1 ? ', through instance 1' : ''}`,
      connections: tabs.length,
      groups: servers.length === 1 ? groups.slice(0, 1) : groups,
      writes: {
        sent,
        acknowledged: sentAt.length,
        p50Ms: percentile(writeMs, 50),
        p99Ms: percentile(writeMs, 99),
      },
      unexpected,
      elapsedSeconds: (Date.now() - began) / 1000,
    });
  } finally {
    for (const tab of tabs) tab.close();
    api.close();
  }
}

// By the bigint: \`ORDER BY id\` would sort the text column of that name.
const ACTIVITY_SQL = `SELECT a.id::text AS id FROM book_activity a
  WHERE a.book_id = $1::uuid AND a.id > $2::bigint ORDER BY a.id`;

/** Two instances on a fresh PostgreSQL database. */
async function onPostgres(baseDatabaseUrl: string): Promise<boolean> {
  const database = await createFreshDatabase(baseDatabaseUrl);
  const servers: ServerProcess[] = [];
  for (const n of [1, 2]) {
    servers.push(
      new ServerProcess({
        label: `bench-live-postgres-${n}`,
        backend: { kind: 'postgres', databaseUrl: database.url },
        port: await freePort(),
        env: { DATABASE_POOL_SIZE: '10', LOG_LEVEL: 'info' },
      }),
    );
  }
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    // One after the other: both would run the migrations at once otherwise.
    for (const server of servers) await server.start();
    return await measureOn('PostgreSQL', servers, async (bookId, afterId) =>
      (await sql.unsafe<{ id: string }[]>(ACTIVITY_SQL, [bookId, afterId])).map((r) => r.id),
    );
  } finally {
    await sql.end();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

/**
 * One instance on a fresh PGlite directory. PGlite is single-process: the activity is read
 * through the server, GET /api/book/activity, page by page.
 */
async function onPglite(): Promise<boolean> {
  const dir = createFreshDataDir('bench-live');
  const server = new ServerProcess({
    label: 'bench-live-pglite',
    backend: { kind: 'pglite', dataDir: dir.dataDir },
    port: await freePort(),
    env: { LOG_LEVEL: 'info' },
  });
  const api = new ApiClient(server.url, 15_000);
  try {
    await server.start();
    return await measureOn('PGlite', [server], async (bookId, afterId, token) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const path: string = `/api/book/activity?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`;
        const answer = await api.request('GET', path, { token, headers: { 'x-book-id': bookId } });
        const page = dataOf<{ items: { id: string }[]; nextCursor: string | null }>(answer);
        if (!page) throw new Error(`GET ${path}: ${answer.status} ${answer.bodyText}`);
        const newer = page.items.filter((item) => BigInt(item.id) > BigInt(afterId));
        ids.push(...newer.map((item) => item.id));
        cursor = newer.length < page.items.length ? null : page.nextCursor;
      } while (cursor !== null);
      return ids.reverse();
    });
  } finally {
    api.close();
    await server.stop();
    dir.remove();
  }
}

/** Both engines; true when every target was met. */
export async function runLiveBench(baseDatabaseUrl: string): Promise<boolean> {
  const postgresOk = await onPostgres(baseDatabaseUrl);
  const pgliteOk = await onPglite();
  return postgresOk && pgliteOk;
}
