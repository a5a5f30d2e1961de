import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { MESSAGES } from '../../shared/errors.js';
import { resolveSession, type SessionUser } from '../features/sessions/session-service.js';
import { AppError, describeError } from './app-error.js';
import type { Context } from './context.js';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Never a stack trace, SQL text or driver message: only what describeError lets through.
    errorFormatter({ shape, error, ctx }) {
      const described = describeError(error);
      if (described.status >= 500) {
        ctx?.log.error({ err: error.cause ?? error, requestId: ctx.requestId }, 'procedure failed');
      }
      return {
        code: shape.code,
        message: described.message,
        data: {
          success: false as const,
          code: described.code,
          httpStatus: described.status,
          path: shape.data.path,
          issues: described.issues,
          requestId: described.requestId ?? ctx?.requestId,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** Narrows the context to the signed-in user; any missing, unknown, expired or revoked token is a 401. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.bearerToken) throw new AppError('UNAUTHORIZED', MESSAGES.authRequired);
  const user = await resolveSession(ctx.database.db, ctx.bearerToken, ctx.sessionPolicy, ctx.clock);
  if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
  // tRPC merges this into the context; spreading the whole context here would copy it twice.
  return next({ ctx: { user } });
});

/** The context of a procedure behind protectedProcedure. */
export type AuthedContext = Context & { user: SessionUser };
