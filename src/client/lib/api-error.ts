import { TRPCClientError } from '@trpc/client';

/** The HTTP status the server answered with, or undefined when no answer arrived (network). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status: unknown = error.data?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** True when the request never got an answer from the server (offline, DNS, refused...). */
export function isNetworkError(error: unknown): boolean {
  return httpStatusOf(error) === undefined;
}

/** A missing, deleted or malformed id: the thing asked for does not exist for this user. */
export function isNotFoundError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
}

/** The server's own message when it sent one, otherwise the screen's fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && httpStatusOf(error) !== undefined && error.message) {
    return error.message;
  }
  return fallback;
}
