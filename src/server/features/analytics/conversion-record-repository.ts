import { sql } from 'kysely';
import type { DbOrTx } from '../../db/connect.js';
import { conversionJoins, converted, type Conversion } from './conversion-repository.js';

// The statements of the conversion recorder (conversion-recorder.ts, docs/analytics.md#recorded-
// conversions): what is left to record, marking the entries of days whose rates changed, and
// writing each entry's and split line's amount in the base currency with the same expression a
// chart converts with on read (conversion-repository.ts#converted), so the two cannot differ.

/** The largest value a bigint column holds: a conversion past it stays unrecorded (read converts it). */
const INT8_MAX = '9223372036854775807';

/**
 * The first day of a live entry not recorded, from `from` to `to`, as a scalar subquery: through
 * the index of such entries, whatever the statistics say. An EXISTS lets the planner pick a
 * sequential scan when its statistics still count most entries unrecorded (right after a large
 * import, until the next ANALYZE), and that scan read all 100,000 entries of a recorded book.
 */
const firstUnrecordedDay = (
  bookId: string,
  from: string | undefined,
  to: string | undefined,
) => sql`(SELECT t.occurred_on FROM transactions t
    WHERE t.book_id = ${bookId}::uuid AND NOT t.base_recorded AND t.deleted_at IS NULL
      ${from === undefined ? sql`` : sql`AND t.occurred_on >= ${from}::date`}
      ${to === undefined ? sql`` : sql`AND t.occurred_on <= ${to}::date`}
    ORDER BY t.occurred_on LIMIT 1)`;

/** Whether the book has anything to record or to mark: index probes, no lock. */
export async function recorderHasWork(db: DbOrTx, bookId: string): Promise<boolean> {
  const { rows } = await sql<{ work: boolean }>`
    SELECT ${firstUnrecordedDay(bookId, undefined, undefined)} IS NOT NULL
      OR EXISTS (SELECT 1 FROM entry_splits WHERE book_id = ${bookId}::uuid AND NOT base_recorded)
      OR EXISTS (SELECT 1 FROM rate_changes WHERE book_id = ${bookId}::uuid) AS work`.execute(db);
  return rows[0]?.work ?? false;
}

/**
 * Whether every live entry (and split line) dated from `from` (unbounded: undefined) to `to` is
 * recorded and no rate change not yet marked reaches those days: then a chart may sum the
 * recorded amounts. `windowDays`: how far after its day a rate may convert an entry.
 */
export async function allRecorded(
  db: DbOrTx,
  bookId: string,
  from: string | undefined,
  to: string,
  windowDays: number,
): Promise<boolean> {
  const after = from === undefined ? sql`` : sql`AND t.occurred_on >= ${from}::date`;
  const { rows } = await sql<{ recorded: boolean }>`
    SELECT ${firstUnrecordedDay(bookId, from, to)} IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM entry_splits s
        JOIN transactions t ON t.book_id = s.book_id AND t.id = s.entry_id
        WHERE s.book_id = ${bookId}::uuid AND NOT s.base_recorded AND t.deleted_at IS NULL
          AND t.occurred_on <= ${to}::date ${after})
      AND NOT EXISTS (
        SELECT 1 FROM rate_changes r WHERE r.book_id = ${bookId}::uuid
          AND r.from_day <= ${to}::date
          ${from === undefined ? sql`` : sql`AND r.to_day + ${windowDays}::int >= ${from}::date`})
      AS recorded`.execute(db);
  return rows[0]?.recorded ?? false;
}

