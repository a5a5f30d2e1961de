import { sql } from 'kysely';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { AppError } from '../../trpc/app-error.js';
import { LIST_ROUTE_ERRORS, errorResponses } from '../../trpc/error-responses.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { healthOutput } from '../../../shared/schemas/system.js';

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/health',
        tags: ['System'],
        summary: 'Liveness and database check',
        protect: false,
        errorResponses: errorResponses(503),
      },
    })
    .input(z.object({}))
    .output(healthOutput)
    .query(async ({ ctx }) => {
      try {
        await sql`select 1`.execute(ctx.database.db);
      } catch (error) {
        ctx.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { success: true as const, data: { status: 'ok' as const, database: 'ok' as const } };
    }),

  testNew: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/test/new',
        errorResponses: LIST_ROUTE_ERRORS,
        tags: ['System'],
        summary: 'Checks that a signed-in call works',
      },
    })
    .input(z.object({}))
    .output(messageEnvelope)
    .mutation(() => ({ success: true as const, message: 'API call successful' })),
});
