import type { Db } from '../../db/connect.js';
import { isLockNotAvailable } from '../../db/pg-errors.js';
import { isTransientConflict } from '../../db/transient-conflicts.js';
import { bookCurrencies, type Conversion } from './conversion-repository.js';
import {
  limitLockWaits,
  lockUnrecorded,
  recordRows,
  recorderHasWork,
  takeRateChanges,
  tryLockRecorder,
  unrecordDays,
} from './conversion-record-repository.js';
import { CONVERSION_WINDOW_DAYS, dayRates, daysBefore } from './day-rates.js';

// The conversion recorder (docs/analytics.md#recorded-conversions, decision 037): brings a book's
// recorded base amounts up to date, so its charts sum a column. It runs in the background
// (background-recorder.ts), one batch per short transaction, and is only ever a shortcut: a chart
// that finds anything unrecorded in its days converts on read, as before, so a recorder that gave
// up (another one holds the book, a row lock it would wait for) costs speed, never a figure.

/**
 * Rows recorded per transaction: about 0.4 s on a slow disk, so the embedded database, which runs
 * one transaction at a time, is never held long.
 */
export const RECORD_BATCH = 5_000;
/** The same on the embedded database, whose one connection every request waits for meanwhile. */
export const EMBEDDED_RECORD_BATCH = 1_000;
/** How long, in ms, the recorder waits for a row lock while marking, before it leaves the work for later. */
const LOCK_TIMEOUT = 200;

export interface RecordOutcome {
  /** False when the recorder did not run: nothing to do, or another run holds the book. */
  ran: boolean;
  entries: number;
  splits: number;
}

const NOT_RUN: RecordOutcome = { ran: false, entries: 0, splits: 0 };

/** Thrown inside a run to undo it: the book's base currency changed while it ran. */
class BaseCurrencyMoved extends Error {}

/**
 * Marks the entries of days whose rates changed, then records up to RECORD_BATCH entries and as
 * many split lines. Gives up quietly (ran: false) when another run holds the book, when a row
 * lock would hold it past LOCK_TIMEOUT, or when PostgreSQL aborts it for a deadlock: all of it is
 * then left for the next run, and charts convert on read meanwhile.
 */
export async function recordConversions(
  db: Db,
  bookId: string,
  batch = RECORD_BATCH,
): Promise<RecordOutcome> {
  // A book in one currency reads amounts as they are; nothing to record.
  if ((await bookCurrencies(db, bookId)).others.length === 0) return NOT_RUN;
  if (!(await recorderHasWork(db, bookId))) return NOT_RUN;
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await tryLockRecorder(trx, bookId))) return NOT_RUN;
      await limitLockWaits(trx, LOCK_TIMEOUT);
      const { base } = await bookCurrencies(trx, bookId);
      const changes = await takeRateChanges(trx, bookId);
      await unrecordDays(
        trx,
        bookId,
        base,
        changes.map((c) => ({ from: c.from, to: daysBefore(c.to, -CONVERSION_WINDOW_DAYS) })),
      );
      const entries = await lockUnrecorded(trx, bookId, 'entries', batch);
      const splits = await lockUnrecorded(trx, bookId, 'splits', batch);
      // Only the days these rows are on: entries years apart cost their days, not the years.
      const days = [...new Set([...entries, ...splits].map((row) => row.day))].sort();
      const from = days[0];
      const to = days[days.length - 1];
      if (from === undefined || to === undefined) return { ran: true, entries: 0, splits: 0 };
      // The currencies of the rows themselves: an account made since the first look is in.
      const currencies = [...new Set([...entries, ...splits].map((row) => row.currency))].filter(
        (currency): currency is string => currency !== null && currency !== base,
      );
      const c: Conversion = {
        base,
        active: true,
        recorded: false,
        rates: await dayRates(trx, bookId, base, currencies, from, to, { days }),
        missing: [],
      };
      const outcome = {
        ran: true,
        entries: await recordRows(
          trx,
          bookId,
          'entries',
          entries.map((row) => row.id),
          c,
        ),
        splits: await recordRows(
          trx,
          bookId,
          'splits',
          splits.map((row) => row.id),
          c,
        ),
      };
      // A base currency changed and committed since it was read above: its trigger marked the
      // rows before they were locked here, so what was recorded is in the old base. Undone.
      // (One that commits after this line waits for these rows' locks, and marks them again.)
      if ((await bookCurrencies(trx, bookId)).base !== base) throw new BaseCurrencyMoved();
      return outcome;
    });
  } catch (error) {
    if (error instanceof BaseCurrencyMoved) return NOT_RUN;
    if (isLockNotAvailable(error) || isTransientConflict(error)) return NOT_RUN;
    throw error;
  }
}
