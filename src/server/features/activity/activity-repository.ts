import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';

// A book's activity: the changes its members made (docs/live-updates.md,
// docs/architecture.md#data-access).

/** The channel every instance listens on for the notices of every book. */
export const NOTICE_CHANNEL = 'book_activity';

/** What one change announces: never the data, only what changed and who changed it. */
export interface BookNotice {
  /** Its row in the activity; null when it has none (the book itself was deleted). */
  id: number | null;
  bookId: string;
  actorId: string | null;
  /** The procedure that made the change, such as 'entry.create'. */
  kind: string;
  at: string;
}

/**
 * Records a change in the book's activity and announces it on NOTICE_CHANNEL, in one statement.
 * PostgreSQL delivers a NOTIFY when its transaction commits, so a change made in `db`'s
 * transaction is announced with it or not at all. A book that no longer exists gets no row, but
 * its notice still goes out, so open connections learn that it is gone.
 */
export async function recordChange(
  db: DbOrTx,
  change: { bookId: string; actorId: string; kind: string },
): Promise<void> {
  await sql`
    WITH recorded AS (
      INSERT INTO book_activity (book_id, actor_id, kind)
      SELECT id, ${change.actorId}::uuid, ${change.kind} FROM books WHERE id = ${change.bookId}::uuid
      RETURNING id, created_at
    )
    SELECT pg_notify(${NOTICE_CHANNEL}, json_build_object(
      'id', (SELECT id FROM recorded),
      'bookId', ${change.bookId}::uuid,
      'actorId', ${change.actorId}::uuid,
      'kind', ${change.kind}::text,
      'at', coalesce((SELECT created_at FROM recorded), clock_timestamp())
    )::text)`.execute(db);
}

/** A notice of no book, that one instance sends itself to prove its LISTEN still delivers. */
export async function announcePing(
  db: DbOrTx,
  ping: { instance: string; ping: string },
): Promise<void> {
  await sql`SELECT pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(ping)})`.execute(db);
}

export interface ActivityRow {
  id: number;
  actor_id: string | null;
  email: string | null;
  kind: string;
  created_at: Date;
}

function activityQuery(db: DbOrTx, bookId: string) {
  return db
    .selectFrom('book_activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.actor_id', 'u.email', 'a.kind', 'a.created_at'])
    .where('a.book_id', '=', bookId);
}

const asActivity = (rows: { id: string | number }[]) =>
  rows.map((row) => ({ ...row, id: Number(row.id) }));

/** The changes after `afterId`, oldest first, at most `limit` (what a reconnecting client missed). */
export async function changesAfter(
  db: DbOrTx,
  bookId: string,
  afterId: number,
  limit: number,
): Promise<ActivityRow[]> {
  const rows = await activityQuery(db, bookId)
    .where('a.id', '>', String(afterId))
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return asActivity(rows) as ActivityRow[];
}

export interface ActivityFilter {
  actorId?: string | undefined;
  area?: string | undefined;
  /** Only changes older than this id (the cursor of the next page). */
  beforeId?: number | undefined;
  limit: number;
}

/** One page of the book's activity, newest first. */
export async function listActivity(
  db: DbOrTx,
  bookId: string,
  filter: ActivityFilter,
): Promise<ActivityRow[]> {
  let query = activityQuery(db, bookId);
  if (filter.actorId !== undefined) query = query.where('a.actor_id', '=', filter.actorId);
  if (filter.area !== undefined) query = query.where('a.area', '=', filter.area);
  if (filter.beforeId !== undefined) query = query.where('a.id', '<', String(filter.beforeId));
  const rows = await query.orderBy('a.id', 'desc').limit(filter.limit).execute();
  return asActivity(rows) as ActivityRow[];
}
