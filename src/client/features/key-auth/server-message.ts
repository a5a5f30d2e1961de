import { TRPCClientError } from '@trpc/client';

/** The server's own message when it answered; the fallback for network and unknown failures. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof TRPCClientError && error.data && error.message ? error.message : fallback;
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError
    ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
    : undefined;
}
