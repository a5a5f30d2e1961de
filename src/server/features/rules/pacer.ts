// Rules run on up to 20,000 imported rows or 5,000 entries in one request: seconds of work at
// the limits (docs/import.md#rules). A Pacer cuts that work into slices of about SLICE_MS with
// a turn of the event loop between two, so every other request keeps being answered meanwhile.

/** The longest stretch of rule work between two turns of the event loop, in milliseconds. */
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
  step(heavy: boolean): boolean {
    if (!heavy && (this.lightSteps += 1) < LIGHT_STEPS_PER_LOOK) return false;
    this.lightSteps = 0;
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Lets the event loop run everything that is waiting (I/O included), then starts a slice. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