/** One recorder per book at a time: false when another holds the book (it does the work). */
export async function tryLockRecorder(trx: DbOrTx, bookId: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtextextended('conversions:' || ${bookId}, 0)) AS locked`.execute(
    trx,
  );
  return rows[0]?.locked ?? false;
}

/** How long, in ms, a statement of this transaction waits for a lock before it fails (55P03). */
export async function limitLockWaits(trx: DbOrTx, ms: number): Promise<void> {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`limitLockWaits: ${ms} ms`);
  // The number is in the text (SET takes no parameters), checked to be a positive integer above.
  await sql.raw(`SET LOCAL lock_timeout = ${ms}`).execute(trx);
}

/** The rate changes of the book, taken (deleted) in the recorder's transaction. */
export async function takeRateChanges(
  trx: DbOrTx,
  bookId: string,
): Promise<{ from: string; to: string }[]> {
  const { rows } = await sql<{ from: string; to: string }>`
    DELETE FROM rate_changes WHERE book_id = ${bookId}::uuid
    RETURNING to_char(from_day, 'YYYY-MM-DD') AS from, to_char(to_day, 'YYYY-MM-DD') AS to`.execute(
    trx,
  );
  return rows;
}

/**
 * Marks not recorded the live entries in another currency than `base`, and their split lines,
 * dated within one of `ranges` (inclusive): their rate may have changed.
 */
export async function unrecordDays(
  trx: DbOrTx,
  bookId: string,
  base: string,
  ranges: readonly { from: string; to: string }[],
): Promise<void> {
  if (ranges.length === 0) return;
  const days = sql`unnest(${sql.val(ranges.map((r) => r.from))}::date[],
      ${sql.val(ranges.map((r) => r.to))}::date[]) AS r(from_day, to_day)`;
  const foreign = sql`SELECT id FROM accounts WHERE book_id = ${bookId}::uuid AND currency <> ${base}`;
  await sql`
    UPDATE transactions t SET base_recorded = false, base_amount = NULL
    WHERE t.book_id = ${bookId}::uuid AND t.base_recorded AND t.deleted_at IS NULL
      AND t.account_id IN (${foreign})
      AND EXISTS (SELECT 1 FROM ${days} WHERE t.occurred_on BETWEEN r.from_day AND r.to_day)`.execute(
    trx,
  );
  await sql`
    UPDATE entry_splits s SET base_recorded = false, base_amount = NULL
    FROM transactions t
    WHERE s.book_id = ${bookId}::uuid AND s.base_recorded
      AND t.book_id = s.book_id AND t.id = s.entry_id AND t.deleted_at IS NULL
      AND t.account_id IN (${foreign})
      AND EXISTS (SELECT 1 FROM ${days} WHERE t.occurred_on BETWEEN r.from_day AND r.to_day)`.execute(
    trx,
  );
}

/** A row to record: an entry or a split line, its currency (null: no account) and its day. */
export interface UnrecordedRow {
  id: string;
  currency: string | null;
  day: string;
}

/**
 * The two kinds of rows with a recorded conversion: entries, and split lines (converted at their
 * entry's day, in their entry's account's currency). Each names its rows' alias (`row`) and the
 * entry it converts by as `t`.
 */
const ROWS = {
  entries: { table: sql`transactions`, from: sql`transactions t`, row: sql.ref('t') },
  splits: {
    table: sql`entry_splits`,
    from: sql`entry_splits s JOIN transactions t ON t.book_id = s.book_id AND t.id = s.entry_id`,
    row: sql.ref('s'),
  },
} as const;

export type RecordedRows = keyof typeof ROWS;

/**
 * Up to `limit` rows of live entries not recorded, oldest day first, locked for the recorder; a
 * row another transaction holds is skipped (it is recorded another time), so the recorder never
 * waits.
 */
export async function lockUnrecorded(
  trx: DbOrTx,
  bookId: string,
  kind: RecordedRows,
  limit: number,
): Promise<UnrecordedRow[]> {
  const { from, row } = ROWS[kind];
  const { rows } = await sql<UnrecordedRow>`
    SELECT ${row}.id, a.currency, to_char(t.occurred_on, 'YYYY-MM-DD') AS day
    FROM ${from}
    LEFT JOIN accounts a ON a.book_id = t.book_id AND a.id = t.account_id
    WHERE ${row}.book_id = ${bookId}::uuid AND NOT ${row}.base_recorded AND t.deleted_at IS NULL
    ORDER BY t.occurred_on
    LIMIT ${limit}
    FOR UPDATE OF ${row} SKIP LOCKED`.execute(trx);
  return rows;
}

/**
 * Records the rows `ids` (locked by this transaction) at `c`'s day rates, which cover their days:
 * base_amount is what a chart would convert on read. One too large for a bigint stays
 * unrecorded. Returns how many were recorded.
 */
export async function recordRows(
  trx: DbOrTx,
  bookId: string,
  kind: RecordedRows,
  ids: readonly string[],
  c: Conversion,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { table, from, row } = ROWS[kind];
  const onRead = { ...c, recorded: false };
  const result = await sql`
    UPDATE ${table} u SET base_amount = x.v::int8, base_recorded = true
    FROM (
      SELECT ${row}.id, ${converted(onRead, sql`${row}.amount_cents`)} AS v
      FROM ${from} ${conversionJoins(onRead)}
      WHERE ${row}.book_id = ${bookId}::uuid AND ${row}.id = ANY(${sql.val(ids)}::uuid[])
    ) x
    WHERE u.book_id = ${bookId}::uuid AND u.id = x.id
      AND (x.v IS NULL OR abs(x.v) <= ${INT8_MAX}::numeric)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
