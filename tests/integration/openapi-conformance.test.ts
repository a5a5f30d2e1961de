import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import { RESOURCES, type ResourceFixture } from '../helpers/resources.js';

/** Every kind of id the tests know how to make, with its fixture. */
const fixtures = Object.entries(RESOURCES).filter(
  (entry): entry is [string, ResourceFixture] => entry[1] !== undefined,
);
import { createTestApp, testEnv, type TestApp, type TestUser } from '../helpers/test-app.js';
import {
  SchemaJudge,
  brokenValues,
  operationsOf,
  validValue,
  type GeneratedRequest,
  type Operation,
  type Parameter,
  type Schema,
} from '../helpers/openapi-requests.js';

/**
 * The published OpenAPI document is the contract (docs/api.md#the-openapi-document). This test
 * knows nothing of our route tables: it reads /api/openapi.json as a third-party client would,
 * generates requests from it (valid ones, and ones that break one documented constraint) with
 * fast-check, and fails when the server answers
 *
 * - a status the document does not list for that operation,
 * - a body that does not match the documented schema of that status,
 * - without a header the document says that answer carries,
 * - anything but 400 to a request the document calls invalid (so every documented constraint is
 *   one the server enforces).
 *
 * CONFORMANCE_RUNS cases per operation (default 100); CONFORMANCE_SEED replays a run.
 */
const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 100);
const SEED = process.env.CONFORMANCE_SEED ? Number(process.env.CONFORMANCE_SEED) : undefined;
const IDEMPOTENCY_KEYS = ['conformance-1', 'conformance-2', 'conformance-3'];

const UUID = /^\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*$/i;

const paramKey = (parameter: Parameter) => `${parameter.in}:${parameter.name}`;

/** A value as it travels in a path, query string, header or form field. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The requests of one operation: valid ones, and ones that break one thing. */
function requestsOf(
  operation: Operation,
  judge: SchemaJudge,
  ids: (kind: string) => string[],
): { valid: fc.Arbitrary<GeneratedRequest>; broken: fc.Arbitrary<GeneratedRequest> } {
  const params = operation.parameters.map((parameter) => {
    const value =
      parameter.name === 'idempotency-key'
        ? fc.oneof(fc.constantFrom(...IDEMPOTENCY_KEYS), fc.uuid())
        : validValue(parameter.schema, judge, ids);
    return fc.tuple(
      fc.constant(paramKey(parameter)),
      parameter.required ? value : fc.option(value, { nil: undefined }),
    );
  });
  const body = operation.body;
  const valid = fc.record({
    params: fc
      .tuple(...params)
      .map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined))),
    body: body
      ? body.required
        ? validValue(body.schema, judge, ids)
        : fc.option(validValue(body.schema, judge, ids), { nil: undefined, freq: 4 })
      : fc.constant(undefined),
    form: fc.constant(false),
    signedIn: operation.protected
      ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false))
      : fc.boolean(),
  });
  const formable = body?.contentTypes.includes('application/x-www-form-urlencoded') ?? false;
  const withForm = formable
    ? fc.tuple(valid, fc.boolean()).map(([request, form]) => ({ ...request, form }))
    : valid;
  return {
    valid: withForm,
    broken: withForm.chain((request) => broken(operation, request, judge)),
  };
}

/**
 * The request with one documented constraint broken: a parameter or body field given a value its
 * schema refuses (as the text it travels as), a required field left out, or a body that is no
 * object.
 */
