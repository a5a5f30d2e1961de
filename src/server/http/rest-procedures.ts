import type { AnyTRPCRouter } from '@trpc/server';
import { z } from 'zod';
import { BOOK_ID_PARAMETER } from '../../shared/schemas/sharing.js';
import { listProcedures, type ProcedureInfo } from '../trpc/procedures.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A procedure with a REST route, read once from its `openapi` meta. The REST door mounts these,
 * and the tests derive their route tables from them (docs/architecture.md#procedures), so a new
 * route is mounted, documented, fuzzed, authorised and bad-input-tested without a table to edit.
 */
export interface RestProcedure extends ProcedureInfo {
  method: HttpMethod;
  /** The documented path, e.g. /api/account/{id}. */
  route: string;
  /** The same path in Fastify's words, e.g. /api/account/:id. */
  url: string;
  /** The input fields the path carries, in path order. */
  pathParams: string[];
  /** POST, PUT and PATCH read their input from a JSON body; the others from the query string. */
  takesBody: boolean;
  /** Documented as taking application/x-www-form-urlencoded as well as JSON. */
  acceptsForm: boolean;
  /** Query-string fields the input schema declares as numbers (converted from text). */
  numericQueryFields: ReadonlySet<string>;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

/** Query strings carry text; the fields a schema declares as numbers are converted, nothing else. */
function numericFields(input: z.ZodType | undefined): Set<string> {
  if (!(input instanceof z.ZodObject)) return new Set();
  const shape = input.shape as Record<string, z.ZodType>;
  return new Set(
    Object.entries(shape)
      .filter(([, field]) => unwrap(field) instanceof z.ZodNumber)
      .map(([key]) => key),
  );
}

/**
 * What the meta says must match what the procedure does; a mismatch would publish a wrong
 * document, so it stops the server at start rather than reaching a client.
 */
function checkDeclarations(procedure: RestProcedure): void {
  const where = `${procedure.method} ${procedure.route} (${procedure.path})`;
  const documentedProtected = procedure.openapi?.protect !== false;
  if (documentedProtected !== procedure.protected) {
    throw new Error(
      `${where}: openapi.protect must be ${String(procedure.protected)}: the procedure is ${procedure.protected ? '' : 'not '}built on protectedProcedure`,
    );
  }
  const headers = procedure.openapi?.requestHeaders;
  const documentedKey = headers instanceof z.ZodObject && 'idempotency-key' in headers.shape;
  if (documentedKey !== procedure.idempotent) {
    throw new Error(
      procedure.idempotent
        ? `${where}: an idempotentMutation must document requestHeaders: idempotencyHeaders`
        : `${where}: documents an Idempotency-Key but its resolver is not an idempotentMutation`,
    );
  }
}

/** Every procedure of the router that declares an `openapi` route. */
export function listRestProcedures(router: AnyTRPCRouter): RestProcedure[] {
  return listProcedures(router).flatMap((procedure): RestProcedure[] => {
    const openapi = procedure.openapi;
    if (!openapi) return [];
    const method: HttpMethod = openapi.method;
    const rest: RestProcedure = {
      ...procedure,
      method,
      route: openapi.path,
      url: openapi.path.replace(/\{(\w+)\}/g, ':$1'),
      pathParams: [...openapi.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
      takesBody: method === 'POST' || method === 'PUT' || method === 'PATCH',
      acceptsForm: openapi.contentTypes?.includes('application/x-www-form-urlencoded') ?? false,
      numericQueryFields: numericFields(procedure.input),
    };
    checkDeclarations(rest);
    return [rest];
  });
}

/**
 * Decimal text as a JSON number is written, exponent included (`1e2`, `2.5E-1`: what a client
 * that formats numbers as JSON or Python does send for a `type: number` parameter); leading
 * zeros allowed. Anything else (hex, Infinity, blanks) stays text and the schema refuses it.
 */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A route's query string as procedure input: numeric text in numeric fields becomes a number.
 * `bookId` names the book the call works on, read with the session (src/server/trpc/context.ts),
 * not a field of any input.
 */
export function queryInput(procedure: RestProcedure, query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (key === BOOK_ID_PARAMETER) continue;
    out[key] =
      procedure.numericQueryFields.has(key) && typeof value === 'string' && NUMERIC_TEXT.test(value)
        ? Number(value)
        : value;
  }
  return out;
}
