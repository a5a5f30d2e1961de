import { z } from 'zod';
import type { Pacer } from './pacer.js';

// A long list in an answer (a whole book's export, a 20,000-row import preview) checked against
// its item schema one item at a time with turns for others between slices: a single parse of
// such a list held the event loop for hundreds of milliseconds.

/**
 * Each item of `items` parsed by `schema`, as one parse of the list would give, errors named by
 * `path` and the item's index.
 */
export async function parseEachPaced(
  schema: z.ZodType,
  items: readonly unknown[],
  path: readonly PropertyKey[],
  pacer: Pacer,
): Promise<unknown[]> {
  const parsed = new Array<unknown>(items.length);
  for (let i = 0; i < items.length; i++) {
    const result = schema.safeParse(items[i]);
    if (!result.success) {
      throw new z.ZodRealError(
        result.error.issues.map((issue) => ({ ...issue, path: [...path, i, ...issue.path] })),
      );
    }
    parsed[i] = result.data;
    if (pacer.step()) await pacer.pause();
  }
  return parsed;
}
