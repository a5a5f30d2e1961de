import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_PROCEDURES, restRequest, routeName } from '../helpers/api-surface.js';
import { LIVE_EVENTS_PATH } from '../../src/shared/schemas/activity.js';
import { validInput } from '../helpers/derived-cases.js';
import { RESOURCE_KINDS } from '../../src/shared/schemas/common.js';
import { plantIds } from '../helpers/resources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The routes of the product's API table (docs/api.md#routes): a requirement of the
 * product, so written out; every other route is checked from the router's own list.
 */
const SPEC_ROUTES = [
  'POST /api/auth/firebase',
  'POST /api/key-auth/register',
  'POST /api/key-auth/challenge',
  'POST /api/key-auth/verify',
  'GET /api/account',
  'POST /api/account',
  'GET /api/account/{id}',
  'PUT /api/account/{id}',
  'DELETE /api/account/{id}',
  'POST /api/account/{id}/deposit',
  'POST /api/account/{id}/withdraw',
  'GET /api/expenses',
  'GET /api/expenses/by-account/{accountId}',
  'POST /api/expenses/expense',
  'POST /api/test/new',
];

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
}

interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.rest(null, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const operation = (method: string, route: string) =>
    doc.paths[route]?.[method.toLowerCase()] as Operation;

  it('passes an OpenAPI 3 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('lists every REST procedure with its exact path and method, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map(
        (method) => `${method.toUpperCase()} ${doc.servers[0]?.url.replace(/\/$/, '')}${path}`,
      ),
    );
    // The CSV export too: a procedure whose answer is a file (docs/api.md#files).
    expect(listed).toContain('GET /api/transactions/export.csv');
    // And the live notices, a stream beside the router (docs/live-updates.md).
    expect(listed.sort()).toEqual(
      [...REST_PROCEDURES.map(routeName), `GET ${LIVE_EVENTS_PATH}`].sort(),
    );
  });

  it('documents a file answer as its file, not as JSON', () => {
    const csv = doc.paths['/api/transactions/export.csv']?.get as {
      parameters: { name: string }[];
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(csv.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(csv.responses['400']?.content ?? {})).toEqual(['application/json']);
    // An export has every page: the list's paging is not among its parameters.
    const names = csv.parameters.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'accountId', 'sort', 'dateFrom']));
    expect(names).not.toContain('limit');
    expect(names).not.toContain('cursor');
  });

  it("serves every route of the product's API table", () => {
    const served = new Set(REST_PROCEDURES.map(routeName));
    for (const route of SPEC_ROUTES) expect(served, route).toContain(route);
  });

  it('marks exactly the procedures built on protectedProcedure as bearer-protected', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const procedure of REST_PROCEDURES) {
      const { security } = operation(procedure.method, procedure.route);
      if (procedure.protected) expect(security, routeName(procedure)).toEqual([{ bearerAuth: [] }]);
      // Public operations say so, against the document's root requirement.
      else expect(security, routeName(procedure)).toEqual([]);
    }
    // Sign-in and health stay reachable without a session.
    const open = REST_PROCEDURES.filter((procedure) => !procedure.protected).map(routeName);
    expect(open).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/key-auth/verify']));
  });

  it('documents the Idempotency-Key header exactly where it is honoured', () => {
    for (const procedure of REST_PROCEDURES) {
      const headers = (operation(procedure.method, procedure.route).parameters ?? [])
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
      expect(headers.includes('idempotency-key'), routeName(procedure)).toBe(procedure.idempotent);
    }
    expect(REST_PROCEDURES.filter((procedure) => procedure.idempotent).length).toBeGreaterThan(0);
  });

  it('documents the form body the web app sends to /api/auth/firebase', () => {
    const exchange = doc.paths['/api/auth/firebase']?.post as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(exchange.requestBody.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('publishes the text bans as patterns: no NUL in names, no comma in tags', () => {
    // Every pattern the document holds for a property, wherever in the body it sits.
    const patternsOf = (schema: unknown, property: string): string[] => {
      const found: string[] = [];
      const walk = (node: unknown, name: string | null) => {
        if (Array.isArray(node)) return node.forEach((item) => walk(item, name));
        if (!node || typeof node !== 'object') return;
        const record = node as Record<string, unknown>;
        if (name === property && typeof record.pattern === 'string') found.push(record.pattern);
        for (const [key, value] of Object.entries(record)) {
          if (key === 'properties' && value && typeof value === 'object') {
            for (const [child, inner] of Object.entries(value)) walk(inner, child);
          } else walk(value, key === 'items' || key === 'allOf' ? name : null);
        }
      };
      walk(schema, null);
      return found;
    };
    const body = (method: string, route: string) =>
      (operation(method, route) as unknown as { requestBody: unknown }).requestBody;
    const noNul = '^[^\\u0000]*$';
    expect(patternsOf(body('POST', '/api/categories'), 'name')).toContain(noNul);
    expect(patternsOf(body('PATCH', '/api/book'), 'name')).toContain(noNul);
    expect(patternsOf(body('POST', '/api/transactions'), 'tags')).toEqual(
      expect.arrayContaining(['^[^,]*$', noNul]),
    );
  });

  it('documents the failure envelope and the insufficient-funds refusal', () => {
    const withdraw = doc.paths['/api/account/{id}/withdraw']?.post;
    expect(withdraw?.responses['422']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorBody' },
              {
                properties: {
                  code: { enum: expect.arrayContaining(['INSUFFICIENT_FUNDS']) as unknown },
                },
              },
            ],
          },
        },
      },
    });
  });

  it('has a licence, a root security requirement and declared response headers', () => {
    const root = doc as unknown as {
      info: { license?: { name: string } };
      security: unknown[];
      components: { headers: Record<string, unknown> };
    };
    expect(root.info.license?.name).toBeTruthy();
    expect(root.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(root.components.headers).sort()).toEqual([
      'Idempotent-Replayed',
      'Link',
      'Retry-After',
      'X-Request-Id',
    ]);
    for (const procedure of REST_PROCEDURES) {
      const responses = operation(procedure.method, procedure.route).responses as Record<
        string,
        { headers?: Record<string, unknown> }
      >;
      for (const [status, response] of Object.entries(responses)) {
        const where = `${routeName(procedure)} ${status}`;
        expect(Object.keys(response.headers ?? {}), where).toContain('X-Request-Id');
        if (status === '429')
          expect(Object.keys(response.headers ?? {}), where).toContain('Retry-After');
      }
      if (procedure.idempotent) {
        expect(Object.keys(responses['200']?.headers ?? {})).toContain('Idempotent-Replayed');
        expect(responses['422'], routeName(procedure)).toBeDefined();
      }
    }
    // The paged expenses lists point to their next page (issue 10, finding 6).
    for (const route of ['/api/expenses', '/api/expenses/by-account/{accountId}']) {
      const responses = operation('GET', route).responses as Record<
        string,
        { headers?: Record<string, unknown> }
      >;
      expect(Object.keys(responses['200']?.headers ?? {}), route).toContain('Link');
    }
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['PATCH', '/api/account', 'GET, POST, HEAD'],
      [
        'POST',
        '/api/account/00000000-0000-4000-8000-000000000000',
        'GET, PUT, PATCH, DELETE, HEAD',
      ],
      ['GET', '/api/key-auth/verify', 'POST'],
      ['DELETE', '/api/health', 'GET, HEAD'],
    ] as const) {
      const res = await t.rest(null, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    // An unknown path is still a 404.
    expect((await t.rest(null, { method: 'PATCH', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('every documented route answers at its path (no 404 from the router)', async () => {
    const user = await t.signUp();
    for (const procedure of REST_PROCEDURES) {
      const input = plantIds(
        validInput(procedure),
        Object.fromEntries(
          RESOURCE_KINDS.map((kind) => [kind, '00000000-0000-4000-8000-000000000000']),
        ),
      );
      const res = await t.rest(user, restRequest(procedure, input));
      const body = res.json<{ code?: string; message?: string }>();
      expect(body.message ?? '', routeName(procedure)).not.toMatch(/^No route/);
    }
  });

  it('serves a readable reference from local assets', async () => {
    const page = await t.rest(null, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const asset of scripts) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      const res = await t.rest(null, { method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
  });
});
