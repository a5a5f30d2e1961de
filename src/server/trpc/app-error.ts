import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import {
  APP_ERRORS,
  MESSAGES,
  type AppErrorCode,
  type ErrorBody,
  type ErrorIssue,
} from '../../shared/errors.js';

/** An error a caller caused or may see: its code picks the HTTP status and the message is shown as is. */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Set when replaying a stored refusal: the request id of the request that was refused. */
  readonly originalRequestId: string | undefined;
  constructor(
    appCode: AppErrorCode,
    message: string,
    options: { originalRequestId?: string } = {},
  ) {
    super({ code: APP_ERRORS[appCode].trpc, message });
    this.appCode = appCode;
    this.originalRequestId = options.originalRequestId;
  }
}

export const notFound = (message: string = MESSAGES.accountNotFound) =>
  new AppError('NOT_FOUND', message);

function issuesOf(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const APP_CODE_BY_TRPC = new Map<string, AppErrorCode>(
  (Object.keys(APP_ERRORS) as AppErrorCode[])
    .filter(
      (code) =>
        !['INSUFFICIENT_FUNDS', 'BALANCE_LIMIT_EXCEEDED', 'IDEMPOTENCY_KEY_REUSED'].includes(code),
    )
    .map((code) => [APP_ERRORS[code].trpc, code]),
);

/** What a client may learn of an error; anything unexpected becomes a bare internal error. */
export function describeError(error: TRPCError): Omit<ErrorBody, 'success'> & { status: number } {
  if (error instanceof AppError) {
    return {
      code: error.appCode,
      message: error.message,
      status: APP_ERRORS[error.appCode].status,
      ...(error.originalRequestId && { requestId: error.originalRequestId }),
    };
  }
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
  const appCode = APP_CODE_BY_TRPC.get(error.code);
  if (!appCode || appCode === 'INTERNAL_SERVER_ERROR') {
    return { code: 'INTERNAL_SERVER_ERROR', message: MESSAGES.internal, status: 500 };
  }
  // tRPC's own errors (bad JSON on /trpc, unknown procedure) carry messages meant for callers.
  return { code: appCode, message: error.message, status: APP_ERRORS[appCode].status };
}
