import { z } from 'zod';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { DbOrTx } from '../db/connect.js';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  idempotent,
} from '../features/idempotency/index.js';
import type { AuthedContext } from './init.js';

/** Documents the header on the routes that honour it (the REST door reads it from the request). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({
      description:
        'Makes a retry safe: the first outcome for this key (per user, kept at least 24 hours) is ' +
        'replayed with the same status and body and no second effect (response header ' +
        'Idempotent-Replayed: true). The same key with a different body gets 422 ' +
        'IDEMPOTENCY_KEY_REUSED; a concurrent duplicate waits for the first and replays it.',
    }),
});

const IDEMPOTENT = Symbol('idempotent mutation');

/** What the handler of an idempotent mutation receives. */
export interface IdempotentCall<TInput> {
  ctx: AuthedContext;
  input: TInput;
  /** The key's transaction when a key was sent, else the pool: write through this. */
  db: DbOrTx;
}

/**
 * The resolver of a mutation a client may retry with an Idempotency-Key (docs/idempotency.md).
 * `handler` runs at most once per key and user, writing through `db`, which is the key's
 * transaction when a key was sent, so the effect and its stored outcome commit together. The
 * operation recorded with the key is the procedure's path.
 *
 * A resolver rather than a middleware: a middleware declared before `.input()` runs before the
 * input is parsed, and the request is fingerprinted by its parsed input.
 */
export function idempotentMutation<TInput, TOutput>(
  handler: (call: IdempotentCall<TInput>) => Promise<TOutput>,
) {
  const resolver = ({ ctx, input, path }: { ctx: AuthedContext; input: TInput; path: string }) =>
    idempotent(
      {
        db: ctx.database.db,
        userId: ctx.user.id,
        key: ctx.idempotencyKey,
        clock: ctx.clock,
        requestId: ctx.requestId,
        responseHeaders: ctx.responseHeaders,
      },
      // A key names one request on one book: the same key on another book is another request
      // (docs/sharing.md#choosing-a-book). Personal-book calls keep the plain path they always had.
      ctx.bookPersonal ? path : `${path} in book ${ctx.bookId}`,
      input,
      (db) => handler({ ctx, input, db }),
    );
  return markIdempotent(resolver);
}

/**
 * Marks a resolver that honours an Idempotency-Key itself (the restore, which records the key's
 * outcome with its last chunk): it is listed and documented as idempotent like the others.
 */
export function markIdempotent<T extends object>(resolver: T): T & { [IDEMPOTENT]: true } {
  return Object.assign(resolver, { [IDEMPOTENT]: true as const });
}

/** Whether a procedure's resolver was made by idempotentMutation. */
export function isIdempotent(procedure: AnyTRPCProcedure): boolean {
  const { resolver } = procedure._def as unknown as { resolver?: { [IDEMPOTENT]?: true } };
  return resolver?.[IDEMPOTENT] === true;
}
