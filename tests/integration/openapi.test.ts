import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { EXPECTED_ROUTES } from '../helpers/api-routes.js';

/** Routes anyone may call: everything else needs a bearer token. */
const PUBLIC_PATHS = new Set([
  '/api/health',
  '/api/key-auth/register',
  '/api/key-auth/challenge',
  '/api/key-auth/verify',
  '/api/auth/firebase',
  '/api/config',
  '/api/demo/mailbox',
]);

interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses: Record<string, unknown> }>
  >;
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

  it('passes an OpenAPI 3 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('lists every route with its exact path and method, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map(
        (method) => `${method.toUpperCase()} ${doc.servers[0]?.url.replace(/\/$/, '')}${path}`,
      ),
    );
    expect(listed.sort()).toEqual([...EXPECTED_ROUTES].sort());
  });

  it('marks every route but the public ones as bearer-protected', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const operation of Object.values(item)) {
        if (PUBLIC_PATHS.has(path)) expect(operation.security, path).toBeUndefined();
        else expect(operation.security, path).toEqual([{ bearerAuth: [] }]);
      }
    }
  });

  it('documents the form body the spec sends to /api/auth/firebase', () => {
    const exchange = doc.paths['/api/auth/firebase']?.post as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(exchange.requestBody.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('documents the failure envelope and the insufficient-funds refusal', () => {
    const withdraw = doc.paths['/api/account/{id}/withdraw']?.post;
    expect(withdraw?.responses['422']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
  });

  it('every documented route answers at its path (no 404 from the router)', async () => {
    const user = await t.signUp();
    for (const route of EXPECTED_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.rest(user, {
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      const body = res.json() as { code?: string; message?: string };
      expect(body.message ?? '', route).not.toMatch(/^No route/);
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
