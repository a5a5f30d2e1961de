import { z } from 'zod';
import { protectedProcedure, router, signInProcedure } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import { AppError } from '../../lib/app-error.js';
import { revokeSession } from '../sessions/index.js';
import { signInWithFirebase } from './firebase-sign-in.js';
import { firebaseExchangeInput, meOutput, tokenOutput } from '../../../shared/schemas/auth.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';

const tags = ['Sign-in'];

export const authRouter = router({
  firebase: signInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/auth/firebase',
        tags,
        protect: false,
        summary: 'Exchange a Firebase ID token for a session token',
        description:
          'Takes the form field idToken (or the same in JSON). An email-and-password identity ' +
          'must have verified its address (403 otherwise); 503 when Firebase sign-in is off.',
        contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
      },
      refusals: ['UNAUTHORIZED', 'FORBIDDEN', 'SERVICE_UNAVAILABLE'],
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
      return ok({ token }, 'User logged in successfully');
    }),

  logout: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'POST',
        path: '/api/auth/logout',
        tags,
        summary: 'End this session on the server',
      },
    })
    .input(z.object({}))
    .output(messageEnvelope)
    .mutation(async ({ ctx }) => {
      if (ctx.bearerToken) await revokeSession(ctx.database.db, ctx.bearerToken, ctx.clock);
      return okMessage('Logged out successfully.');
    }),

  me: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'GET',
        path: '/api/auth/me',
        tags,
        summary: 'Show the signed-in user: id, email and sign-in method',
      },
    })
    .input(z.object({}))
    .output(meOutput)
    .query(({ ctx }) => ok({ id: ctx.user.id, email: ctx.user.email, method: ctx.user.method })),
});