function broken(
  operation: Operation,
  request: GeneratedRequest,
  judge: SchemaJudge,
): fc.Arbitrary<GeneratedRequest> {
  const targets: fc.Arbitrary<GeneratedRequest>[] = [];
  for (const parameter of operation.parameters) {
    const key = paramKey(parameter);
    const candidates =
      parameter.in === 'header' ? ['x'.repeat(256), 'two words'] : brokenValues(parameter.schema);
    const refused = candidates.filter(
      (value) =>
        !judge.validText(parameter.schema, asText(value)) &&
        (parameter.in !== 'path' || asText(value).length > 0),
    );
    if (refused.length === 0) continue;
    targets.push(
      fc.constantFrom(...refused).map((value) => ({
        ...request,
        params: { ...request.params, [key]: value },
      })),
    );
  }
  const body = operation.body;
  if (body) {
    targets.push(
      fc
        .constantFrom<unknown>('text', 42, null, [1])
        .map((value) => ({ ...request, body: value, form: false })),
    );
    if (body.required) targets.push(fc.constant({ ...request, body: undefined }));
    const current = (
      typeof request.body === 'object' && request.body !== null ? request.body : {}
    ) as Record<string, unknown>;
    const properties = (body.schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties)) {
      const refused = brokenValues(property).filter((value) => !judge.valid(property, value));
      if (refused.length === 0) continue;
      targets.push(
        fc
          .constantFrom(...refused)
          .map((value) => ({ ...request, body: { ...current, [name]: value }, form: false })),
      );
    }
    for (const name of (body.schema.required ?? []) as string[]) {
      const { [name]: _left, ...rest } = current;
      targets.push(fc.constant({ ...request, body: rest }));
    }
  }
  return targets.length > 0 ? fc.oneof(...targets) : fc.constant(request);
}

/** Whether the document calls the request valid (parameters judged as the text sent). */
function documentedValid(
  operation: Operation,
  request: GeneratedRequest,
  judge: SchemaJudge,
): boolean {
  for (const parameter of operation.parameters) {
    const value = request.params[paramKey(parameter)];
    if (value === undefined) {
      if (parameter.required) return false;
      continue;
    }
    if (!judge.validText(parameter.schema, asText(value))) return false;
  }
  if (!operation.body) return true;
  if (request.body === undefined) return !operation.body.required;
  return judge.valid(operation.body.schema, formOrJson(request));
}

/** What the server receives as the body: JSON as sent, or a form's fields as text. */
function formOrJson(request: GeneratedRequest): unknown {
  if (!request.form || typeof request.body !== 'object' || request.body === null)
    return request.body;
  return Object.fromEntries(
    Object.entries(request.body).map(([key, value]) => [key, asText(value)]),
  );
}

function injectOptions(operation: Operation, request: GeneratedRequest, token: string) {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(request.params[`path:${name}`])),
  );
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.params)) {
    const [where, name] = key.split(':') as [string, string];
    if (where === 'query') query.append(name, asText(value));
    if (where === 'header') headers[name] = asText(value);
  }
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (request.body !== undefined) {
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(formOrJson(request) as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(request.body);
    }
  }
  const search = query.toString();
  return {
    method: operation.method as 'GET',
    url: search ? `${url}?${search}` : url,
    headers,
    ...(payload !== undefined && { payload }),
  };
}

