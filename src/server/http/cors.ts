import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/**
 * Cross-origin access is closed unless CORS_ORIGINS names the origin exactly: any other origin
 * (and a request without Origin) gets no Access-Control-Allow-Origin, and its preflight is not
 * answered. The web app itself is same-origin and needs none of this.
 */
export async function registerCors(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  const allowed = new Set(allowedOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      // The book a call works on (docs/sharing.md#choosing-a-book).
      'x-book-id',
      'x-request-id',
      'trpc-accept',
    ],
    exposedHeaders: ['x-request-id', 'retry-after'],
    // Bearer tokens, no cookies: credentials are never needed cross-origin.
    credentials: false,
    maxAge: 600,
  });
}
