import { publicProcedure, router } from '../../trpc/init.js';
import { AppError } from '../../trpc/app-error.js';
import { errorResponses } from '../../trpc/error-responses.js';
import {
  DEMO_CREDENTIALS,
  appConfigOutput,
  mailboxInput,
  mailboxOutput,
} from '../../../shared/schemas/auth.js';

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

export const configRouter = router({
  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/config',
        tags: ['System'],
        protect: false,
        summary: 'Run-time configuration for the web client',
        errorResponses: errorResponses(500),
      },
    })
    .input(mailboxInput.pick({}))
    .output(appConfigOutput)
    .query(({ ctx }) => ({
      success: true as const,
      data: {
        demo: ctx.firebase?.demo ?? false,
        firebase: ctx.firebase?.webConfig ?? null,
        authEmulatorUrl: ctx.firebase?.emulatorUrl ?? null,
        demoCredentials: ctx.firebase?.demo ? { ...DEMO_CREDENTIALS } : null,
      },
    })),

  mailbox: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/demo/mailbox',
        tags: ['System'],
        protect: false,
        summary: 'Demo mode only: the emails the Auth emulator would have sent, newest first',
        errorResponses: errorResponses(404, 500, 503),
      },
    })
    .input(mailboxInput)
    .output(mailboxOutput)
    .query(async ({ ctx, input }) => {
      const firebase = ctx.firebase;
      if (!firebase?.demo || !firebase.emulatorUrl) {
        throw new AppError('NOT_FOUND', 'The demo mailbox exists only in demo mode.');
      }
      const url = `${firebase.emulatorUrl}/emulator/v1/projects/${firebase.webConfig.projectId}/oobCodes`;
      let codes: OobCode[];
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
        codes = ((await res.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
      } catch (error) {
        ctx.log.warn({ err: error }, 'demo mailbox: Auth emulator unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The Auth emulator is not answering.');
      }
      const wanted = input.email?.trim().toLowerCase();
      return {
        success: true as const,
        data: codes
          .filter((code) => !wanted || code.email.toLowerCase() === wanted)
          .reverse()
          .map((code) => ({
            email: code.email,
            requestType: code.requestType,
            link: code.oobLink,
          })),
      };
    }),
});
