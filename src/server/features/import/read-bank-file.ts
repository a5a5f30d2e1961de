import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.js';
import type { AppErrorCode } from '../../../shared/errors.js';
import type { ParsedFile, ReadOptions } from './parsed-file.js';
import type { ReadJob } from './read-worker.js';
import { readingKey, recalled, remember } from './parsed-file-memo.js';

/**
 * Bank files are read on a worker thread, never on the thread that answers requests
 * (docs/import.md#reading): a reader is linear, but 5 MB of any format is still tens or hundreds
 * of milliseconds of work, and every other request would wait for it. One worker per process
 * reads one file at a time; a few more wait their turn, beyond that the server is busy (429).
 * A file that takes longer than READ_TIMEOUT_MS to read is refused and the worker replaced.
 */

export const READ_MESSAGES = {
  tooSlow: 'This file took too long to read; split it into smaller files and import each',
  tooLarge: 'This file needs too much memory to read; split it into smaller files and import each',
  busy: 'The server is reading other files right now. Try again in a few seconds.',
} as const;

const READ_TIMEOUT_MS = 20_000;
/** Files waiting for the worker beyond the one it reads. */
const QUEUE_MAX = 8;
/** A file at least this large retires the worker that read it (see settle). */
const RETIRE_AFTER_BYTES = 64 * 1024;
/** The worker's heap: a 5 MB file read into rows needs a few tens of MB. */
const WORKER_HEAP_MB = 96;

interface Reply {
  id: number;
  parsed?: ParsedFile;
  refusal?: { code: AppErrorCode; message: string } | null;
  failure?: string | null;
}

interface Pending {
  job: ReadJob;
  resolve: (parsed: ParsedFile) => void;
  reject: (error: Error) => void;
}

/** The worker's module: compiled JavaScript in a build, TypeScript (through tsx) in tests. */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) {
    return new Worker(new URL('./read-worker.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    });
  }
  const target = JSON.stringify(new URL('./read-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${target}); });`,
    {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    },
  );
}

class BankFileReader {
  private worker: Worker | null = null;
  private current: (Pending & { timer: NodeJS.Timeout }) | null = null;
  private readonly waiting: Pending[] = [];
  private nextId = 1;

  read(bytes: Uint8Array, options: ReadOptions): Promise<ParsedFile> {
    if (this.waiting.length >= QUEUE_MAX) {
      return Promise.reject(new AppError('TOO_MANY_REQUESTS', READ_MESSAGES.busy));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, bytes, options }, resolve, reject });
      this.pump();
    });
  }

  /** Starts the worker ahead of the first file, so that file does not wait for it. */
  warmUp(): void {
    this.ensureWorker();
  }

  private pump(): void {
    if (this.current) return;
    const next = this.waiting.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(
      () => this.replaceWorker(new AppError('UNPROCESSABLE', READ_MESSAGES.tooSlow)),
      READ_TIMEOUT_MS,
    );
    this.current = { ...next, timer };
    worker.postMessage(next.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    // An idle worker does not keep the process alive (tests, a server closing).
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error: Error & { code?: string }) =>
      this.replaceWorker(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('UNPROCESSABLE', READ_MESSAGES.tooLarge)
          : error,
      ),
    );
    worker.on('exit', () => {
      if (this.worker === worker) this.replaceWorker(new Error('The file reader stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const current = this.current;
    if (!current || current.job.id !== reply.id) return;
    clearTimeout(current.timer);
    this.current = null;
    // A worker that read a large file holds a heap sized for it until V8 feels like collecting;
    // a fresh one (a few tens of milliseconds to start) gives that memory back at once.
    if (current.job.bytes.length >= RETIRE_AFTER_BYTES) this.retireWorker();
    if (reply.parsed) current.resolve(reply.parsed);
    else if (reply.refusal) current.reject(new AppError(reply.refusal.code, reply.refusal.message));
    else current.reject(new Error(`Reading a bank file failed: ${reply.failure ?? 'no reason'}`));
    this.pump();
  }

  /**
   * Ends an idle worker and starts its successor at once: starting one (loading the readers) is
   * a good part of reading a file, better paid now than by the next file's request.
   */
  private retireWorker(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.ensureWorker();
  }

  /** Ends the worker (stuck, crashed or out of memory), fails the file it read, starts afresh. */
  private replaceWorker(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    const current = this.current;
    this.current = null;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    void worker?.terminate();
    this.pump();
  }
}

const reader = new BankFileReader();

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
  return recalled(key) ?? remember(key, await reader.read(file.bytes, options));
}
