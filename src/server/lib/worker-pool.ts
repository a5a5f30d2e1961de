import { Worker } from 'node:worker_threads';
import { AppError } from './app-error.js';
import type { AppErrorCode } from '../../shared/errors.js';

/**
 * A worker thread that runs one job at a time for a feature, so work proportional to a file a
 * user sent never runs on the thread that answers requests (docs/architecture.md,
 * decision 019). A few more jobs wait their turn; beyond that the server is busy (429). A job
 * that takes longer than `timeoutMs` is refused and the worker replaced; one that runs the worker
 * out of memory is refused too. The worker's module answers through serveJobs (worker-jobs.ts).
 * Bank files (features/import/read-bank-file.ts) and ECB rate files
 * (features/rates/read-rate-file.ts) each have one.
 */

export interface WorkerPoolOptions {
  /** The `import.meta.url` of the module naming the worker, and the worker's module beside it. */
  from: string;
  /** Relative to `from`, without its extension: `./read-worker`. */
  module: string;
  /** The words of the refusals: too slow, out of memory, too many jobs waiting. */
  messages: { tooSlow: string; tooLarge: string; busy: string };
  /** What a failure of ours is called in its error: `Reading a bank file`. */
  failureName: string;
  timeoutMs: number;
  /** Jobs waiting beyond the one running. */
  queueMax: number;
  heapMb: number;
  /** A job with at least this many bytes retires the worker that ran it (see settle). */
  retireAfterBytes: number;
}

/** What serveJobs answers: a result, a refusal (an AppError) or a failure of ours. */
export interface JobReply<R> {
  id: number;
  result?: R;
  refusal?: { code: AppErrorCode; message: string } | null;
  failure?: string | null;
}

/** What serveJobs receives: the job's id, its bytes and whatever else the job needs. */
export interface JobMessage<P> {
  id: number;
  bytes: Uint8Array;
  params: P;
}

interface Pending<P, R> {
  job: JobMessage<P>;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

export class WorkerPool<P, R> {
  private worker: Worker | null = null;
  private current: (Pending<P, R> & { timer: NodeJS.Timeout }) | null = null;
  private readonly waiting: Pending<P, R>[] = [];
  private nextId = 1;

  constructor(private readonly options: WorkerPoolOptions) {}

  run(bytes: Uint8Array, params: P): Promise<R> {
    if (this.waiting.length >= this.options.queueMax) {
      return Promise.reject(new AppError('TOO_MANY_REQUESTS', this.options.messages.busy));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, bytes, params }, resolve, reject });
      this.pump();
    });
  }

  /** Starts the worker ahead of the first job, so that job does not wait for it. */
  warmUp(): void {
    this.ensureWorker();
  }

  /** The worker's module: compiled JavaScript in a build, TypeScript (through tsx) in tests. */
  private startWorker(): Worker {
    const { from, module, heapMb } = this.options;
    const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 8 };
    if (!from.endsWith('.ts')) {
      return new Worker(new URL(`${module}.js`, from), { resourceLimits });
    }
    const target = JSON.stringify(new URL(`${module}.ts`, from).href);
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${target}); });`,
      { eval: true, resourceLimits },
    );
  }

  private pump(): void {
    if (this.current) return;
    const next = this.waiting.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    const timer = setTimeout(
      () => this.replaceWorker(new AppError('UNPROCESSABLE', this.options.messages.tooSlow)),
      this.options.timeoutMs,
    );
    this.current = { ...next, timer };
    worker.postMessage(next.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.startWorker();
    // An idle worker does not keep the process alive (tests, a server closing).
    worker.unref();
    worker.on('message', (reply: JobReply<R>) => this.settle(reply));
    worker.on('error', (error: Error & { code?: string }) =>
      this.replaceWorker(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('UNPROCESSABLE', this.options.messages.tooLarge)
          : error,
      ),
    );
    worker.on('exit', () => {
      if (this.worker === worker) this.replaceWorker(new Error('The worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: JobReply<R>): void {
    const current = this.current;
    if (!current || current.job.id !== reply.id) return;
    clearTimeout(current.timer);
    this.current = null;
    // A worker that ran a large job holds a heap sized for it until V8 feels like collecting;
    // a fresh one (a few tens of milliseconds to start) gives that memory back at once.
    if (current.job.bytes.length >= this.options.retireAfterBytes) this.retireWorker();
    if (reply.result !== undefined) current.resolve(reply.result);
    else if (reply.refusal) current.reject(new AppError(reply.refusal.code, reply.refusal.message));
    else {
      const why = reply.failure ?? 'no reason';
      current.reject(new Error(`${this.options.failureName} failed: ${why}`));
    }
    this.pump();
  }

  /**
   * Ends an idle worker and starts its successor at once: starting one (loading its modules) is
   * a good part of a job, better paid now than by the next job's request.
   */
  private retireWorker(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.ensureWorker();
  }

  /** Ends the worker (stuck, crashed or out of memory), fails its job, starts afresh. */
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
