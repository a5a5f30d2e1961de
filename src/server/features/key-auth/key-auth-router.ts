import { router, signInProcedure } from '../../trpc/init.js';
import { ok, okMessage } from '../../trpc/envelope.js';
import {
  challengeOutput,
  keyChallengeInput,
  keyConfirmInput,
  keyConfirmOutput,
  keyRegisterInput,
  keyVerifyInput,
  tokenOutput,
} from '../../../shared/schemas/auth.js';
import { messageEnvelope } from '../../../shared/schemas/common.js';
import { confirmKey, issueChallenge, registerKey, verifyChallenge } from './key-auth-service.js';

const tags = ['Key-based login'];

export const keyAuthRouter = router({
  register: signInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/register',
        tags,
        protect: false,
        summary: 'Register the public key of a key pair held on the device',
        description:
          'The first key of an email signs in at once. A key for an email that already has one ' +
          'answers the same, and signs in once the link sent to that email is opened ' +
          '(POST /api/key-auth/confirm); it then replaces the old key, as a new identity.',
      },
    })
    .input(keyRegisterInput)
    .output(messageEnvelope)
    .mutation(async ({ ctx, input }) => {
      await registerKey(
        ctx.database.db,
        { mail: ctx.mail, clock: ctx.clock, log: ctx.log },
        input.email,
        input.publicKey,
      );
      return okMessage('Registration successful!');
    }),

  confirm: signInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/confirm',
        tags,
        protect: false,
        summary: 'Confirm a key with the token of the link sent to its email',
        description:
          "Makes the key registered with the link its email's key (a new identity). The link " +
          'works once, for 24 hours.',
      },
      refusals: ['NOT_FOUND'],
    })
    .input(keyConfirmInput)
    .output(keyConfirmOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        { email: await confirmKey(ctx.database.db, input.token, ctx.clock) },
        'Key confirmed. Sign in with it now.',
      ),
    ),

  challenge: signInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/challenge',
        tags,
        protect: false,
        summary: 'Issue a single-use challenge to sign, valid 5 minutes',
      },
    })
    .input(keyChallengeInput)
    .output(challengeOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        { challenge: await issueChallenge(ctx.database.db, input.email, ctx.clock) },
        'Challenge issued',
      ),
    ),

  verify: signInProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/key-auth/verify',
        tags,
        protect: false,
        summary: 'Exchange a signed challenge for a session token',
      },
      refusals: ['UNAUTHORIZED'],
    })
    .input(keyVerifyInput)
    .output(tokenOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        { token: await verifyChallenge(ctx.database.db, input, ctx.sessionPolicy, ctx.clock) },
        'Verification successful! You are now logged in.',
      ),
    ),
});
