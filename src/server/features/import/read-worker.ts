import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.js';
import { parseBankFile } from './parse-file.js';
import type { ReadOptions } from './parsed-file.js';

// The worker thread that reads bank files (read-bank-file.ts, docs/import.md#reading): every
// reader runs here, so however long a file takes to read, the request thread keeps answering.

export interface ReadJob {
  id: number;
  bytes: Uint8Array;
  options: ReadOptions;
}

parentPort?.on('message', (job: ReadJob) => {
  try {
    parentPort?.postMessage({ id: job.id, parsed: parseBankFile(job.bytes, job.options) });
  } catch (error) {
    // A refusal crosses as its code and message; anything else is a failure of ours.
    const refusal = error instanceof AppError ? { code: error.code, message: error.message } : null;
    parentPort?.postMessage({
      id: job.id,
      refusal,
      failure: refusal
        ? null
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    });
  }
});
