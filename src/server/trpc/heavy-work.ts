import { protectedProcedure } from './init.js';
import type { HeavyWork } from './usage-limits.js';

/**
 * A signed-in procedure whose work runs one at a time per user (HEAVY_WORK in usage-limits.ts,
 * docs/security-hardening.md, "Rule patterns"): the slot is taken before the input is read and given
 * back however the call ends. Declares the 429 it may answer.
 */
export function oneAtATimeProcedure(kind: HeavyWork) {
  return protectedProcedure.use(async ({ ctx, next }) => {
    const release = await ctx.limits.startHeavyWork(ctx.user.id, kind, ctx.responseHeaders);
    try {
      return await next();
    } finally {
      await release();
    }
  });
}
