/**
 * The ids in their new order after one moves a step up (-1) or down (1), swapping with its
 * neighbour; null when it is already at that end. The server takes the whole new order.
 */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] | null {
  const other = index + step;
  if (index < 0 || index >= ids.length || other < 0 || other >= ids.length) return null;
  const next = [...ids];
  [next[index], next[other]] = [next[other] as string, next[index] as string];
  return next;
}
