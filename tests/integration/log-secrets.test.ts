import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/connect.js';
import { testEnv } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { rsaKeyPair as keyPair, signChallenge } from '../helpers/rsa-keys.js';

/**
 * Nothing secret is logged (docs/security.md#logs). The app runs with a trace-level logger
 * writing to memory; sign-in and money routes are driven with real secrets; then every captured
 * line is searched for each of them.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** The base64 lines of a PEM body: any one of them in a log would be a leak. */
function pemBodyLines(pem: string): string[] {
  return pem.split('\n').filter((line) => line.length >= 40 && !line.startsWith('-----'));
}

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

describe('logs never hold a secret', () => {
  const raw: string[] = [];
  const stream = { write: (line: string) => void raw.push(line) };
  let database: Database;
  let app: FastifyInstance;

  const alice = keyPair();
  const bob = keyPair();
  const ID_TOKEN = 'eyJ-secret-id-token-XYZ';
  const PASSWORD = 'hunter2-secret-password-Q7';
  const COOKIE = 'session=cookie-secret-C0OKIE';
  const TRPC_SECRET = 'trpc-input-secret-T0KEN';
  const QUERY_SECRET = 'query-secret-QS3CRET';
  const secrets: Record<string, string[]> = {
    idToken: [ID_TOKEN],
    password: [PASSWORD],
    cookie: ['cookie-secret-C0OKIE'],
    'tRPC GET input': [TRPC_SECRET],
    'query-string token': [QUERY_SECRET],
    'public key PEM (alice)': pemBodyLines(alice.publicPem),
    'public key PEM (bob)': pemBodyLines(bob.publicPem),
    'private key PEM': [...pemBodyLines(alice.privatePem), ...pemBodyLines(bob.privatePem)],
  };
  /** Responses whose request id must show up in the logs. */
  const requestIds: string[] = [];
  let serverErrorId: string | null = null;

  async function call(options: InjectOptions) {
    const res = await app.inject(options);
    requestIds.push(String(res.headers['x-request-id']));
    return res;
  }
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    call({ method: 'POST', url, payload, headers });

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      env: testEnv,
      database,
      firebase: null,
      logger: { level: 'trace', stream },
    });
    // A careless handler: logs secrets by field name, as future code might by mistake.
    app.post('/test-only/careless-log', async (req) => {
      req.log.info(
        {
          idToken: ID_TOKEN,
          body: req.body,
          input: { password: PASSWORD, nested: { token: TRPC_SECRET } },
          req: { headers: req.headers },
          headers: { authorization: req.headers.authorization, cookie: req.headers.cookie },
        },
        'careless log call',
      );
      return { success: true };
    });
    await app.ready();

    // Key-based login end to end: register, challenge, verify, with a real RSA-PSS signature.
    const registered = await post('/api/key-auth/register', {
      email: 'alice@example.com',
      publicKey: alice.publicPem,
    });
    expect(registered.statusCode).toBe(200);
    const challenged = await post('/api/key-auth/challenge', { email: 'alice@example.com' });
    const challenge = challenged.json().data.challenge as string;
    const signature = signChallenge(challenge, alice.privateKey);
    secrets.signature = [signature];
    secrets.challenge = [challenge];
    const verified = await post('/api/key-auth/verify', {
      email: 'alice@example.com',
      signature,
    });
    expect(verified.statusCode).toBe(200);
    const token = verified.json().data.token as string;
    secrets['session token'] = [token];
    const auth = { authorization: `Bearer ${token}`, cookie: COOKIE };

    // Money routes with the session token, through REST and tRPC.
    const created = await post('/api/account', { title: 'Wallet' }, auth);
    expect(created.statusCode).toBe(200);
    const accountId = created.json().data.id as string;
    expect((await post(`/api/account/${accountId}/deposit`, { amount: 50 }, auth)).statusCode).toBe(
      200,
    );
    expect(
      (await post(`/api/account/${accountId}/withdraw`, { amount: 500 }, auth)).statusCode,
    ).toBe(422);
    expect((await call({ method: 'GET', url: '/api/account', headers: auth })).statusCode).toBe(
      200,
    );
    expect((await call({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(
      200,
    );
    const trpcMutation = await post('/trpc/account.create', { title: 'Via tRPC' }, auth);
    expect(trpcMutation.statusCode).toBe(200);
    // A tRPC GET carries its input in the URL.
    const input = encodeURIComponent(JSON.stringify({ 0: { token: TRPC_SECRET } }));
    const trpcGet = await call({
      method: 'GET',
      url: `/trpc/account.list,system.health?batch=1&input=${input}`,
      headers: auth,
    });
    expect(trpcGet.statusCode).toBeLessThan(500);
    // A token in a REST query string, and a wrong token in the header.
    await call({ method: 'GET', url: `/api/demo/mailbox?email=a@b.c&token=${QUERY_SECRET}` });
    await call({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}x` },
    });

    // Firebase sign-in with an ID token (Firebase is off here: 503), JSON and form-encoded.
    const firebase = await post('/api/auth/firebase', { idToken: ID_TOKEN, password: PASSWORD });
    expect(firebase.statusCode).toBe(503);
    const form = await call({
      method: 'POST',
      url: '/api/auth/firebase',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ idToken: ID_TOKEN, password: PASSWORD }).toString(),
    });
    expect(form.statusCode).toBe(503);
    // Bad JSON that holds a secret (parsers quote their input in error messages).
    await call({
      method: 'POST',
      url: '/api/auth/firebase',
      headers: { 'content-type': 'application/json' },
      payload: `{"idToken": "${ID_TOKEN}", `,
    });

    await post('/test-only/careless-log', { password: PASSWORD, token }, auth);
    app.log.warn({ token, privateKey: alice.privatePem }, 'careless app-level log call');

    // A real 500: the database refuses the insert, and the driver's error carries the query's
    // parameters and the failing row, public key included.
    await sql`ALTER TABLE key_credentials ADD CONSTRAINT no_more_keys CHECK (false) NOT VALID`.execute(
      database.db,
    );
    const failed = await post('/api/key-auth/register', {
      email: 'bob@example.com',
      publicKey: bob.publicPem,
    });
    expect(failed.statusCode).toBe(500);
    serverErrorId = failed.json().requestId as string;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);

  it('captured the requests at trace level', () => {
    expect(raw.length).toBeGreaterThanOrEqual(2 * requestIds.length);
    expect(lines().some((line) => line.msg === 'incoming request')).toBe(true);
  });

  it.each([
    'session token',
    'idToken',
    'signature',
    'challenge',
    'public key PEM (alice)',
    'public key PEM (bob)',
    'private key PEM',
    'password',
    'cookie',
    'tRPC GET input',
    'query-string token',
  ])('no line contains the %s', (name) => {
    const values = secrets[name] ?? [];
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      const leaks = raw.filter((line) => line.includes(value));
      expect(leaks, `${name} appears in the logs`).toEqual([]);
    }
  });

  it('logs /trpc URLs by path only, and other URLs with secret parameters censored', () => {
    const urls = lines().flatMap((line) => (line.req?.url ? [line.req.url] : []));
    expect(urls).toContain('/trpc/account.list,system.health?[REDACTED]');
    expect(urls).toContain('/api/demo/mailbox?email=a@b.c&token=[REDACTED]');
  });

  it('censors secret fields that a careless log call passes', () => {
    const careless = lines().find((line) => line.msg === 'careless log call');
    expect(careless).toMatchObject({
      idToken: '[REDACTED]',
      body: { password: '[REDACTED]', token: '[REDACTED]' },
      input: { password: '[REDACTED]', nested: { token: '[REDACTED]' } },
      headers: { authorization: '[REDACTED]', cookie: '[REDACTED]' },
    });
    expect(careless?.reqId).toEqual(expect.any(String));
    const appLevel = lines().find((line) => line.msg === 'careless app-level log call');
    expect(appLevel).toMatchObject({ token: '[REDACTED]', privateKey: '[REDACTED]' });
  });

  it('logs the 500 with its request id and error, without the body, parameters or row', () => {
    expect(serverErrorId).toEqual(expect.any(String));
    const logged = lines().find((line) => line.level >= 50 && line.reqId === serverErrorId);
    expect(logged?.err?.message).toMatch(/no_more_keys/);
    expect(logged?.err?.stack).toEqual(expect.any(String));
    for (const field of ['params', 'parameters', 'detail', 'body', 'input', 'queryOptions']) {
      expect(logged?.err, field).not.toHaveProperty(field);
    }
  });

  it('tags every line written while handling a request with its reqId', () => {
    const requestLines = lines().filter(
      (line) => line.req || line.res || line.err || line.msg === 'careless log call',
    );
    expect(requestLines.length).toBeGreaterThan(requestIds.length);
    for (const line of requestLines)
      expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    const logged = new Set(requestLines.map((line) => line.reqId));
    for (const id of requestIds) expect(logged.has(id), id).toBe(true);
    // The incoming-request line and the completed line of one request share its id.
    for (const id of requestIds) {
      const messages = lines()
        .filter((line) => line.reqId === id)
        .map((line) => line.msg);
      expect(messages).toContain('incoming request');
      expect(messages).toContain('request completed');
    }
  });
});
