import { TRPCClientError } from '@trpc/client';

/** Added to a screen's own message when the request got no answer at all. */
export const SERVER_UNREACHABLE = 'The server could not be reached.';

/** The HTTP status the server answered with, or undefined when no answer arrived (network). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  const status = typeof data === 'object' && data && 'httpStatus' in data && data.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** The product's error code the server answered with ('INSUFFICIENT_FUNDS', ...), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  const code = typeof data === 'object' && data && 'code' in data && data.code;
  return typeof code === 'string' ? code : undefined;
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

/**
 * What to tell the person about a failed call: the server's reason when it answered, else the
 * screen's own message plus, when nothing answered, that the server could not be reached.
 */
export function failureToast(
  error: unknown,
  fallback: string,
): { message: string; description?: string } {
  if (httpStatusOf(error) !== undefined) return { message: serverMessage(error, fallback) };
  // A TypeError is what fetch itself throws when no answer came (the plain-fetch calls).
  const unanswered = error instanceof TRPCClientError || error instanceof TypeError;
  return unanswered
    ? { message: fallback, description: SERVER_UNREACHABLE }
    : { message: fallback };
}
