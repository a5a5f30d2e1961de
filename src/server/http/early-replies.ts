import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppErrorCode, ErrorBody } from '../../shared/errors.js';
import { API_CACHE_CONTROL } from './security-headers.js';
import { sendError } from './error-reply.js';

/**
 * Answers Fastify and Node give before a request reaches routing and its hooks: a URL the router
 * cannot take, and requests Node cannot parse or that arrive too slowly. They get the same
 * security headers, request id and failure envelope as every other response.
 */

interface EarlyRefusal {
  status: number;
  code: AppErrorCode;
  message: string;
}

/** Fastify's framework errors: raised by the router before any hook runs. */
const FRAMEWORK_ERRORS: Record<string, EarlyRefusal> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Malformed URL: the path is not valid percent-encoding',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Malformed URL: a path segment is too long',
  },
};

const MALFORMED: EarlyRefusal = {
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'Malformed request',
};

/** Fastify's `frameworkErrors` option: the envelope, with every header a routed reply gets. */
export function frameworkErrorReply(headers: Record<string, string>) {
  return (error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
    const refusal = FRAMEWORK_ERRORS[error.code] ?? MALFORMED;
    reply.headers(headers).header('cache-control', API_CACHE_CONTROL);
    reply.header('x-request-id', reply.request.id);
    void sendError(reply, refusal.status, refusal);
  };
}

/** Node's clientError codes: requests it could not read at all. */
function clientRefusal(error: NodeJS.ErrnoException): EarlyRefusal {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'REQUEST_TIMEOUT',
      message: 'The request did not arrive in time: send its headers and body without pausing',
    };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'VALIDATION_ERROR',
      message: 'Request headers are too large: the URL and headers may be at most 16 KiB',
    };
  }
  return { ...MALFORMED, message: 'Malformed HTTP request' };
}

/**
 * Fastify's `clientErrorHandler` option: Node could not read a request (bad syntax, headers too
 * large, too slow to arrive), so there is no request to route. The answer is written straight
 * to the socket, which is then closed.
 */
export function clientErrorReply(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // A response already under way on this connection cannot be followed by another one.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = clientRefusal(error);
    const requestId = randomUUID();
    const payload: ErrorBody = {
      success: false,
      message: refusal.message,
      code: refusal.code,
      requestId,
    };
    const body = JSON.stringify(payload);
    const lines = [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `cache-control: ${API_CACHE_CONTROL}`,
      `x-request-id: ${requestId}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  };
}
