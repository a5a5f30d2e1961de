import type { FastifyReply, FastifyRequest } from 'fastify';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import type { AppErrorCode, ErrorBody, ErrorIssue } from '../../shared/errors.js';
import { describeError } from '../trpc/errors.js';

export function sendError(
  reply: FastifyReply,
  status: number,
  body: {
    code: AppErrorCode;
    message: string;
    issues?: ErrorIssue[] | undefined;
    /** A replayed refusal keeps the id of the request that was refused. */
    requestId?: string | undefined;
  },
): FastifyReply {
  const payload: ErrorBody = {
    success: false,
    message: body.message,
    code: body.code,
    ...(body.issues && { issues: body.issues }),
    requestId: body.requestId ?? String(reply.request.id),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(payload);
}

/** Replies to anything a procedure threw, logging what the caller must not see. */
export function sendProcedureError(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  const trpcError = getTRPCErrorFromUnknown(error);
  const described = describeError(trpcError);
  if (described.status >= 500)
    req.log.error({ err: trpcError.cause ?? trpcError }, 'procedure failed');
  return sendError(reply, described.status, described);
}
