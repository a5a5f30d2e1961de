import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-reply.js';

/**
 * Requests carrying a file (an import, a restore: bodies of up to 7 and 16 MB) cost memory and
 * a JSON parse before any procedure, limit or session check can refuse them. At most this many
 * are read at once per instance, whichever door or route; one more is refused with 429 before a
 * byte of its body is read (docs/security-hardening.md, "Request bodies").
 */
export const LARGE_BODIES_IN_FLIGHT = 4;
const RETRY_SECONDS = 5;

/** An onRequest hook for the large-body routes of both doors, sharing one count. */
export function largeBodyGate(places = LARGE_BODIES_IN_FLIGHT) {
  let held = 0;
  return async function admitLargeBody(_req: FastifyRequest, reply: FastifyReply) {
    if (held >= places) {
      reply.header('retry-after', String(RETRY_SECONDS));
      return sendError(reply, 429, {
        code: 'TOO_MANY_REQUESTS',
        message: `The server is reading other large files right now. Try again in ${RETRY_SECONDS} seconds.`,
      });
    }
    held += 1;
    // 'close' comes once the answer is sent or the connection is gone, whichever happens.
    reply.raw.once('close', () => {
      held -= 1;
    });
    return undefined;
  };
}

export type LargeBodyGate = ReturnType<typeof largeBodyGate>;
