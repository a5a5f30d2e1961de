import type { DbOrTx } from '../db/connect.js';
import type { Actor } from '../lib/actor.js';
import { ok } from './envelope.js';
import type { AuthedContext } from './init.js';
import { idempotentMutation } from './idempotent-mutation.js';

/** Who acts on which book, with the book's rules setting the session lookup brought along. */
export function actorOf(ctx: AuthedContext): Actor {
  return { bookId: ctx.bookId, actorId: ctx.user.id, appliesRules: ctx.bookAppliesRules };
}

/**
 * The resolver of most ledger mutations: idempotent (docs/idempotency.md), its service given the
 * caller's book and the acting user, its result answered in the envelope with `message` (a text,
 * or one made from the result).
 */
export function bookMutation<TInput, TData>(
  service: (db: DbOrTx, actor: Actor, input: TInput) => Promise<TData>,
  message: string | ((data: TData) => string),
) {
  return idempotentMutation<TInput, { success: true; message?: string; data: TData }>(
    async ({ ctx, input, db }) => {
      const data = await service(db, actorOf(ctx), input);
      return ok(data, typeof message === 'string' ? message : message(data));
    },
  );
}
