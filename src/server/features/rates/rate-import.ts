import type { Db, DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { yieldToOthers } from '../../lib/pacer.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { ImportRatesInput, RateImportResult } from '../../../shared/schemas/rate.js';
import { idempotent } from '../idempotency/index.js';
import type { EcbRates } from './ecb-rates.js';
import { readRateFileOffThread } from './read-rate-file.js';
import { upsertEcbRates, type WrittenRates } from './rate-repository.js';

// Importing an ECB reference-rate file without stalling anyone (docs/rates.md#importing):
// 1. An outcome already recorded for the Idempotency-Key is the answer (decision 008).
// 2. The file is read whole on a worker thread (read-rate-file.ts) before anything is written,
//    so a malformed file changes nothing; its refusal is recorded as the key's outcome.
// 3. The rates are written CHUNK_RATES at a time, each chunk its own short transaction, with a
//    turn of the event loop between two: on PGlite every request shares one session, and one
//    transaction of a whole history held it for about 11 s. Only the last chunk runs in the
//    key's transaction, so the key's outcome commits with it and a replay answers the same.
// A failure midway leaves the chunks written so far: the upsert is idempotent (the same source,
// pair and day is replaced), so the import converges on retry (decision 030).

/** Rates per transaction: on PGlite a few hundred milliseconds, on PostgreSQL a few tens. */
export const CHUNK_RATES = 2_000;

const NOT_RECORDED = new Error('no outcome recorded for this key yet');

/** What one import needs to know besides the file. */
export interface RateImportScope {
  db: Db;
  bookId: string;
  userId: string;
  /** For the Idempotency-Key (docs/idempotency.md): the key, the operation, the request. */
  key: string | null;
  operation: string;
  clock: Clock;
  requestId: string;
  responseHeaders: Record<string, string>;
}

/**
 * Imports an ECB file into the scope's book in the steps above; `answer` makes the reply from
 * the result, which is what a retry with the same key replays.
 */
export async function importEcbRates<T>(
  scope: RateImportScope,
  input: ImportRatesInput,
  answer: (result: RateImportResult) => T,
): Promise<T> {
  // The request is known by its file's hash: hashing up to 21 MB of base64 once, not per step.
  const fingerprint = { fileName: input.fileName, content: sha256Hex(input.content) };
  const once = <R>(run: (db: DbOrTx) => Promise<R>) =>
    idempotent(
      {
        db: scope.db,
        userId: scope.userId,
        key: scope.key,
        clock: scope.clock,
        requestId: scope.requestId,
        responseHeaders: scope.responseHeaders,
      },
      scope.operation,
      fingerprint,
      run,
    );

  if (scope.key !== null) {
    try {
      return await once<T>(() => Promise.reject(NOT_RECORDED));
    } catch (error) {
      if (error !== NOT_RECORDED) throw error;
    }
  }

  let file: EcbRates;
  try {
    file = await readRateFileOffThread(Buffer.from(input.content, 'base64'));
  } catch (error) {
    // A refusal of the file is the key's outcome; a busy server (429) or a failure is not.
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') {
      await once(() => Promise.reject(error));
    }
    throw error;
  }

  const written: WrittenRates = { added: 0, replaced: 0 };
  const writeChunk = async (db: DbOrTx, start: number) => {
    const end = start + CHUNK_RATES;
    const chunk = await upsertEcbRates(db, scope.bookId, {
      currencies: file.currencies.slice(start, end),
      days: file.days.slice(start, end),
      rates: file.rates.slice(start, end),
    });
    written.added += chunk.added;
    written.replaced += chunk.replaced;
  };
  // Every chunk but the last: one statement, so one short transaction of its own.
  const last = Math.max(0, Math.ceil(file.rates.length / CHUNK_RATES) - 1) * CHUNK_RATES;
  for (let start = 0; start < last; start += CHUNK_RATES) {
    await writeChunk(scope.db, start);
    await yieldToOthers();
  }
  return once(async (db) => {
    await writeChunk(db, last);
    return answer({
      fileName: input.fileName,
      format: file.format,
      days: file.dayCount,
      firstDay: file.firstDay,
      lastDay: file.lastDay,
      added: written.added,
      replaced: written.replaced,
      unchanged: file.rates.length - written.added - written.replaced,
      skippedNotAvailable: file.skippedNotAvailable,
    });
  });
}