describe('the server keeps the published OpenAPI document', () => {
  let t: TestApp;
  let user: TestUser;
  let operations: Operation[];
  const judge = new SchemaJudge();
  const ids = new Map<string, string[]>();
  const policy = {
    idleTimeoutSeconds: testEnv.SESSION_IDLE_TIMEOUT_SECONDS,
    maxAgeSeconds: testEnv.SESSION_MAX_AGE_SECONDS,
  };

  async function refreshIds(): Promise<void> {
    for (const [kind, fixture] of fixtures) ids.set(kind, await fixture.ids(t, user.id, false));
  }

  beforeAll(async () => {
    t = await createTestApp();
    const published = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(published.statusCode).toBe(200);
    const document = (await SwaggerParser.dereference(published.json())) as Schema;
    // Deletions last, so that the ids the other operations use stay alive for longer.
    operations = operationsOf(document).sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    user = await t.signUp();
    for (const [, fixture] of fixtures) {
      for (let i = 0; i < 3; i++) await fixture.create(t, user);
    }
    await refreshIds();
  });
  afterAll(() => t.close());

  it('documents operations to test', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it(
    `answers every operation only as documented (${RUNS} generated requests each)`,
    { timeout: 600_000 },
    async () => {
      for (const operation of operations) {
        const name = `${operation.method} ${operation.path}`;
        const seen = { valid: 0, invalid: 0, statuses: new Set<number>() };
        let cases = 0;
        const requests = requestsOf(operation, judge, (kind) => ids.get(kind) ?? []);
        // One of each kind always goes first, so that a short run (25 cases on PGlite in CI)
        // cannot miss a kind by chance; the rest are drawn 3 valid to 2 broken.
        const firstOfEach = [requests.valid, requests.broken].map((arbitrary) =>
          fc.sample(arbitrary, { numRuns: 1, ...(SEED !== undefined && { seed: SEED }) }),
        ) as [GeneratedRequest][];
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { weight: 3, arbitrary: requests.valid },
              { weight: 2, arbitrary: requests.broken },
            ),
            async (request) => {
              if (++cases % 10 === 0) await refreshIds();
              // A fresh session each time: a generated logout must not end the others' session.
              const { token } = await createSession(
                t.database.db,
                user.id,
                'password',
                policy,
                () => new Date(),
              );
              const valid = documentedValid(operation, request, judge);
              seen[valid ? 'valid' : 'invalid'] += 1;
              const res = await t.app.inject(injectOptions(operation, request, token));
              const status = res.statusCode;
              seen.statuses.add(status);
              const where = `${name} -> ${status}: ${res.body.slice(0, 300)}`;
              const documented = operation.responses[String(status)];
              expect(documented, `${where} (status not in the document)`).toBeDefined();
              // The one non-JSON answer: the CSV export's file.
              const csv = String(res.headers['content-type']).startsWith('text/csv');
              if (csv) expect(status, where).toBe(200);
              const body: unknown = csv ? res.body : res.json();
              if (documented?.schema && !judge.valid(documented.schema, body)) {
                expect.fail(
                  `${where}: body does not match: ${judge.errorsOf(documented.schema, body)}`,
                );
              }
              for (const header of documented?.requiredHeaders ?? []) {
                expect(res.headers[header], `${where} (header ${header})`).toBeDefined();
              }
              // A book the caller is no member of is refused before the request is read, as a
              // missing session is (docs/sharing.md#choosing-a-book).
              const named = request.params['query:bookId'];
              const foreignBook =
                typeof named === 'string' &&
                UUID.test(named) &&
                !(await t.database.db
                  .selectFrom('memberships')
                  .select('role')
                  .where('book_id', '=', named.trim().toLowerCase())
                  .where('user_id', '=', user.id)
                  .executeTakeFirst());
              if (!valid && foreignBook && request.signedIn) {
                // (or a 400 the door gives before anything: a body that is not a JSON object)
                expect([400, 404], `${where} (a book that is not the caller's)`).toContain(status);
              } else if (!valid && (request.signedIn || !operation.protected)) {
                expect(status, `${where} (an invalid request per the document)`).toBe(400);
              }
            },
          ),
          {
            numRuns: RUNS,
            endOnFailure: true,
            examples: firstOfEach,
            ...(SEED !== undefined && { seed: SEED }),
          },
        );
        expect(cases, name).toBeGreaterThanOrEqual(RUNS);
        // A floor, not a share: 25 cases at 2 in 5 fall under a tenth about once in 2,000
        // operations, and the run has over 70 (docs/testing.md#generated-cases).
        const floor = Math.max(1, Math.floor(RUNS / 20));
        const breakable = operation.parameters.length > 0 || operation.body !== undefined;
        if (breakable)
          expect(seen.invalid, `${name}: invalid requests`).toBeGreaterThanOrEqual(floor);
        expect(seen.valid, `${name}: valid requests`).toBeGreaterThanOrEqual(floor);
      }
    },
  );

  it('answers a method a documented path does not take with 405 and Allow', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const operation of operations) {
      byPath.set(operation.path, (byPath.get(operation.path) ?? new Set()).add(operation.method));
    }
    for (const [path, methods] of byPath) {
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const allowed = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].sort();
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY'].filter(
        (m) => !methods.has(m),
      )) {
        const res = await t.app.inject({ method: method as 'GET', url });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(
          String(res.headers.allow)
            .split(',')
            .map((m) => m.trim())
            .sort(),
          `${method} ${path}`,
        ).toEqual(allowed);
      }
    }
  });
});
