import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import { pingDatabase } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { healthOutput } from '../../../shared/schemas/system.js';

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/health',
        tags: ['System'],
        summary: 'Check that the server is up and reaches its database',
        protect: false,
      },
      refusals: ['SERVICE_UNAVAILABLE'],
    })
    .input(z.object({}))
    .output(healthOutput)
    .query(async ({ ctx }) => {
      try {
        await pingDatabase(ctx.database.db);
      } catch (error) {
        ctx.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    }),

  testNew: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'POST',
        path: '/api/test/new',
        tags: ['System'],
        summary: 'Check that a signed-in call works',
      },
    })
    .input(z.object({}))
    .output(messageEnvelope)
    .mutation(() => okMessage('API call successful')),
});
