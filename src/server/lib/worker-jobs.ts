import { parentPort } from 'node:worker_threads';
import { AppError } from './app-error.js';
import type { JobMessage, JobReply } from './worker-pool.js';

/**
 * The worker thread's side of a WorkerPool (worker-pool.ts): runs each job it is sent and answers
 * with its result; a refusal (an AppError) crosses as its code and message, so the request
 * answers with the same words as if it had run here; anything else is a failure of ours.
 */
export function serveJobs<P, R>(run: (bytes: Uint8Array, params: P) => R): void {
  parentPort?.on('message', (job: JobMessage<P>) => {
    let reply: JobReply<R>;
    try {
      reply = { id: job.id, result: run(job.bytes, job.params) };
    } catch (error) {
      const refusal =
        error instanceof AppError ? { code: error.code, message: error.message } : null;
      const failure = refusal
        ? null
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
      reply = { id: job.id, refusal, failure };
    }
    parentPort?.postMessage(reply);
  });
}
