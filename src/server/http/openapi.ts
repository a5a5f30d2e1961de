import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common.js';
import type { AppRouter } from '../app-router.js';
import { CSV_EXPORT_PATH } from './csv-export.js';
import { listRestProcedures, type RestProcedure } from './rest-procedures.js';
import { derivedFailures, type DerivedFailure } from './openapi-contract.js';

const API_DESCRIPTION = `Every route answers \`{ "success": true, "message"?, "data"? }\` on success and
\`{ "success": false, "message", "code", "issues"?, "requestId" }\` on failure, with a status that fits.
Each operation lists every status it can answer; they follow from what it is (docs/api.md in the
repository): input (400), a body (413, 415), a session (401), ids (404, also for another user's),
an Idempotency-Key (422 \`IDEMPOTENCY_KEY_REUSED\`), rate limits (429 with \`Retry-After\`), its own
refusals, and on every route 408 (request not received in time) and 500. A method a known path
does not serve answers 405 with \`Allow\`. Every answer carries \`X-Request-Id\` and is never cached
(\`Cache-Control: no-store\`). Money is a JSON number of currency units with at most two decimals.`;

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
  return documentCsvExport(applyContract(document, listRestProcedures(appRouter)));
}

const FAILURE_WORDS: Record<number, string> = {
  400: 'Invalid input: the message names the first problem, issues lists them all',
  401: 'Not signed in, or the session expired or was revoked',
  403: 'Not allowed (for example an email address that is not verified)',
  404: "Not found: nothing you may see has this id (also for other users' and deleted ones)",
  408: 'The request was not received in time',
  409: 'Conflict with what exists',
  413: 'Request body too large',
  415: 'Request body that is not JSON (or a form, where one is taken)',
  422: 'Refused by a business rule',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'Unexpected server error (the body carries only a request id)',
  503: 'A service it needs is not answering (database, identity provider)',
};

