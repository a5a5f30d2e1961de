import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-reply.js';
import { isApiPath } from './api-paths.js';

/** Vite names every file under assets/ after a hash of its content: a new build, a new name. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) keeps its name across builds: revalidate every time. */
const REVALIDATE = 'no-cache';

/** The cache policy of a file of the built client, by its path relative to the client folder. */
function cacheControlFor(relativePath: string): string {
  const [first] = relativePath.split(/[\\/]/);
  return first === HASHED_ASSETS_DIR ? IMMUTABLE : REVALIDATE;
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
      // The build writes name.gz and name.br beside each text file (vite.config.ts); a browser
      // gets the smallest one it accepts, with Vary: Accept-Encoding, and nothing is compressed
      // per request. The compressed copies are not URLs of their own.
      preCompressed: true,
      globIgnore: ['**/*.gz', '**/*.br'],
      // Runs after @fastify/static's own headers (public, max-age=0), so this one wins.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(clientDir, filePath)));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !isApiPath(req.url) &&
      (req.headers.accept ?? '').includes('text/html');
    if (hasClient && wantsPage) {
      return reply.sendFile('index.html', clientDir);
    }
    return sendError(reply, 404, {
      code: 'NOT_FOUND',
      message: `No route for ${req.method} ${req.url.split('?')[0]}`,
    });
  });
}
