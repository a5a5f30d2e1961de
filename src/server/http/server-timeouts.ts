import type { ServerOptions } from 'node:http';

export interface TimeoutSettings {
  /** A request's headers and body must have arrived within this many seconds. */
  requestTimeoutSeconds: number;
  /** A connection on which nothing moves, either way, for this many seconds is closed. */
  connectionIdleTimeoutSeconds: number;
}

/** Node checks for late requests on a timer; this is its period, at most. */
const MAX_CHECK_INTERVAL_MS = 1000;

/**
 * Fastify's server options for the time-outs (docs/security-hardening.md):
 * - receiving: Node's requestTimeout and headersTimeout bound the time from a connection's first
 *   byte (or the previous request) until a request's headers and whole body are in, whether the
 *   client stalls or trickles a byte at a time. Node checks on a timer, so the limit is set one
 *   check period short: a late request is answered 408 and closed within the configured seconds.
 *   Sending is not bounded by it: a long response streams as long as it needs (the CSV export
 *   bounds its own: EXPORT_MAX_SECONDS, src/server/http/file-reply.ts).
 * - idleness: a socket with no traffic either way for connectionIdleTimeoutSeconds while a
 *   request is in progress is closed: a client that stops reading a response cannot hold the
 *   connection and its buffers. When it is the server's write that waits (a client reading
 *   nothing), Node first grants a write whose queue moved since its last check one more period
 *   (net.Socket#_onTimeout), so such a socket closes within twice the setting; a client that
 *   reads a little every period is never idle, which is why long answers need their own bound.
 *   Between keep-alive requests Node's keepAliveTimeout applies.
 */
export function serverTimeouts(settings: TimeoutSettings) {
  const limitMs = settings.requestTimeoutSeconds * 1000;
  const checkEveryMs = Math.min(MAX_CHECK_INTERVAL_MS, limitMs / 4);
  const requestTimeout = limitMs - checkEveryMs;
  const http: ServerOptions = {
    requestTimeout,
    headersTimeout: requestTimeout,
    connectionsCheckingInterval: checkEveryMs,
  };
  return {
    requestTimeout,
    connectionTimeout: settings.connectionIdleTimeoutSeconds * 1000,
    http,
  };
}
