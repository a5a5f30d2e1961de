/**
 * The shared-book scenario (run.ts, README.md): two members of one shared book write through two
 * server instances on one database, while live connections on both instances, for both members,
 * listen to the book's notices (GET /api/book/events). Here: making the book, the client that
 * spreads the harness's requests over the members and the instances, and the live check (u).
 */
import { createHash, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { EventSourceMessage } from 'eventsource-parser';
import { openLive, type LiveConnection } from '../../helpers/live-events.js';
import { invitationTokenOf } from '../../helpers/sharing.js';
import type { HarnessResult } from '../harness.js';
import { signInWithNewKey, type Session } from './auth.js';
import { ApiClient, dataOf, type HttpAnswer, type RequestOptions } from './client.js';
import type { Check } from './invariants.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Member {
  /** owner or editor: who they are in the report. */
  role: string;
  session: Session;
}

export interface SharedBook {
  bookId: string;
  /** The owner first (who made the book), then the editor who joined it. */
  members: Member[];
}

function expectOk(step: string, answer: HttpAnswer): void {
  if (answer.status !== 200) {
    throw new Error(
      `Making the shared book failed at ${step}: ${answer.status ?? answer.error} ${answer.bodyText.slice(0, 300)}`,
    );
  }
}

/**
 * Over HTTP, as people do it: A signs in on `ownerApi` and makes a book (base USD), invites by
 * link as an editor; B signs in on `editorApi` and accepts the link.
 */
export async function makeSharedBook(
  ownerApi: ApiClient,
  editorApi: ApiClient,
  runId: string,
): Promise<SharedBook> {
  const owner = await signInWithNewKey(ownerApi, `reliability-${runId}-owner@example.test`);
  const editor = await signInWithNewKey(editorApi, `reliability-${runId}-editor@example.test`);
  const created = await ownerApi.request('POST', '/api/books', {
    token: owner.token,
    idempotencyKey: randomUUID(),
    body: { name: `Reliability shared ${runId}`, baseCurrency: 'USD' },
  });
  expectOk('POST /api/books', created);
  const bookId = dataOf<{ id: string }>(created)?.id;
  if (!bookId) throw new Error('POST /api/books answered no book id');
  const invited = await ownerApi.request('POST', '/api/book/invitations', {
    token: owner.token,
    idempotencyKey: randomUUID(),
    headers: { 'x-book-id': bookId },
    body: { role: 'editor' },
  });
  expectOk('POST /api/book/invitations', invited);
  const link = dataOf<{ link: string }>(invited)?.link;
  if (!link) throw new Error('POST /api/book/invitations answered no link');
  const accepted = await editorApi.request('POST', '/api/invitations/accept', {
    token: editor.token,
    idempotencyKey: randomUUID(),
    body: { token: invitationTokenOf(link) },
  });
  expectOk('POST /api/invitations/accept', accepted);
  const joined = dataOf<{ book: { id: string } }>(accepted)?.book.id;
  if (joined !== bookId) throw new Error(`The editor joined ${joined}, not ${bookId}`);
  return {
    bookId,
    members: [
      { role: 'owner', session: owner },
      { role: 'editor', session: editor },
    ],
  };
}

/** The mutations the server records no activity for (`changesNothing` in their routers). */
const CHANGES_NOTHING = new Set(['/api/rules/test', '/api/imports/preview']);

/** A stable choice among `n` for an Idempotency-Key. */
function bucketOf(key: string, n: number): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % n;
}

/**
 * The harness's client for a shared book: every request goes to the book (`X-Book-Id`), as one
 * of its members, through one of the instances. All attempts of one Idempotency-Key are sent as
 * the same member (a key is a person's: a retry comes from whoever sent the request), each
 * attempt through the next instance in turn, so a key's duplicates and retries meet on both
 * instances at once; a request without a key (a read) goes as the next member in turn. The token
 * the harness passes is replaced by the member's.
 */
