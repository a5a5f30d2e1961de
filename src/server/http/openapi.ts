import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common.js';
import type { AppRouter } from '../trpc/root-router.js';

const API_DESCRIPTION = `Every route answers \`{ "success": true, "message"?, "data"? }\` on success and
\`{ "success": false, "message", "code", "issues"?, "requestId" }\` on failure, with a status that fits:
400 validation, 401 not signed in, 404 not found (also for another user's ids), 413 body too large,
422 refused by a business rule (for example \`INSUFFICIENT_FUNDS\`), 503 database unavailable.
Money is a JSON number of currency units with at most two decimals.`;

export function buildOpenApiDocument(appRouter: AppRouter, version: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Expense Tracker API',
    description: API_DESCRIPTION,
    version,
    // Route paths already carry /api, so the server root is the origin itself.
    baseUrl: '/',
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in' },
    },
  });
  return useOurErrorBody(document);
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/**
 * trpc-to-openapi describes failures with its own `{ message, code, issues }` shape; our bodies
 * also carry success and requestId, so every failure response points at one ErrorBody schema.
 */
function useOurErrorBody(document: OpenAPIObject): OpenAPIObject {
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(
      ([name]) => !name.startsWith('error.'),
    ),
  );
  const { $schema: _ignored, ...errorBody } = z.toJSONSchema(errorBodySchema);
  schemas.ErrorBody = errorBody as never;
  document.components = { ...document.components, schemas };
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, Operation>)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status === '200' || !response.content) continue;
        response.content = {
          'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
        };
      }
    }
  }
  return document;
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Expense Tracker API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file rather than an inline script, so a strict Content-Security-Policy can forbid inline code.
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
});
`;

/** Serves the OpenAPI document and a Swagger UI reference from the locally installed assets. */
export async function registerApiDocs(
  app: FastifyInstance,
  document: OpenAPIObject,
): Promise<void> {
  const swaggerUiDir = path.dirname(
    createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/swagger-ui(-bundle)?\.(js|css)(\.map)?$/.test(pathName),
  });
  app.get('/api/openapi.json', async () => document);
  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_INIT),
  );
}
