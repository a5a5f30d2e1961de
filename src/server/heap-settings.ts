import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what survived the last full collection before it collects
 * again (factor 1 + percent/100). Left to itself, V8 grows the old generation by up to 4x while
 * the process spends little time in GC: under 32 concurrent requests the objects of requests in
 * flight are promoted, and the heap reached ~145 MB holding ~35 MB of live data, which put the
 * process above its memory budget (docs/architecture.md#memory). 2x keeps the peak near twice
 * the live size, at the cost of more frequent (mostly concurrent) full collections; 1.5x held
 * the peak lower still but cost clearly more CPU per request.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Applies the heap settings to this process. V8 reads the growing factor each time it sets the
 * next collection's limit, so setting it at start works without command-line flags: the server
 * behaves the same however it is launched (node dist/server/index.js, npm start, Docker).
 */
export function applyHeapSettings(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
