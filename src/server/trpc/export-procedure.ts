import { protectedProcedure } from './init.js';
import { isFileAnswer } from './file-answer.js';

/**
 * A signed-in procedure that exports (docs/analytics.md#limits-of-the-expensive-reads): one
 * export at a time per user, a few per instance, a budget per minute. The slot is taken before
 * the input is read (so a refused query still counts) and is in the context as `exportSlot`.
 * An answer that is a file takes the slot along, to give it back when the file is sent or
 * dropped; any other outcome gives it back at once. Its procedures list TOO_MANY_REQUESTS in
 * their refusals, so the 429 is documented.
 */
export function exportProcedure(kind: 'csv' | 'full') {
  return protectedProcedure.use(async ({ ctx, next }) => {
    const release = await ctx.limits.startExport(ctx.user.id, kind, ctx.responseHeaders);
    let handedOver = false;
    try {
      const result = await next({ ctx: { exportSlot: release } });
      handedOver = result.ok && isFileAnswer(result.data);
      return result;
    } finally {
      if (!handedOver) await release();
    }
  });
}