export class SharedBookClient extends ApiClient {
  private nextInstance = 0;
  private nextMember = 0;
  /** Requests sent, by "member @ instance". */
  readonly routed = new Map<string, number>();
  /** Answers 2xx to a change that were not replays: each one activity row (check (v)). */
  changesAnswered = 0;
  /** Changes that got no answer: each may or may not have been recorded. */
  changesUnanswered = 0;

  constructor(
    private readonly instances: { label: string; api: ApiClient }[],
    private readonly book: SharedBook,
  ) {
    const first = instances[0];
    if (!first) throw new Error('SharedBookClient needs an instance');
    super(first.api.baseUrl);
  }

  override async request(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpAnswer> {
    const { members } = this.book;
    const memberIndex =
      options.idempotencyKey !== undefined
        ? bucketOf(options.idempotencyKey, members.length)
        : this.nextMember++ % members.length;
    const member = members[memberIndex] as Member;
    const instance = this.instances[this.nextInstance++ % this.instances.length] as {
      label: string;
      api: ApiClient;
    };
    const route = `${member.role} @ ${instance.label}`;
    this.routed.set(route, (this.routed.get(route) ?? 0) + 1);
    const answer = await instance.api.request(method, path, {
      ...options,
      token: options.token === undefined ? undefined : member.session.token,
      headers: { ...options.headers, 'x-book-id': this.book.bookId },
    });
    if (method !== 'GET' && !CHANGES_NOTHING.has(path.split('?')[0] ?? '')) {
      if (answer.status === null) this.changesUnanswered += 1;
      else if (answer.status >= 200 && answer.status < 300 && !answer.replayed) {
        this.changesAnswered += 1;
      }
    }
    return answer;
  }

  override close(): void {
    super.close();
    for (const { api } of this.instances) api.close();
  }
}

interface Watcher {
  label: string;
  connection: LiveConnection;
}

interface ActivityRow {
  id: string;
  kind: string;
  actor_id: string | null;
}

/** What (u) found: per connection, the activity ids it missed and the events that were wrong. */
export interface LiveRecord {
  expected: number;
  byKind: Map<string, number>;
  byActor: Map<string, number>;
  connections: { label: string; received: number; missing: string[]; wrong: string[] }[];
  settleMs: number;
}

/**
 * Live connections on every instance, for every member, opened before the writes: (u) each must
 * be sent every change of the book made after they opened, through either instance, exactly
 * once, with its kind and actor.
 */
export class LiveWatch {
  private constructor(
    private readonly watchers: Watcher[],
    private readonly databaseUrl: string,
    private readonly book: SharedBook,
    /** The book's last activity id once every connection was ready (no write was under way). */
    private readonly baselineId: string,
  ) {}

  static async open(
    instances: { label: string; url: string }[],
    book: SharedBook,
    databaseUrl: string,
  ): Promise<LiveWatch> {
    const watchers: Watcher[] = [];
    try {
      for (const instance of instances) {
        for (const member of book.members) {
          const connection = await openLive(instance.url, member.session.token, {
            bookId: book.bookId,
          });
          const label = `${member.role} @ ${instance.label}`;
          if (connection.status !== 200) {
            throw new Error(
              `Live connection ${label} refused: ${connection.status} ${JSON.stringify(connection.body)}`,
            );
          }
          watchers.push({ label, connection });
          await connection.next((event) => event.event === 'ready', 10_000);
        }
      }
      const baselineId = await lastActivityId(databaseUrl, book.bookId);
      return new LiveWatch(watchers, databaseUrl, book, baselineId);
    } catch (error) {
      for (const { connection } of watchers) connection.close();
      throw error;
    }
  }

