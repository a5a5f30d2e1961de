import { publicProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { AppError } from '../../lib/app-error.js';
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
        summary: 'Read the run-time configuration of the web client',
      },
    })
    .input(mailboxInput.pick({}))
    .output(appConfigOutput)
    .query(({ ctx }) =>
      ok({
        demo: ctx.firebase?.demo ?? false,
        firebase: ctx.firebase?.webConfig ?? null,
        authEmulatorUrl: ctx.firebase?.emulatorUrl ?? null,
        demoCredentials: ctx.firebase?.demo ? { ...DEMO_CREDENTIALS } : null,
      }),
    ),

  mailbox: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/demo/mailbox',
        tags: ['System'],
        protect: false,
        summary: 'List the messages demo mode would have sent by email, newest first',
        description:
          'Demo mode only (404 otherwise): verification links of the Auth emulator and key-login ' +
          'confirmation links. 503 when the Auth emulator does not answer.',
      },
      refusals: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
    })
    .input(mailboxInput)
    .output(mailboxOutput)
    .query(async ({ ctx, input }) => {
      const firebase = ctx.firebase?.demo ? ctx.firebase : null;
      const ours = ctx.mail.demoMailbox;
      if (!ours && !firebase?.emulatorUrl) {
        throw new AppError('NOT_FOUND', 'The demo mailbox exists only in demo mode.');
      }
      const wanted = input.email?.trim().toLowerCase();
      // Key-login confirmations first: this server sent them, so they are the newest it knows of.
      const messages = (ours?.list(wanted) ?? []).map((message) => ({
        email: message.to,
        requestType: message.kind,
        link: message.link,
      }));
      if (!firebase?.emulatorUrl) return ok(messages);
      const url = `${firebase.emulatorUrl}/emulator/v1/projects/${firebase.webConfig.projectId}/oobCodes`;
      let codes: OobCode[];
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
        codes = ((await res.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
      } catch (error) {
        ctx.log.warn({ err: error }, 'demo mailbox: Auth emulator unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The Auth emulator is not answering.');
      }
      return ok([
        ...messages,
        ...codes
          .filter((code) => !wanted || code.email.toLowerCase() === wanted)
          .reverse()
          .map((code) => ({
            email: code.email,
            requestType: code.requestType,
            link: code.oobLink,
          })),
      ]);
    }),
});
