import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { AppError } from '../../trpc/app-error.js';
import { errorResponses } from '../../trpc/error-responses.js';
import { revokeSession } from '../sessions/session-service.js';
import { signInWithFirebase } from './firebase-sign-in.js';
import { firebaseExchangeInput, meOutput, tokenOutput } from '../../../shared/schemas/auth.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';

const tags = ['Sign-in'];

export const authRouter = router({
  firebase: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/auth/firebase',
        tags,
        protect: false,
        summary: 'Exchange a Firebase ID token for a session token',
        contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
        errorResponses: errorResponses(400, 401, 403, 429, 500, 503),
      },
    })
    .input(firebaseExchangeInput)
    .output(tokenOutput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.firebase) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Firebase sign-in is not configured on this server.',
        );
      }
      const { token } = await signInWithFirebase(
        ctx.database.db,
        ctx.firebase,
        input.idToken,
        ctx.sessionPolicy,
        ctx.clock,
      );
      return { success: true as const, message: 'User logged in successfully', data: { token } };
    }),

  logout: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/auth/logout',
        tags,
        summary: 'End this session on the server',
        errorResponses: errorResponses(401, 429, 500),
      },
    })
    .input(z.object({}))
    .output(messageEnvelope)
    .mutation(async ({ ctx }) => {
      if (ctx.bearerToken) await revokeSession(ctx.database.db, ctx.bearerToken, ctx.clock);
      return { success: true as const, message: 'Logged out successfully.' };
    }),

  me: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/auth/me',
        tags,
        summary: 'The signed-in user',
        errorResponses: errorResponses(401, 429, 500),
      },
    })
    .input(z.object({}))
    .output(meOutput)
    .query(({ ctx }) => ({
      success: true as const,
      data: { id: ctx.user.id, email: ctx.user.email, method: ctx.user.method },
    })),
});