  /**
   * Waits up to `settleMs` for every connection to have been sent every activity row written
   * since they opened, then compares: missing ids, ids announced twice, ids of no activity of
   * the book, or a kind or actor other than the row's.
   */
  async compare(settleMs: number): Promise<LiveRecord> {
    const rows = await activitySince(this.databaseUrl, this.book.bookId, this.baselineId);
    const began = Date.now();
    const received = (w: Watcher) =>
      new Set(w.connection.events.filter((e) => e.event === 'change').map((e) => e.id));
    const complete = () =>
      this.watchers.every((w) => {
        const seen = received(w);
        return rows.every((row) => seen.has(row.id));
      });
    while (!complete() && Date.now() - began < settleMs) await sleep(50);
    return judgeNotices(
      rows,
      this.watchers.map((w) => ({ label: w.label, events: w.connection.events })),
      this.book.members,
      Date.now() - began,
    );
  }

  close(): void {
    for (const { connection } of this.watchers) connection.close();
  }
}

/**
 * (u)'s comparison: what each connection was sent against the book's activity rows (`rows`,
 * recorded since the connections opened).
 */
export function judgeNotices(
  rows: ActivityRow[],
  connections: { label: string; events: EventSourceMessage[] }[],
  members: Member[],
  settleMs: number,
): LiveRecord {
  const expected = new Map(rows.map((row) => [row.id, row]));
  const actorRole = new Map(members.map((m) => [m.session.userId, m.role]));
  const record: LiveRecord = {
    expected: rows.length,
    byKind: new Map(),
    byActor: new Map(),
    connections: [],
    settleMs,
  };
  for (const row of rows) {
    record.byKind.set(row.kind, (record.byKind.get(row.kind) ?? 0) + 1);
    const actor = actorRole.get(row.actor_id ?? '') ?? String(row.actor_id);
    record.byActor.set(actor, (record.byActor.get(actor) ?? 0) + 1);
  }
  for (const { label, events } of connections) {
    const changes = events.filter((e) => e.event === 'change');
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const event of changes) {
      const id = event.id ?? '(no id)';
      if (seen.has(id)) wrong.push(`id ${id} sent twice`);
      seen.add(id);
      const row = expected.get(id);
      if (!row) {
        wrong.push(`id ${id}: no activity of the book since the connection opened`);
        continue;
      }
      let data: { kind?: unknown; actorId?: unknown } = {};
      try {
        data = JSON.parse(event.data) as typeof data;
      } catch {
        // Judged below: neither kind nor actor matches.
      }
      if (data.kind !== row.kind || data.actorId !== row.actor_id) {
        wrong.push(
          `id ${id}: announced ${String(data.kind)} by ${String(data.actorId)}, recorded ${row.kind} by ${String(row.actor_id)}`,
        );
      }
    }
    const missing = rows.filter((row) => !seen.has(row.id)).map((row) => row.id);
    const others = events.filter((e) => e.event !== 'change' && e.event !== 'ready');
    if (others.length > 0) {
      wrong.push(`other events: ${others.map((e) => e.event ?? 'message').join(', ')}`);
    }
    record.connections.push({ label, received: changes.length, missing, wrong });
  }
  return record;
}

/**
 * (u) must not be blind: planted faults (a notice lost, sent twice, of another book, with the
 * wrong kind or actor, an unexpected event) must each be caught, and a faithful stream pass.
 * Returns what went wrong; run.ts refuses to run the scenario otherwise.
 */
export function selfTestNoticeJudge(): string[] {
  const actor = '00000000-0000-4000-8000-000000000001';
  const members: Member[] = [
    { role: 'owner', session: { email: 'a@example.test', token: 't', userId: actor } },
  ];
  const rows: ActivityRow[] = ['7', '8', '10'].map((id) => ({
    id,
    kind: 'entry.create',
    actor_id: actor,
  }));
  const change = (id: string, kind = 'entry.create', actorId: string | null = actor) => ({
    id,
    event: 'change',
    data: JSON.stringify({ kind, actorId, at: '2026-01-01T00:00:00.000Z' }),
  });
  const ready = { id: undefined, event: 'ready', data: '{}' };
  const faithful = [ready, change('10'), change('7'), change('8')];
  const planted: [string, EventSourceMessage[]][] = [
    ['a lost notice', [ready, change('7'), change('10')]],
    ['a notice sent twice', [...faithful, change('8')]],
    ['a notice of no activity of the book', [...faithful, change('9')]],
    ['the wrong kind', [ready, change('7'), change('8', 'entry.delete'), change('10')]],
    ['the wrong actor', [ready, change('7'), change('8', 'entry.create', null), change('10')]],
    ['an access-ended event', [...faithful, { id: undefined, event: 'access-ended', data: '{}' }]],
  ];
  const problems: string[] = [];
  const faults = (events: EventSourceMessage[]) => {
    const [c] = judgeNotices(rows, [{ label: 'x', events }], members, 0).connections;
    return (c?.missing.length ?? 0) + (c?.wrong.length ?? 0);
  };
  if (faults(faithful) !== 0) problems.push('a faithful stream was judged wrong');
  for (const [name, events] of planted) {
    if (faults(events) === 0) problems.push(`${name} was not caught`);
  }
  return problems;
}

