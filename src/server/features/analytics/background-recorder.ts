import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { RECORD_BATCH, recordConversions } from './conversion-recorder.js';

// Records a book's conversions off the request path (docs/analytics.md#recorded-conversions): a
// chart that found something unrecorded answers by converting on read, at once, and asks for
// the book to be recorded here, so no request ever waits for a recording. One run per book at a
// time per instance (the advisory lock keeps it to one across instances); a run records batch
// after batch until nothing is left or another run holds the book, with a pause between batches
// so the embedded database, which runs one statement at a time, serves requests in between.

/** Asks for a book's conversions to be recorded, off the request path. */
export type RecordLater = (bookId: string) => void;

/** The pause between two batches of one run. */
const BETWEEN_BATCHES_MS = 20;
/** Batches one run records at most (then the next chart read asks again). */
const BATCHES_MAX = 400;

export class BackgroundRecorder {
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  /**
   * @param batch rows per transaction: RECORD_BATCH on PostgreSQL; fewer on the embedded
   *   database, where a transaction holds the one connection every request waits for.
   */
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly batch = RECORD_BATCH,
  ) {}

  /** Starts recording the book unless a run for it is under way here (or the app is closing). */
  request(bookId: string): void {
    if (this.closed || this.running.has(bookId)) return;
    const run = this.run(bookId).finally(() => this.running.delete(bookId));
    this.running.set(bookId, run);
  }

  /** Takes no new work and waits for the runs under way: before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running.values());
  }

  private async run(bookId: string): Promise<void> {
    try {
      for (let batch = 0; batch < BATCHES_MAX && !this.closed; batch += 1) {
        const outcome = await recordConversions(this.db, bookId, this.batch);
        if (!outcome.ran || (outcome.entries < this.batch && outcome.splits < this.batch)) return;
        await new Promise((resolve) => setTimeout(resolve, BETWEEN_BATCHES_MS));
      }
    } catch (error) {
      // A figure never depends on it: the charts convert on read until a later run succeeds.
      this.log.error({ err: error, bookId }, 'recording conversions failed');
    }
  }
}
