import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only in this shape; anything else is replaced. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request id: the caller's (or load balancer's) X-Request-Id when it is well formed, so one
 * id follows a request across services, otherwise a fresh UUID. Never trusted beyond its shape:
 * it ends up in log lines and in the x-request-id response header.
 */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)) return incoming;
  return randomUUID();
}
