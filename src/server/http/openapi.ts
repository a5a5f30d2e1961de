import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { errorBodySchema, UUID_PATTERN_TEXT } from '../../shared/schemas/common.js';
import { BOOK_ID_PARAMETER } from '../../shared/schemas/sharing.js';
import { LIVE_EVENTS_PATH } from '../../shared/schemas/activity.js';
import type { AppRouter } from '../app-router.js';
import { listRestProcedures, type RestProcedure } from './rest-procedures.js';
import { derivedFailures, type DerivedFailure } from './openapi-contract.js';
import { documentBodyRules } from './openapi-bodies.js';
import { documentLinksAndExamples } from './openapi-links.js';

const API_DESCRIPTION = `Every route answers \`{ "success": true, "message"?, "data"? }\` on success and
\`{ "success": false, "message", "code", "issues"?, "requestId" }\` on failure, with a status that fits.
Each operation lists every status it can answer; they follow from what it is (docs/api.md in the
repository): input (400), a body (413, 415), a session (401), ids (404, also for another user's),
an Idempotency-Key (422 \`IDEMPOTENCY_KEY_REUSED\`), rate limits (429 with \`Retry-After\`), its own
refusals, and on every route 408 (request not received in time) and 500. A method a known path
does not serve answers 405 with \`Allow\`. Every answer carries \`X-Request-Id\` and is never cached
(\`Cache-Control: no-store\`). Money is a JSON number of currency units with at most two decimals.`;

/**
 * The published document: every REST procedure of `appRouter`, and the live notices' stream
 * (served beside the router, src/server/features/activity) unless `liveEvents` is false (a
 * test's probe router).
 */
export function buildOpenApiDocument(
  appRouter: AppRouter,
  version: string,
  { liveEvents = true }: { liveEvents?: boolean } = {},
): OpenAPIObject {
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
  const procedures = listRestProcedures(appRouter);
  // Body rules and links/examples: openapi-bodies.ts, openapi-links.ts.
  return documentLinksAndExamples(
    (liveEvents ? documentLiveEvents : (same: OpenAPIObject) => same)(
      documentBodyRules(applyContract(document, procedures), procedures),
    ),
  );
}

const FAILURE_WORDS: Record<number, string> = {
  400: 'Invalid input: the message names the first problem, issues lists them all',
  401: 'Not signed in, or the session expired or was revoked',
  406: 'Not asked for with Accept: text/event-stream',
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

/**
 * The book a call works on (docs/sharing.md#choosing-a-book), on every operation that works on
 * one; written out on each (not a $ref) so a client reading one operation has all it needs.
 */
const BOOK_ID_QUERY_PARAMETER = {
  name: BOOK_ID_PARAMETER,
  in: 'query',
  required: false,
  description:
    'The book to work on (an id from GET /api/books); your personal book when left out. The X-Book-Id header does the same',
  schema: { type: 'string', format: 'uuid', pattern: UUID_PATTERN_TEXT, 'x-resource': 'book' },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

type Operation = {
  security?: unknown[];
  parameters?: unknown[];
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
    if (procedure.protected && procedure.bookAccess !== 'none') {
      operation.parameters = [...(operation.parameters ?? []), BOOK_ID_QUERY_PARAMETER];
    }
    // A missing body reads as {}: it is required only where a field is.
    if (operation.requestBody) {
      const schema = Object.values(operation.requestBody.content ?? {})[0]?.schema;
      operation.requestBody.required = (schema?.required?.length ?? 0) > 0;
    }
    const success = operation.responses?.['200'] ?? { description: 'Success' };
    const file = procedure.answersFile;
    operation.responses = {
      '200': {
        ...success,
        description: file
          ? `Success: the file (Content-Disposition names it ${file.name})`
          : 'Success',
        ...(file && { content: { [file.contentType]: { schema: { type: 'string' } } } }),
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

const LIVE_EVENTS_DESCRIPTION = `Server-sent events (text/event-stream) for as long as the connection stays
open; send \`Accept: text/event-stream\` (anything else answers 406). Any member of the book may listen.
First comes \`event: ready\` (data \`{ bookId, role }\`); then one \`event: change\` for each change a member
makes, with \`id:\` (send it back as Last-Event-ID when reconnecting, to be sent what was missed) and
data \`{ kind, actorId, at }\` (kind is the procedure that changed the book, such as entry.create: never the
data itself; fetch what you show again). \`event: reset\` means more was missed than is replayed: fetch
everything again. \`event: access-ended\` (data \`{ message, code }\`) comes just before the server closes
the stream because the caller may no longer see the book (removed, left, book deleted, signed out).
A comment line every 20 seconds keeps the connection open.`;

const LAST_EVENT_ID_SCHEMA = { type: 'string', pattern: '^[0-9]{1,15}$' };

/**
 * GET /api/book/events (docs/live-updates.md): not a procedure, since it streams, but an
 * operation like the others: its parameters, and every status it answers.
 */
function documentLiveEvents(document: OpenAPIObject): OpenAPIObject {
  const failures: [number, string[]][] = [
    [400, ['VALIDATION_ERROR']],
    [401, ['UNAUTHORIZED']],
    [404, ['NOT_FOUND']],
    [406, ['NOT_ACCEPTABLE']],
    [408, ['REQUEST_TIMEOUT']],
    [409, ['CONFLICT']],
    [429, ['TOO_MANY_REQUESTS']],
    [500, ['INTERNAL_SERVER_ERROR']],
    [503, ['SERVICE_UNAVAILABLE']],
  ];
  const streamer = { idempotent: false, protected: true };
  document.paths = {
    ...document.paths,
    [LIVE_EVENTS_PATH]: {
      get: {
        operationId: 'book-events',
        summary: 'Live notices of the changes members make to the book (server-sent events)',
        description: LIVE_EVENTS_DESCRIPTION,
        tags: ['Members'],
        security: [{ bearerAuth: [] }],
        parameters: [
          BOOK_ID_QUERY_PARAMETER,
          {
            name: 'lastEventId',
            in: 'query',
            required: false,
            description: 'The id of the last change received: what came after it is sent first',
            schema: LAST_EVENT_ID_SCHEMA,
          },
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description: 'As lastEventId; what an EventSource sends when it reconnects',
            schema: LAST_EVENT_ID_SCHEMA,
          },
        ],
        responses: {
          '200': {
            description: 'The stream of events, until the connection closes',
            headers: { 'X-Request-Id': headerRef('X-Request-Id') },
            content: {
              'text/event-stream': {
                schema: { type: 'string' },
                example:
                  'retry: 2000\n\nevent: ready\ndata: {"bookId":"…","role":"editor"}\n\n' +
                  'id: 42\nevent: change\ndata: {"kind":"entry.create","actorId":"…","at":"…"}\n\n',
              },
            },
          },
          ...Object.fromEntries(
            failures.map(([status, codes]) => [
              String(status),
              failureResponse(streamer, { status, codes: codes as DerivedFailure['codes'] }),
            ]),
          ),
        },
      },
    },
  } as OpenAPIObject['paths'];
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
