import type { InjectOptions } from 'fastify';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { isFileAnswer } from '../../src/server/trpc/file-answer.js';
import { appRouter } from '../../src/server/app-router.js';
import {
  listProcedures,
  procedureAt,
  type ProcedureInfo,
} from '../../src/server/trpc/procedures.js';
import {
  listRestProcedures,
  queryInput,
  type RestProcedure,
} from '../../src/server/http/rest-procedures.js';
import type { AppCaller } from '../../src/server/app-router.js';

/**
 * The API as the router declares it: every test table that walks the API (fuzz, authorisation,
 * bad inputs, OpenAPI) is generated from these lists, never written by hand
 * (docs/testing.md#derived-tables).
 */
export const PROCEDURES: ProcedureInfo[] = listProcedures(appRouter);
export const REST_PROCEDURES: RestProcedure[] = listRestProcedures(appRouter);

export type { ProcedureInfo, RestProcedure };

export const routeName = (procedure: RestProcedure) => `${procedure.method} ${procedure.route}`;

/** Calls a procedure through a tRPC caller, with whatever input (tests send careless ones). */
export function callProcedure(
  caller: AppCaller,
  procedure: ProcedureInfo,
  input: unknown,
): Promise<unknown> {
  return callPath(caller, procedure.path, input);
}

/**
 * Calls the procedure at a dotted path. A file answer (the CSV export) is read to its end, as a
 * client in process would: its text is the result, and its export slot is given back.
 */
export async function callPath(caller: AppCaller, path: string, input: unknown): Promise<unknown> {
  const result = await procedureAt(caller, path)(input);
  if (!isFileAnswer(result)) return result;
  let text = '';
  for await (const line of result.lines) text += line;
  return text;
}

/** Text for a path segment or query value, as a client would write the value. */
function asText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * The request a REST client sends for an input: path fields in the path, the others in a JSON
 * body (POST, PUT, PATCH) or the query string.
 */
export function restRequest(
  procedure: RestProcedure,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): InjectOptions & { url: string } {
  const url = procedure.route.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(asText(input[key])),
  );
  const rest = Object.entries(input).filter(
    ([key, value]) => !procedure.pathParams.includes(key) && value !== undefined,
  );
  if (procedure.takesBody) {
    return { method: procedure.method, url, payload: Object.fromEntries(rest), headers };
  }
  const query = new URLSearchParams(
    rest.map(([key, value]): [string, string] => [key, asText(value)]),
  ).toString();
  return { method: procedure.method, url: query ? `${url}?${query}` : url, headers };
}

/** The input the REST door hands the procedure for a request made by restRequest. */
export function receivedOverRest(
  procedure: RestProcedure,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const params = Object.fromEntries(
    procedure.pathParams.map((key) => [key, asText(input[key])] as const),
  );
  const rest = Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) => !procedure.pathParams.includes(key) && value !== undefined,
    ),
  );
  const fromRequest = procedure.takesBody
    ? (JSON.parse(JSON.stringify(rest)) as Record<string, unknown>)
    : queryInput(
        procedure,
        Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, asText(value)])),
      );
  return { ...fromRequest, ...params };
}

/** The TRPCError a call was refused with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }
  throw new Error('expected the call to be rejected, but it succeeded');
}
