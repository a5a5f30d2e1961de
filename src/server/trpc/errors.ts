import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { APP_ERRORS, type AppErrorCode, type ErrorIssue } from '../../shared/errors.js';
import { AppError, INTERNAL_ERROR, describeAppError, type ErrorReport } from '../lib/app-error.js';

/** An app error as tRPC carries it: the tRPC code of its status, and the app error as cause. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERRORS[error.code].trpc, message: error.message, cause: error });
}

/**
 * The refusals tRPC raises on its own (a malformed /trpc request, an unknown procedure), before
 * any of our code runs, and the code each one gets. App errors never pass through here: they
 * keep their own code as the TRPCError's cause, so a new code needs no entry.
 */
const TRPC_OWN_ERRORS: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  BAD_REQUEST: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_CONTENT: 'UNPROCESSABLE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

function issuesOf(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** What a client may learn of a procedure's failure; anything unexpected is a bare 500. */
export function describeError(error: TRPCError): ErrorReport {
  if (error.cause instanceof AppError) return describeAppError(error.cause);
  // Only input validation is the caller's fault; a ZodError from output validation is ours.
  if (error.code === 'BAD_REQUEST' && error.cause instanceof ZodError) {
    const issues = issuesOf(error.cause);
    return {
      code: 'VALIDATION_ERROR',
      message: issues[0]?.message ?? 'Invalid input',
      issues,
      status: 400,
    };
  }
  const code = TRPC_OWN_ERRORS[error.code];
  if (!code) return INTERNAL_ERROR;
  // tRPC's own errors (bad JSON on /trpc, unknown procedure) carry messages meant for callers.
  return { code, message: error.message, status: APP_ERRORS[code].status };
}
