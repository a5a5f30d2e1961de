import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEPARATE_SESSION, createQueryClient } from './query-client.js';
import { createTrpcClient, createTrpcUtils, withIdempotencyKey, withSessionToken } from './trpc.js';
import { MAX_BATCH_ITEMS } from '../../shared/usage-limits.js';

/** What the client sent: path, Authorization and Idempotency-Key of each HTTP request. */
interface Sent {
  url: string;
  authorization: string | null;
  idempotencyKey?: string | null;
}

/** Answers every request with `status`: a result per call, or tRPC's error shape for a 4xx. */
function stubFetch(status: number): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const key = headers.get('idempotency-key');
    sent.push({
      url,
      authorization: headers.get('authorization'),
      ...(key !== null && { idempotencyKey: key }),
    });
    const batched = url.includes('batch=1');
    const one =
      status === 200
        ? { result: { data: { success: true, data: { id: 'u1', email: 'a@example.com' } } } }
        : { error: { message: 'Not signed in', code: -32001, data: { httpStatus: status } } };
    return Promise.resolve(
      new Response(JSON.stringify(batched ? [one] : one), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the tRPC client', () => {
  it("sends the main session's token, or the token a call names for its own session", async () => {
    const sent = stubFetch(200);
    const client = createTrpcClient(() => 'main-token');
    await client.auth.me.query({});
    await client.auth.me.query({}, withSessionToken('key-token'));
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/trpc/auth.me?batch=1') as string,
        authorization: 'Bearer main-token',
      },
      {
        url: expect.stringContaining('/trpc/auth.me?input=') as string,
        authorization: 'Bearer key-token',
      },
    ]);
  });

  it('sends a call with an Idempotency-Key on its own, with the key and the main token', async () => {
    const sent = stubFetch(200);
    const client = createTrpcClient(() => 'main-token');
    await client.auth.me.query({}, withIdempotencyKey('key-1'));
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/trpc/auth.me?input=') as string,
        authorization: 'Bearer main-token',
        idempotencyKey: 'key-1',
      },
    ]);
  });

  it('sends an empty bearer when signed out', async () => {
    const sent = stubFetch(200);
    await createTrpcClient(() => null).auth.me.query({});
    expect(sent[0]?.authorization).toBe('Bearer ');
  });
});

describe('batching', () => {
  /** Answers each request with one result per call it holds, and records the calls' paths. */
  function stubCalls(): string[][] {
    const requests: string[][] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://app');
      const paths = pathname.replace('/trpc/', '').split(',');
      requests.push(paths);
      const one = { result: { data: { success: true, data: { challenge: 'c' } } } };
      const body = searchParams.get('batch') === '1' ? paths.map(() => one) : one;
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    return requests;
  }

  it('sends at most MAX_BATCH_ITEMS calls in one request, the limit the server sets', async () => {
    const requests = stubCalls();
    const client = createTrpcClient(() => 'main-token');
    const calls = MAX_BATCH_ITEMS * 2 + 3;
    await Promise.all(Array.from({ length: calls }, () => client.account.list.query({})));
    expect(requests.flat()).toHaveLength(calls);
    expect(Math.max(...requests.map((paths) => paths.length))).toBe(MAX_BATCH_ITEMS);
  });

  it('never batches a sign-in call, which the server would refuse', async () => {
    const requests = stubCalls();
    const client = createTrpcClient(() => null);
    await Promise.all([
      client.keyAuth.challenge.mutate({ email: 'a@example.com' }),
      client.keyAuth.challenge.mutate({ email: 'b@example.com' }),
      client.account.list.query({}),
    ]);
    expect(requests).toEqual(
      expect.arrayContaining([['keyAuth.challenge'], ['keyAuth.challenge'], ['account.list']]),
    );
    expect(requests).toHaveLength(3);
  });
});

describe('the query cache', () => {
  it('signs the main session out on a 401, unless the call was for another session', async () => {
    stubFetch(401);
    const onSessionExpired = vi.fn();
    const queryClient = createQueryClient({ onSessionExpired });
    const utils = createTrpcUtils(
      queryClient,
      createTrpcClient(() => 'main-token'),
    );

    await utils.auth.me.prefetch({}, { meta: SEPARATE_SESSION });
    expect(onSessionExpired).not.toHaveBeenCalled();
    await utils.auth.me.prefetch({});
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});
