import { PROTOTYPE_KEY_MESSAGE } from '../../src/server/http/json-body.js';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.js';
import { connect, head, listenOnFreePort } from '../helpers/raw-http.js';
import { LARGE_BODIES_IN_FLIGHT } from '../../src/server/http/large-body-gate.js';

/**
 * Every request body, on both doors, is JSON within BODY_LIMIT_BYTES (or a form, on
 * POST /api/auth/firebase only), or it is refused at once: 415 for any other content type,
 * 413 beyond the limit, in the failure envelope, with the connection closed so the rest of the
 * body is never read. tRPC's own Fastify plugin passed multipart bodies through unbounded.
 */

const LIMIT = testEnv.BODY_LIMIT_BYTES;

interface Door {
  name: string;
  url: string;
  /** Content types the route takes besides JSON. */
  alsoTakes: string[];
}

const DOORS: Door[] = [
  { name: 'REST', url: '/api/key-auth/challenge', alsoTakes: [] },
  {
    name: 'REST (form route)',
    url: '/api/auth/firebase',
    alsoTakes: ['application/x-www-form-urlencoded'],
  },
  { name: 'tRPC', url: '/trpc/keyAuth.challenge', alsoTakes: [] },
  { name: 'tRPC (form route on REST)', url: '/trpc/auth.firebase', alsoTakes: [] },
];

const REFUSED_TYPES = [
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/csv',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json-patch+json',
  'application/jsonx',
  'image/png',
];

/** A body of exactly `size` bytes in the shape of its content type. */
function sized(size: number, shape: (pad: string) => string): string {
  const bare = shape('').length;
  return shape('x'.repeat(Math.max(0, size - bare)));
}

function multipart(size: number): string {
  return sized(
    size,
    (pad) =>
      `--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n{"email":"a@example.com","pad":"${pad}"}\r\n--xyz--\r\n`,
  );
}

function bodyOf(size: number, contentType: string | null): string {
  if (contentType?.startsWith('multipart/')) return multipart(size);
  if (contentType === 'application/x-www-form-urlencoded') {
    return sized(size, (pad) => `idToken=x${pad}`);
  }
  return sized(size, (pad) => JSON.stringify({ email: 'a@example.com', pad }));
}

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (url: string, contentType: string | null, payload: string) => {
    const options: InjectOptions = {
      method: 'POST',
      url,
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    };
    return t.app.inject(options);
  };

  for (const door of DOORS) {
    describe(`${door.name} ${door.url}`, () => {
      const refused = REFUSED_TYPES.filter((type) => !door.alsoTakes.includes(type));

      it.each(refused)('refuses %s with 415, small or large, before reading it', async (type) => {
        for (const size of [100, LIMIT * 4]) {
          const res = await send(door.url, type, bodyOf(size, type));
          expect(res.statusCode, `${type}, ${size} bytes`).toBe(415);
          expect(res.json()).toMatchObject({
            success: false,
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: expect.stringMatching(/Content-Type/),
            requestId: expect.any(String),
          });
          expect(res.headers.connection).toBe('close');
          expect(res.headers['cache-control']).toBe('no-store');
        }
      });

      it('refuses a body with no Content-Type with 415', async () => {
        const res = await send(door.url, null, '{"email":"a@example.com"}');
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
      });

      it.each(['application/json', 'application/json; charset=utf-8', ...door.alsoTakes])(
        'takes %s up to the limit and refuses it beyond with 413',
        async (type) => {
          const within = await send(door.url, type, bodyOf(LIMIT - 200, type));
          expect(within.statusCode, 'within the limit').not.toBe(413);
          expect(within.statusCode, 'within the limit').not.toBe(415);
          const beyond = await send(door.url, type, bodyOf(LIMIT + 1, type));
          expect(beyond.statusCode).toBe(413);
          expect(beyond.json()).toMatchObject({
            success: false,
            code: 'PAYLOAD_TOO_LARGE',
            message: 'Request body is too large',
          });
          expect(beyond.headers.connection).toBe('close');
        },
      );
    });
  }

  it('says a REST body was refused for a prototype key, not that it was not JSON', async () => {
    for (const payload of [
      '{"title":"Wallet","__proto__":{"admin":true}}',
      '{"title":"Wallet","constructor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await send('/api/account', 'application/json', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: PROTOTYPE_KEY_MESSAGE,
      });
    }
    const broken = await send('/api/account', 'application/json', '{"title":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'Request body is not valid JSON' });
    // A key merely named like one is an ordinary key.
    const plain = await send('/api/account', 'application/json', '{"title":"__proto__"}');
    expect(plain.statusCode).not.toBe(500);
    expect(plain.json().message).not.toBe(PROTOTYPE_KEY_MESSAGE);
  });

  it('answers methods tRPC does not serve with the envelope, never a 500', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'TRACE'] as const) {
      const res = await t.app.inject({ method, url: '/trpc/keyAuth.challenge' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON in a /trpc query string with 400, never a 500', async () => {
    for (const url of [
      '/trpc/system.health?input=%7B',
      '/trpc/system.health?input=not-json',
      '/trpc/system.health,system.health?batch=1&input=%7B%220%22%3A',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      // A batch answers one error per call.
      for (const answer of [res.json<unknown>()].flat()) {
        expect(answer, url).toMatchObject({
          error: { data: { success: false, code: 'VALIDATION_ERROR', httpStatus: 400 } },
        });
      }
    }
  });

  it('still serves requests without a body on both doors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/system.health?input=%7B%7D' });
    expect(trpc.statusCode).toBe(200);
  });
});

