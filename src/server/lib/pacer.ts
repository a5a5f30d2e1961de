// Work proportional to a request's input that runs on the event loop (rules over 20,000 rows,
// a 16 MB restore file checked record by record, a whole book's export checked before it is sent)
// can take seconds at the limits. A Pacer cuts it into slices of about SLICE_MS with a turn of
// the event loop between two, so every other request (and, on PGlite, its database calls) keeps
// being answered meanwhile (docs/security-hardening.md).

/** The longest stretch of such work between two turns of the event loop, in milliseconds. */
export const SLICE_MS = 5;
/**
 * Light steps (a `contains` test, an amount check: well under a microsecond) between two looks
 * at the clock, which costs more than one of them. A heavy step (running or compiling a
 * pattern: up to about 1.5 ms) always looks.
 */
const LIGHT_STEPS_PER_LOOK = 32;

export class Pacer {
  private sliceStart = performance.now();
  private lightSteps = 0;

  /**
   * Counts one step; true when the slice has run its time and the caller must `await pause()`
   * before the next. Synchronous, so a step that does not pause costs no promise.
   */
  step(heavy = false): boolean {
    if (!heavy && (this.lightSteps += 1) < LIGHT_STEPS_PER_LOOK) return false;
    this.lightSteps = 0;
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Lets the event loop run everything that is waiting (I/O included), then starts a slice. */
  async pause(): Promise<void> {
    await yieldToOthers();
    this.sliceStart = performance.now();
  }
}

/** Lets whatever is waiting (requests, their database calls) run before going on. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
