import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/connect.js';
import type { Env } from '../../src/server/env.js';
import { testEnv } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { connect, head, listenOnFreePort } from '../helpers/raw-http.js';

const SLOW_ANSWER_MS = 2500;
const SLOW_CHUNKS = 10;

/**
 * The app on a real port, with a stand-in for a large export: GET /test/slow-answer streams
 * for 2.5 s.
 */
async function listeningApp(env: Partial<Env>) {
  const database: Database = await openTestDatabase();
  const app: FastifyInstance = await buildApp({
    env: { ...testEnv, ...env },
    database,
    firebase: null,
  });
  app.get('/test/slow-answer', (_req, reply) => {
    let sent = 0;
    const body = new Readable({ read() {} });
    const timer = setInterval(() => {
      body.push(`chunk ${++sent}\n`);
      if (sent === SLOW_CHUNKS) {
        clearInterval(timer);
        body.push(null);
      }
    }, SLOW_ANSWER_MS / SLOW_CHUNKS);
    return reply.type('text/plain').send(body);
  });
  const port = await listenOnFreePort(app);
  return {
    port,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A request must arrive whole within REQUEST_TIMEOUT_SECONDS (30 by default; 1 here, so each
 * case takes about a second): a stalled or trickling client is answered 408 and disconnected.
 * Sending an answer is not bounded by it, however long it streams.
 */
describe('request time-outs', () => {
  let server: Awaited<ReturnType<typeof listeningApp>>;
  let port: number;
  beforeAll(async () => {
    server = await listeningApp({ REQUEST_TIMEOUT_SECONDS: 1 });
    port = server.port;
  });
  afterAll(() => server.close());

  /** Closed by the server within the time-out plus scheduling slack, and not before 0.5 s. */
  function expectCutOffInTime(closedAfterMs: number | null): void {
    expect(closedAfterMs, 'the server closes the connection').not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(500);
    expect(closedAfterMs).toBeLessThan(1800);
  }

  it('closes a connection whose body stalls after its first bytes, with a 408 envelope', async () => {
    const connection = connect(port);
    connection.write(
      head('POST /api/key-auth/challenge HTTP/1.1', {
        'content-type': 'application/json',
        'content-length': 100,
      }),
    );
    connection.write('{"email":"slow');
    const answer = await connection.answer(4000);
    expectCutOffInTime(answer.closedAfterMs);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({
      success: false,
      code: 'REQUEST_TIMEOUT',
      requestId: answer.headers['x-request-id'],
    });
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('closes one that trickles its body a byte at a time (never idle)', async () => {
    const connection = connect(port);
    connection.write(
      head('POST /trpc/keyAuth.challenge HTTP/1.1', {
        'content-type': 'application/json',
        'content-length': 10_000,
      }),
    );
    connection.keepWriting(' ', 100);
    const answer = await connection.answer(4000);
    expectCutOffInTime(answer.closedAfterMs);
    expect(answer.status).toBe(408);
  });

  it('closes one that never finishes its headers', async () => {
    const connection = connect(port);
    connection.write('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    connection.keepWriting('x-slow: 1\r\n', 100);
    const answer = await connection.answer(4000);
    expectCutOffInTime(answer.closedAfterMs);
    expect(answer.status).toBe(408);
  });

  it('closes one that opens and sends nothing', async () => {
    const answer = await connect(port).answer(4000);
    expectCutOffInTime(answer.closedAfterMs);
  });

  it('does not cut off a long answer: sending is not bounded by the request time-out', async () => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/test/slow-answer`);
    const text = await res.text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 300);
    expect(text.trim().split('\n')).toHaveLength(SLOW_CHUNKS);
  });

  it('serves ordinary requests on the same server as before', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('connection idle time-out', () => {
  let server: Awaited<ReturnType<typeof listeningApp>>;
  let port: number;
  beforeAll(async () => {
    server = await listeningApp({ CONNECTION_IDLE_TIMEOUT_SECONDS: 1 });
    port = server.port;
  });
  afterAll(() => server.close());

  it('closes a connection with no traffic either way mid-request', async () => {
    // Headers announce a body that never comes; the request time-out (30 s) is far away.
    const connection = connect(port);
    connection.write(
      head('POST /api/key-auth/challenge HTTP/1.1', {
        'content-type': 'application/json',
        'content-length': 100,
      }),
    );
    const answer = await connection.answer(4000);
    expect(answer.closedAfterMs).not.toBeNull();
    expect(answer.closedAfterMs).toBeLessThan(2500);
  });

  it('does not close a long answer that keeps moving', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/test/slow-answer`);
    expect((await res.text()).trim().split('\n')).toHaveLength(SLOW_CHUNKS);
  });
});
