/**
 * The product's error vocabulary, shared by server and client. Each code has one HTTP status;
 * the tRPC code is the one tRPC uses for that status.
 */
export const APP_ERRORS = {
  VALIDATION_ERROR: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  INSUFFICIENT_FUNDS: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  BALANCE_LIMIT_EXCEEDED: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  UNPROCESSABLE: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL_SERVER_ERROR: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;
export type TrpcErrorCode = (typeof APP_ERRORS)[AppErrorCode]['trpc'];

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The failure envelope of every REST route; tRPC errors carry the same fields in `data`. */
export interface ErrorBody {
  success: false;
  message: string;
  code: AppErrorCode;
  issues?: ErrorIssue[];
  requestId?: string;
}

export const MESSAGES = {
  accountIdRequired: 'Account ID is required',
  accountNotFound: 'Account not found',
  insufficientFunds: 'Insufficient funds',
  authRequired: 'Authentication required. Send Authorization: Bearer <token>.',
  sessionInvalid: 'Your session has expired or is no longer valid. Please sign in again.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(APP_ERRORS, value);
}
