import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-reply.js';

const API_PREFIXES = ['/api/', '/api', '/trpc/', '/trpc'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some(
    (prefix) =>
      pathname === prefix ||
      pathname.startsWith(`${prefix}/`) ||
      (pathname.startsWith(prefix) && prefix.endsWith('/')),
  );
}

/**
 * Serves the built SPA and answers client routes with its index.html, so a reload on
 * /accounts/123 works. Unknown API paths get the JSON error envelope instead.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !isApiPath(req.url) &&
      (req.headers.accept ?? '').includes('text/html');
    if (hasClient && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir);
    }
    return sendError(reply, 404, {
      code: 'NOT_FOUND',
      message: `No route for ${req.method} ${req.url.split('?')[0]}`,
    });
  });
}
