import { WorkerPool } from '../../lib/worker-pool.js';
import type { EcbRates } from './ecb-rates.js';

/**
 * ECB rate files are read on a worker thread (docs/rates.md#ecb-files), like bank files
 * (decision 019): a 5 MB history is about 185 ms of reading and a file may be 16 MB, time every
 * other request would otherwise wait. The refusals of the readers (ecb-file.ts) cross unchanged.
 */

export const RATE_READ_MESSAGES = {
  tooSlow: 'This rate file took too long to read; import a shorter one (the 90-day file)',
  tooLarge: 'This rate file needs too much memory to read; import a shorter one (the 90-day file)',
  busy: 'The server is reading other rate files right now. Try again in a few seconds.',
} as const;

const reader = new WorkerPool<null, EcbRates>({
  from: import.meta.url,
  module: './read-rate-worker',
  messages: RATE_READ_MESSAGES,
  failureName: 'Reading an ECB rate file',
  timeoutMs: 20_000,
  queueMax: 8,
  // 16 MB of XML read into three columns of up to a few hundred thousand strings.
  heapMb: 256,
  retireAfterBytes: 64 * 1024,
});

/** Reads an ECB reference-rate file (readEcbRateFile) on the worker thread. */
export function readRateFileOffThread(bytes: Uint8Array): Promise<EcbRates> {
  return reader.run(bytes, null);
}