describe('request bodies on a real connection: refused at once, never read to the end', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  const HUGE = 200 * 1024 * 1024;

  it.each([
    ['/trpc/keyAuth.challenge', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['/api/key-auth/challenge', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['/api/nothing-here', 404, 'NOT_FOUND'],
    ['/accounts', 404, 'NOT_FOUND'],
  ])(
    'a 200 MB multipart upload to %s: %i after its first kilobytes, connection closed',
    async (url, status, code) => {
      const connection = connect(port);
      connection.write(
        head(`POST ${url} HTTP/1.1`, {
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': HUGE,
        }),
      );
      connection.write(multipart(16 * 1024));
      connection.keepWriting('x'.repeat(16 * 1024), 5);
      const answer = await connection.answer(3000);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code });
      expect(answer.closedAfterMs, 'the server closes the connection').not.toBeNull();
    },
  );

  it('a body sent with a GET is not read on either: the connection closes after the answer', async () => {
    const connection = connect(port);
    connection.write(
      head('GET /api/health HTTP/1.1', {
        'content-type': 'application/json',
        'content-length': HUGE,
      }),
    );
    connection.keepWriting('x'.repeat(16 * 1024), 5);
    const answer = await connection.answer(3000);
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).not.toBeNull();
  });

  it('a chunked multipart upload to tRPC (no Content-Length): 415 at once', async () => {
    const connection = connect(port);
    connection.write(
      head('POST /trpc/keyAuth.challenge HTTP/1.1', {
        'content-type': 'multipart/form-data; boundary=xyz',
        'transfer-encoding': 'chunked',
      }),
    );
    const chunk = 'x'.repeat(64 * 1024);
    connection.keepWriting(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, 5);
    const answer = await connection.answer(3000);
    expect(answer.status).toBe(415);
    expect(answer.closedAfterMs).not.toBeNull();
  });

  it.each(['/trpc/keyAuth.challenge', '/api/key-auth/challenge'])(
    'a JSON body announced at 200 MB to %s: 413 at once',
    async (url) => {
      const connection = connect(port);
      connection.write(
        head(`POST ${url} HTTP/1.1`, {
          'content-type': 'application/json',
          'content-length': HUGE,
        }),
      );
      connection.write('{"email":"');
      const answer = await connection.answer(3000);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(answer.closedAfterMs).not.toBeNull();
    },
  );

  it('a chunked JSON body to tRPC: 413 as soon as it passes the limit', async () => {
    const connection = connect(port);
    connection.write(
      head('POST /trpc/keyAuth.challenge HTTP/1.1', {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      }),
    );
    const chunk = 'x'.repeat(16 * 1024);
    connection.write(`1\r\n"\r\n`);
    connection.keepWriting(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, 5);
    const answer = await connection.answer(3000);
    expect(answer.status).toBe(413);
    expect(answer.closedAfterMs).not.toBeNull();
  });
});

describe('large bodies (files) in flight at once', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it(`reads at most ${LARGE_BODIES_IN_FLIGHT} at once, across both doors; one more is 429 before its body is read`, async () => {
    const user = await t.signUp();
    const slow = [
      '/api/book/restore',
      '/trpc/bookData.restore',
      '/api/imports/preview',
      '/trpc/imports.preview',
    ].map((url) => {
      const connection = connect(port);
      connection.write(
        head(`POST ${url} HTTP/1.1`, {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'content-length': 1024 * 1024,
        }),
      );
      // A trickle: each of these stays in flight, its body far from read.
      connection.write('{"file":');
      connection.keepWriting(' ', 50);
      return connection;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const extra = connect(port);
    extra.write(
      head('POST /api/book/restore HTTP/1.1', {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'content-length': 1024 * 1024,
      }),
    );
    const refused = await extra.answer(3000);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.closedAfterMs, 'the connection closes, the body unread').not.toBeNull();
    // Small requests are not held up meanwhile.
    expect((await t.rest(user, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);

    for (const connection of slow) connection.stop();
    await Promise.all(slow.map((connection) => connection.answer(100)));
    // Their places come back as their connections close.
    let admitted = 429;
    for (let i = 0; i < 20 && admitted === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await t.rest(user, {
        method: 'POST',
        url: '/api/imports/preview',
        payload: { accountId: '00000000-0000-4000-8000-000000000000', content: 'QQ==' },
      });
      admitted = res.statusCode;
    }
    expect(admitted).toBe(404);
  });
});