const HEADERS = {
  'X-Request-Id': {
    description: "Identifies this request in the server's logs: quote it when reporting a problem",
    required: true,
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  Link: {
    description:
      'On a paged list with a further page: `<path?query&cursor=…>; rel="next"`, the next page',
    required: false,
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description:
      'true when this is the stored outcome of an earlier request with the same Idempotency-Key',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

type Operation = {
  security?: unknown[];
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: { required?: unknown[] } }>;
  };
  responses?: Record<string, { description?: string; headers?: unknown; content?: unknown }>;
};

/** One failure response of one route: the failure envelope, with the codes it may carry. */
function failureResponse(
  procedure: Pick<RestProcedure, 'idempotent' | 'protected'>,
  failure: DerivedFailure,
) {
  const { status, codes } = failure;
  const replayable = procedure.idempotent && (status === 404 || status === 422);
  const words =
    status === 401 && !procedure.protected
      ? 'Sign-in refused: the proof does not hold'
      : (FAILURE_WORDS[status] ?? 'Refused');
  return {
    description: status === 422 ? `${words}: ${codes.join(', ')}` : words,
    headers: {
      'X-Request-Id': headerRef('X-Request-Id'),
      ...(status === 429 && { 'Retry-After': headerRef('Retry-After') }),
      ...(replayable && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
    },
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorBody' },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

/**
 * Makes the generated document the contract the server keeps (docs/api.md#the-openapi-document):
 * every failure status derived from what each route is (openapi-contract.ts), one failure
 * envelope, response headers, public operations marked \`security: []\`, a licence and a root
 * security requirement.
 */
function applyContract(document: OpenAPIObject, procedures: RestProcedure[]): OpenAPIObject {
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(
      ([name]) => !name.startsWith('error.'),
    ),
  );
  const { $schema: _ignored, ...errorBody } = z.toJSONSchema(errorBodySchema);
  schemas.ErrorBody = errorBody as never;
  document.components = { ...document.components, schemas, headers: HEADERS as never };
  document.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  document.security = [{ bearerAuth: [] }];
  for (const procedure of procedures) {
    const operation = (
      document.paths?.[procedure.route] as Record<string, Operation> | undefined
    )?.[procedure.method.toLowerCase()];
    if (!operation)
      throw new Error(`${procedure.method} ${procedure.route} is not in the document`);
    // Public operations say so; the root requirement covers the others.
    operation.security = procedure.protected ? [{ bearerAuth: [] }] : [];
    // A missing body reads as {}: it is required only where a field is.
    if (operation.requestBody) {
      const schema = Object.values(operation.requestBody.content ?? {})[0]?.schema;
      operation.requestBody.required = (schema?.required?.length ?? 0) > 0;
    }
    const success = operation.responses?.['200'] ?? { description: 'Success' };
    operation.responses = {
      '200': {
        ...success,
        description: 'Success',
        headers: {
          'X-Request-Id': headerRef('X-Request-Id'),
          ...(procedure.idempotent && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
          ...(procedure.nextPageLink && { Link: headerRef('Link') }),
        },
      },
      ...Object.fromEntries(
        derivedFailures(procedure).map((failure) => [
          String(failure.status),
          failureResponse(procedure, failure),
        ]),
      ),
    };
  }
  return document;
}

/**
 * Operations of the document that are native Fastify routes, not procedures: the tables derived
 * from the router do not reach them, so each has tests of its own (csv-export.test.ts).
 */
export const NATIVE_OPERATIONS = [`GET ${CSV_EXPORT_PATH}`] as const;

/** Query fields of the list that an export does not take: it has every page. */
const PAGING = new Set(['limit', 'cursor']);

/**
 * GET /api/transactions/export.csv is a native route (csv-export.ts: a stream of text, not an
 * envelope), so the generator does not see it: it is documented here with the list's own query
 * parameters (the same schema, less paging) and the statuses it answers: 400 (a query the
 * search schema refuses, or limit/cursor), 401 (no or an ended session), 404 (an account or
 * category that is not yours), 429 (the export limits, with Retry-After), and 408 and 500 as
 * on every route.
 */
function documentCsvExport(document: OpenAPIObject): OpenAPIObject {
  const list = document.paths?.['/api/transactions']?.get as
    { parameters?: { name?: string }[] } | undefined;
  // The export is the list's view as a file: a router without the list (a test's probe router)
  // has no export to document.
  if (!list) return document;
  const failures: DerivedFailure[] = [
    { status: 400, codes: ['VALIDATION_ERROR'] },
    { status: 401, codes: ['UNAUTHORIZED'] },
    { status: 404, codes: ['NOT_FOUND'] },
    { status: 408, codes: ['REQUEST_TIMEOUT'] },
    // The book is being restored from a file (init.ts, csv-export.ts).
    { status: 409, codes: ['CONFLICT'] },
    // One export at a time per user, a few per instance, a budget per minute (csv-export.ts).
    { status: 429, codes: ['TOO_MANY_REQUESTS'] },
    { status: 500, codes: ['INTERNAL_SERVER_ERROR'] },
  ];
  const route = { idempotent: false, protected: true };
  document.paths = {
    ...document.paths,
    [CSV_EXPORT_PATH]: {
      get: {
        operationId: 'transactions-exportCsv',
        summary: 'The CSV of a Transactions view',
        description:
          'Every entry the same query of GET /api/transactions finds (filters, search and sort), ' +
          'every page of it, as CSV (RFC 4180, CRLF line ends, a header row; amounts with a dot ' +
          'and two decimals; text cells that would start a formula get a leading apostrophe). ' +
          'limit and cursor do not apply (400).',
        tags: ['transactions'],
        security: [{ bearerAuth: [] }],
        parameters: (list.parameters ?? []).filter(
          (parameter) => !PAGING.has(parameter.name ?? ''),
        ) as never,
        responses: {
          '200': {
            description: 'Success: the file (Content-Disposition names it transactions-<day>.csv)',
            headers: { 'X-Request-Id': headerRef('X-Request-Id') },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...Object.fromEntries(
            failures.map((failure) => [String(failure.status), failureResponse(route, failure)]),
          ),
        },
      },
    },
  };
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
