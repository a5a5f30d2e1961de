import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppErrorCode } from '../../shared/errors.js';
import { MESSAGES } from '../../shared/errors.js';
import { sendError } from './error-reply.js';
import { AppError, describeAppError } from '../lib/app-error.js';

/** Clear words for the request errors Fastify raises before any procedure runs. */
const REQUEST_ERRORS: Record<string, { code: AppErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'VALIDATION_ERROR',
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'VALIDATION_ERROR',
    message: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_ERROR',
    message: 'Content-Length does not match the body',
  },
};

/** Every error that escapes a route becomes the JSON envelope; a 5xx never shows its cause. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    // A refusal of ours raised before any procedure (a body parser's, json-body.ts).
    if (error instanceof AppError) return sendError(reply, error.status, describeAppError(error));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, { code: 'INTERNAL_SERVER_ERROR', message: MESSAGES.internal });
    }
    const known =
      REQUEST_ERRORS[error.code] ??
      (error instanceof SyntaxError ? REQUEST_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
    const fallbackCode =
      status === 404 ? 'NOT_FOUND' : status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_ERROR';
    return sendError(reply, status, known ?? { code: fallbackCode, message: error.message });
  });
}
