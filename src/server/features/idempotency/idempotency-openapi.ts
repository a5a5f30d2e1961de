import { z } from 'zod';
import type { Context } from '../../trpc/context.js';
import type { IdempotencyScope } from './idempotency.js';

/** Documents the header on the routes that honour it (the REST door reads it from the request). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        'Makes a retry safe: the first outcome for this key (per user, kept at least 24 hours) is ' +
        'replayed with the same status and body and no second effect (response header ' +
        'Idempotent-Replayed: true). The same key with a different body gets 422 ' +
        'IDEMPOTENCY_KEY_REUSED; a concurrent duplicate waits for the first and replays it.',
    }),
});

export function idempotencyScope(ctx: Context & { user: { id: string } }): IdempotencyScope {
  return {
    db: ctx.database.db,
    userId: ctx.user.id,
    key: ctx.idempotencyKey,
    clock: ctx.clock,
    requestId: ctx.requestId,
    responseHeaders: ctx.responseHeaders,
  };
}
