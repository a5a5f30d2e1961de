import { performance } from 'node:perf_hooks';

// A file of up to 16 MB is parsed, checked and hashed on the event loop: these keep each stretch
// of that work short, so other requests (and, on PGlite, their database calls) get their turn.

/** CPU work between two yields to the event loop while a file is parsed and checked. */
const SLICE_MS = 8;

/** Measures the CPU work since the last yield, and yields to other work once a slice is used. */
export class Pacer {
  private since = performance.now();
  private count = 0;

  /** Whether this slice is used up (checks the clock every 32 calls). */
  due(): boolean {
    this.count += 1;
    return (this.count & 31) === 0 && performance.now() - this.since >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await yieldToOthers();
    this.since = performance.now();
  }
}

/** Lets whatever is waiting (requests, their database calls) run before going on. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