async function lastActivityId(databaseUrl: string, bookId: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ id: string }[]>`
      SELECT coalesce(max(id), 0)::text AS id FROM book_activity WHERE book_id = ${bookId}`;
    return row?.id ?? '0';
  } finally {
    await sql.end();
  }
}

async function activitySince(
  databaseUrl: string,
  bookId: string,
  afterId: string,
): Promise<ActivityRow[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sql<ActivityRow[]>`
      SELECT a.id::text AS id, a.kind, a.actor_id::text AS actor_id FROM book_activity a
      WHERE a.book_id = ${bookId} AND a.id > ${afterId}::bigint ORDER BY a.id`;
  } finally {
    await sql.end();
  }
}

const counts = (map: Map<string, number>) =>
  [...map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');

/** Adds (u) and the scenario's figures to the harness's result. */
export function addLiveChecks(
  result: HarnessResult,
  record: LiveRecord,
  client: SharedBookClient,
): void {
  const { routed, changesAnswered, changesUnanswered } = client;
  const problems: string[] = [];
  if (record.expected === 0) problems.push('the book recorded no activity: nothing was checked');
  for (const c of record.connections) {
    if (c.missing.length > 0) {
      problems.push(
        `${c.label}: ${c.missing.length} of ${record.expected} changes never announced (ids ${c.missing.slice(0, 5).join(', ')}${c.missing.length > 5 ? ', ...' : ''})`,
      );
    }
    problems.push(...c.wrong.slice(0, 5).map((w) => `${c.label}: ${w}`));
  }
  const check: Check = {
    id: 'u',
    title: 'live updates: every change of the shared book announced on both instances, once',
    ok: problems.length === 0,
    problems: problems.length,
    details: problems.slice(0, 5),
  };
  // Without an answer a change may or may not have been recorded: then only bounds hold.
  const recorded = record.expected;
  const counted =
    changesUnanswered === 0
      ? recorded === changesAnswered
      : recorded >= changesAnswered && recorded <= changesAnswered + changesUnanswered;
  const recordedProblems = counted
    ? []
    : [
        `${recorded} activity rows, ${changesAnswered} changes answered 2xx and not replayed` +
          (changesUnanswered > 0 ? `, ${changesUnanswered} unanswered` : ''),
      ];
  const recordedCheck: Check = {
    id: 'v',
    title: 'activity: one row per change acknowledged, none for replays or refusals',
    ok: counted,
    problems: recordedProblems.length,
    details: recordedProblems,
  };
  for (const c of [check, recordedCheck]) {
    result.checks.push(c);
    if (!c.ok) result.violations.push(`(${c.id}) ${c.title}: ${c.details.join('; ')}`);
  }
  Object.assign(result.figures.extra, {
    'requests by member @ instance': counts(routed),
    'book activity rows (by actor)': `${record.expected} (${counts(record.byActor)})`,
    'changes answered 2xx, not replays (unanswered)': `${changesAnswered} (${changesUnanswered})`,
    'live connections: changes received': record.connections
      .map((c) => `${c.label}:${c.received}`)
      .join(' '),
    'live settle after the load (ms)': record.settleMs,
  });
}
