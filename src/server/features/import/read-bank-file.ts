import { WorkerPool } from '../../lib/worker-pool.js';
import type { ParsedFile, ReadOptions } from './parsed-file.js';
import { readingKey, recalled, remember } from './parsed-file-memo.js';

/**
 * Bank files are read on a worker thread, never on the thread that answers requests
 * (docs/import.md#reading): a reader is linear, but 5 MB of any format is still tens or hundreds
 * of milliseconds of work, and every other request would wait for it. One worker per process
 * reads one file at a time; a few more wait their turn, beyond that the server is busy (429).
 * A file that takes longer than 20 s to read is refused and the worker replaced.
 */

export const READ_MESSAGES = {
  tooSlow: 'This file took too long to read; split it into smaller files and import each',
  tooLarge: 'This file needs too much memory to read; split it into smaller files and import each',
  busy: 'The server is reading other files right now. Try again in a few seconds.',
} as const;

/** The reader's worker (src/server/lib/worker-pool.ts), with this feature's words and bounds. */
const reader = new WorkerPool<ReadOptions, ParsedFile>({
  from: import.meta.url,
  module: './read-worker',
  messages: READ_MESSAGES,
  failureName: 'Reading a bank file',
  timeoutMs: 20_000,
  queueMax: 8,
  // A 5 MB file read into rows needs a few tens of MB.
  heapMb: 96,
  retireAfterBytes: 64 * 1024,
});

/**
 * Starts the reader's worker now (the server calls it once listening): loading the readers is a
 * good part of a first file's reading, better paid before anyone waits for it.
 */
export function startBankFileReader(): void {
  reader.warmUp();
}

/** A file's bytes with their SHA-256 (hex), which the import computes once for both uses. */
export interface BankFile {
  bytes: Uint8Array;
  sha256: string;
}

/**
 * Reads a bank file on the worker thread (see above), or gives the reading of the same bytes with
 * the same options made a moment ago (the preview's, when this is its commit).
 */
export async function readBankFile(file: BankFile, options: ReadOptions): Promise<ParsedFile> {
  const key = readingKey(file.sha256, options);
  return recalled(key) ?? remember(key, await reader.run(file.bytes, options));
}
