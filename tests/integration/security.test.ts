import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/connect.js';
import { EnvError, loadEnv } from '../../src/server/env.js';
import type { FirebaseAuthService } from '../../src/server/features/auth/firebase-identity.js';
import { buildCspDirectives } from '../../src/server/http/security-headers.js';
import { testEnv } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { connect, head, listenOnFreePort } from '../helpers/raw-http.js';
import { createSession } from '../../src/server/features/sessions/session-service.js';
import { insertUser } from '../../src/server/features/users/user-repository.js';

// Several apps are built here; a loaded machine needs more than vitest's default seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** Every app of this file shares one database: only headers and ids are under test. */
let database: Database;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

interface TestApp {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  app: FastifyInstance;
}

async function makeApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const app = await buildApp({
    firebase: null,
    ...options,
    env: { ...testEnv, ...options.env },
    database,
  });
  await app.ready();
  apps.push(app);
  return { inject: (injectOptions) => app.inject(injectOptions), app };
}

const root = path.resolve(import.meta.dirname, '../..');
const builtIndex = path.join(root, 'dist/client/index.html');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Content-Security-Policy header as directive -> sources. */
function csp(res: Pick<LightMyRequestResponse, 'headers'>): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const policy = new Map<string, string[]>();
  for (const directive of String(header).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

/** The headers every response carries, whatever produced it. */
function expectSecurityHeaders(res: Pick<LightMyRequestResponse, 'headers'>): void {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  for (const sources of policy.values()) {
    expect(sources).not.toContain('*');
    expect(sources).not.toContain("'unsafe-eval'");
  }
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
  // Not production: no HSTS (a plain-HTTP localhost would be pinned to HTTPS).
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(res.headers['x-request-id']).toMatch(UUID);
}

/** Every <script> tag of a page; an inline one has no src. */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
}

