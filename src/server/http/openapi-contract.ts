import { z } from 'zod';
import { APP_ERRORS, type AppErrorCode } from '../../shared/errors.js';
import type { RestProcedure } from './rest-procedures.js';

/**
 * The failure statuses of a route, derived from what the route is, never listed by hand
 * (docs/api.md#the-openapi-document): a route added tomorrow is documented right by construction.
 *
 * - every route: 408 (request not received in time) and 500;
 * - takes input (a body, a query field or a path parameter): 400;
 * - reads a body (any method but GET): 413 and 415;
 * - needs a session: 401; and when it works on a book (docs/sharing.md): 400 and 404 for the
 *   book named (`bookId`), 409 while a file is restored into it, and 403 when it asks more than
 *   a viewer's role;
 * - names a resource by id (`x-resource`): 404;
 * - honours an Idempotency-Key: 422 IDEMPOTENCY_KEY_REUSED (and 400 for a malformed key);
 * - counted against a rate limit (sign-in, or any mutation of a signed-in user): 429;
 * - a mutation of a signed-in user: 503 when PostgreSQL kept aborting it as a deadlock;
 * - plus the refusals its meta declares (`refusals`, app error codes), and the statuses of the
 *   legacy `openapi.errorResponses` it may still list.
 */
export interface DerivedFailure {
  status: number;
  /** The app error codes this route may answer with this status. */
  codes: AppErrorCode[];
}

/** Whether an input schema has fields (a query or body to validate) or names resources. */
function inputFacts(input: z.ZodType | undefined): { fields: number; namesResources: boolean } {
  if (!input) return { fields: 0, namesResources: false };
  const json = JSON.stringify(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }));
  const schema = JSON.parse(json) as { properties?: Record<string, unknown> };
  return {
    fields: Object.keys(schema.properties ?? {}).length,
    namesResources: json.includes('"x-resource"'),
  };
}

export function derivedFailures(procedure: RestProcedure): DerivedFailure[] {
  const byStatus = new Map<number, Set<AppErrorCode>>();
  const add = (status: number, code?: AppErrorCode) => {
    const codes = byStatus.get(status) ?? new Set<AppErrorCode>();
    if (code) codes.add(code);
    byStatus.set(status, codes);
  };
  const { fields, namesResources } = inputFacts(procedure.input);
  add(408, 'REQUEST_TIMEOUT');
  add(500, 'INTERNAL_SERVER_ERROR');
  if (procedure.takesBody || fields > 0 || procedure.pathParams.length > 0) {
    add(400, 'VALIDATION_ERROR');
  }
  if (procedure.method !== 'GET') {
    add(413, 'PAYLOAD_TOO_LARGE');
    add(415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (procedure.protected) add(401, 'UNAUTHORIZED');
  if (procedure.protected && procedure.bookAccess !== 'none') {
    add(400, 'VALIDATION_ERROR');
    add(404, 'NOT_FOUND');
    // While a file is restored into the book, its requests answer 409 (init.ts).
    add(409, 'CONFLICT');
    if (procedure.bookAccess !== 'viewer') add(403, 'FORBIDDEN');
  }
  if (namesResources) add(404, 'NOT_FOUND');
  if (procedure.idempotent) {
    add(400, 'VALIDATION_ERROR');
    add(422, 'IDEMPOTENCY_KEY_REUSED');
  }
  if (procedure.rateLimited) add(429, 'TOO_MANY_REQUESTS');
  // A signed-in change that keeps losing deadlocks after its retries (src/server/trpc/init.ts).
  if (procedure.protected && procedure.method !== 'GET') add(503, 'SERVICE_UNAVAILABLE');
  for (const code of procedure.refusals) add(APP_ERRORS[code].status, code);
  // A status listed without codes may carry any code of that status.
  const legacy = procedure.openapi?.errorResponses;
  const legacyStatuses = Array.isArray(legacy) ? legacy : Object.keys(legacy ?? {}).map(Number);
  for (const status of legacyStatuses) {
    add(status);
    for (const [code, { status: codeStatus }] of Object.entries(APP_ERRORS)) {
      if (codeStatus === status) add(status, code as AppErrorCode);
    }
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => ({ status, codes: [...codes] }));
}
