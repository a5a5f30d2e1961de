import {
  APP_ERRORS,
  MESSAGES,
  type AppErrorCode,
  type ErrorBody,
  type ErrorIssue,
} from '../../shared/errors.js';

export interface AppErrorDetails {
  /** Set when replaying a stored refusal: the request id of the request that was refused. */
  originalRequestId?: string | undefined;
  /**
   * Every problem of a 400 found by a service rather than the input schema (an amount judged
   * against its account's currency, docs/money.md#account-currency), each at its field's path.
   */
  issues?: ErrorIssue[] | undefined;
}

/**
 * An error a caller caused or may see. Its code (src/shared/errors.ts) picks the HTTP status and
 * its message is shown as it is. It knows no transport: each door maps it once, the tRPC door in
 * src/server/trpc/errors.ts and the REST door in src/server/http/error-reply.ts, both through
 * describeAppError (docs/errors.md).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: AppErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }
}

/** Everything a client may learn of a failure, with the HTTP status that goes with it. */
export type ErrorReport = Omit<ErrorBody, 'success'> & { status: number };

/** What a client learns of anything unexpected: no message, no cause, only that it failed. */
export const INTERNAL_ERROR: ErrorReport = {
  code: 'INTERNAL_SERVER_ERROR',
  message: MESSAGES.internal,
  status: 500,
};

export function describeAppError(error: AppError): ErrorReport {
  return {
    code: error.code,
    message: error.message,
    status: error.status,
    ...(error.details.issues && { issues: error.details.issues }),
    ...(error.details.originalRequestId && { requestId: error.details.originalRequestId }),
  };
}

/** Missing, deleted and other users' accounts all answer this, so ids reveal nothing. */
export const notFound = (message: string = MESSAGES.accountNotFound) =>
  new AppError('NOT_FOUND', message);

/**
 * A 400 for input the schema let through and a service refused (an amount with more decimals
 * than its account's currency has): the same shape as a schema's refusal, the first problem as
 * the message and every one in `issues`.
 */
export function validationError(issues: ErrorIssue[]): AppError {
  return new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid input', { issues });
}
