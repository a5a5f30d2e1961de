import { publicProcedure, router } from '../../trpc/init.js';
import { errorResponses } from '../../trpc/error-responses.js';
import {
  challengeOutput,
  keyChallengeInput,
  keyRegisterInput,
  keyVerifyInput,
  tokenOutput,
} from '../../../shared/schemas/auth.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { issueChallenge, registerKey, verifyChallenge } from './key-auth-service.js';

const tags = ['Key-based login'];

export const keyAuthRouter = router({
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/register',
        tags,
        protect: false,
        summary: 'Register the public key of a key pair held on the device',
        errorResponses: errorResponses(400, 409, 429, 500),
      },
    })
    .input(keyRegisterInput)
    .output(messageEnvelope)
    .mutation(async ({ ctx, input }) => {
      await registerKey(ctx.database.db, input.email, input.publicKey);
      return { success: true as const, message: 'Registration successful!' };
    }),

  challenge: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/challenge',
        tags,
        protect: false,
        summary: 'A single-use challenge to sign, valid 5 minutes',
        errorResponses: errorResponses(400, 429, 500),
      },
    })
    .input(keyChallengeInput)
    .output(challengeOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      message: 'Challenge issued',
      data: { challenge: await issueChallenge(ctx.database.db, input.email, ctx.clock) },
    })),

  verify: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/verify',
        tags,
        protect: false,
        summary: 'Exchange a signed challenge for a session token',
        errorResponses: errorResponses(400, 401, 429, 500),
      },
    })
    .input(keyVerifyInput)
    .output(tokenOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      message: 'Verification successful! You are now logged in.',
      data: { token: await verifyChallenge(ctx.database.db, input, ctx.sessionPolicy, ctx.clock) },
    })),
});