describe('security headers', () => {
  let t: TestApp;
  let spa: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    t = await makeApp();
    // A minimal built client: buildApp serves it and answers client routes with its index.html.
    clientDir = mkdtempSync(path.join(tmpdir(), 'et-security-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(clientDir, 'assets/app.js'), 'console.log("app");\n');
    spa = await makeApp({ clientDir });
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('are on API responses, successful or not', async () => {
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health);

    const unauthorized = await t.inject({ method: 'GET', url: '/api/account' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);

    const badJson = await t.inject({
      method: 'POST',
      url: '/api/key-auth/challenge',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    expectSecurityHeaders(badJson);

    const unknown = await t.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expectSecurityHeaders(unknown);

    const trpc = await t.inject({ method: 'GET', url: '/trpc/system.health?input=%7B%7D' });
    expect(trpc.statusCode).toBe(200);
    expectSecurityHeaders(trpc);
  });

  it('are on the SPA index, client routes and static assets', async () => {
    for (const url of ['/', '/accounts/123', '/login']) {
      const res = await spa.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res);
    }
    const asset = await spa.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
  });

  it('are on the API reference, whose page has no inline script', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    const scripts = scriptTags(page.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/api\/docs\//);
    expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
    for (const url of ['/api/docs/init.js', '/api/docs/assets/swagger-ui-bundle.js']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  // The built app is checked only once built (`npm test` builds first); skipped otherwise.
  it.runIf(existsSync(builtIndex))('the built SPA (dist/client) has no inline script', () => {
    const html = readFileSync(builtIndex, 'utf8');
    const scripts = scriptTags(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/[^"]+"/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('adds HSTS in production only', async () => {
    const prod = await makeApp({ env: { NODE_ENV: 'production' } });
    const res = await prod.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}; includeSubDomains/);
  });
});

describe('caching and answers given before routing', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await makeApp();
    const user = await insertUser(database.db, { email: `cache-${Date.now()}@example.com` });
    const policy = { idleTimeoutSeconds: 3600, maxAgeSeconds: 3600 };
    ({ token } = await createSession(database.db, user.id, 'password', policy, () => new Date()));
  });

  it('API and tRPC answers are never stored by a browser or proxy, signed in or not', async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (const [url, headers] of [
      ['/api/account', auth],
      ['/api/transactions', auth],
      ['/trpc/account.list?input=%7B%7D', auth],
      ['/trpc/auth.me?input=%7B%7D', auth],
      ['/api/account', {}],
      ['/api/health', {}],
      ['/api/nothing-here', {}],
    ] as const) {
      const res = await t.inject({ method: 'GET', url, headers });
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
    const signedIn = await t.inject({ method: 'GET', url: '/api/account', headers: auth });
    expect(signedIn.statusCode).toBe(200);
  });

  it('a malformed URL and an over-long path segment get the headers and request id of every answer', async () => {
    for (const url of ['/api/account/%ZZ', `/api/account/${'a'.repeat(5000)}`, '/%E0%A4%A']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 40)).toBe(400);
      expectSecurityHeaders(res);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^Malformed URL/),
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('a request Node cannot read (a 20 KB URL, bad syntax) gets them too', async () => {
    const port = await listenOnFreePort(t.app);
    for (const [label, request, status] of [
      ['over-long URL', head(`GET /api/account/${'a'.repeat(20_000)} HTTP/1.1`), 431],
      ['bad request line', 'NOT HTTP AT ALL\r\n\r\n', 400],
    ] as const) {
      const connection = connect(port);
      connection.write(request);
      const answer = await connection.answer(3000);
      expect(answer.status, label).toBe(status);
      expectSecurityHeaders(answer);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        requestId: answer.headers['x-request-id'],
      });
      expect(answer.closedAfterMs, label).not.toBeNull();
    }
  });
});

describe('content security policy per sign-in setup', () => {
  const fakeFirebase = (fields: Partial<FirebaseAuthService>) =>
    ({
      demo: false,
      emulatorUrl: null,
      webConfig: { apiKey: 'k', authDomain: 'x.firebaseapp.com', projectId: 'x' },
      ...fields,
    }) as FirebaseAuthService;

  it('key login only: nothing outside the origin', () => {
    const directives = buildCspDirectives({});
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(["'none'"]);
  });

  it('demo mode: the Auth emulator, and nothing of Google', async () => {
    const demo = await makeApp({
      firebase: fakeFirebase({ demo: true, emulatorUrl: 'http://127.0.0.1:9460' }),
    });
    const res = await demo.inject({ method: 'GET', url: '/api/health' });
    const policy = csp(res);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9460']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/google/);
    expect(buildCspDirectives({ emulatorUrl: '127.0.0.1:9099' })['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:9099',
    ]);
  });

  it('a real project: Google auth endpoints and the auth domain, still no inline script', async () => {
    const real = await makeApp({
      firebase: fakeFirebase({
        webConfig: { apiKey: 'k', authDomain: 'my-proj.firebaseapp.com', projectId: 'my-proj' },
      }),
    });
    const res = await real.inject({ method: 'GET', url: '/api/health' });
    const policy = csp(res);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy.get('frame-src')).toEqual([
      'https://my-proj.firebaseapp.com',
      'https://apis.google.com',
    ]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // The sign-in popup reports back through window.opener.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('CORS', () => {
  const preflight = (app: TestApp, origin: string, url = '/api/account') =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  const get = (app: TestApp, origin: string) =>
    app.inject({ method: 'GET', url: '/api/health', headers: { origin } });

  describe('closed by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeApp();
    });

    it('gives no origin access, not even a preflight answer', async () => {
      for (const origin of ['https://evil.example', 'http://127.0.0.1:3000', 'null']) {
        const res = await get(t, origin);
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        const pre = await preflight(t, origin);
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(pre.headers['access-control-allow-methods']).toBeUndefined();
        expect(pre.statusCode).toBe(404);
      }
    });
  });

  describe('with CORS_ORIGINS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeApp({ env: { CORS_ORIGINS: ['https://app.example'] } });
    });

    it('lets the listed origin in, on requests and preflights (REST and tRPC)', async () => {
      const res = await get(t, 'https://app.example');
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(res.headers['access-control-expose-headers']).toMatch(/x-request-id/);
      expect(res.headers.vary).toMatch(/Origin/i);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();

      for (const url of ['/api/account', '/trpc/account.create']) {
        const pre = await preflight(t, 'https://app.example', url);
        expect(pre.statusCode, url).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe('https://app.example');
        expect(pre.headers['access-control-allow-methods']).toMatch(/POST/);
        expect(String(pre.headers['access-control-allow-headers'])).toMatch(/authorization/);
        expect(String(pre.headers['access-control-allow-headers'])).toMatch(/content-type/);
        expect(String(pre.headers['access-control-allow-headers'])).toMatch(/x-book-id/);
      }
    });

    it('still refuses every other origin, near misses included', async () => {
      for (const origin of [
        'https://evil.example',
        'http://app.example',
        'https://app.example.evil.example',
        'https://sub.app.example',
        'https://app.example:8443',
      ]) {
        expect(
          (await get(t, origin)).headers['access-control-allow-origin'],
          origin,
        ).toBeUndefined();
        const pre = await preflight(t, origin);
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(pre.statusCode).toBe(404);
      }
    });
  });

  it('CORS_ORIGINS takes exact origins and names itself when one is not', () => {
    expect(loadEnv({}).CORS_ORIGINS).toEqual([]);
    expect(
      loadEnv({ CORS_ORIGINS: 'https://App.example, http://localhost:5173,https://x.example:443/' })
        .CORS_ORIGINS,
    ).toEqual(['https://app.example', 'http://localhost:5173', 'https://x.example']);
    for (const bad of [
      '*',
      'https://*.example.com',
      'app.example',
      'https://app.example/path',
      'https://app.example?x=1',
      'ftp://app.example',
      'https://user:pw@app.example',
      'null',
    ]) {
      expect(() => loadEnv({ CORS_ORIGINS: bad }), bad).toThrow(EnvError);
      expect(() => loadEnv({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS:/);
    }
  });
});

describe('request id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });

  const withId = (id: string) =>
    t.inject({ method: 'GET', url: '/api/account', headers: { 'x-request-id': id } });

  it('keeps a well-formed incoming X-Request-Id', async () => {
    for (const id of ['lb-0123456789abcdef', 'Root-1-67891233:abcdef.01_x', 'a'.repeat(128)]) {
      const res = await withId(id);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json().requestId).toBe(id);
    }
  });

  it('replaces one that is malformed, too short or too long', async () => {
    for (const id of [
      'has spaces in it',
      'x'.repeat(500),
      'a'.repeat(129),
      'short',
      '<script>alert(1)</script>',
      'line\u2028break0000',
      'ünïcödé-12345',
    ]) {
      const res = await withId(id);
      expect(res.headers['x-request-id']).not.toBe(id);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('generates one when none is sent, different for each request', async () => {
    const first = await t.inject({ method: 'GET', url: '/api/health' });
    const second = await t.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
