import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderFetchError, fetchLatestRates, latestUrl } from './provider-fetch.js';

// Fetching the provider (docs/rates.md#an-online-provider) from a fake Frankfurter on
// 127.0.0.1: the path asked, retries with backoff on what may pass, none on what will not, and
// the bounds on time and size.

const DAY = '{"amount":1.0,"base":"EUR","date":"2026-11-27","rates":{"USD":1.0823}}';

let server: Server;
let url: string;
/** What the fake answers next, by order of the requests it receives. */
let script: ((res: ServerResponse) => void)[] = [];
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const next = script.shift();
    if (next) next(res);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(DAY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const waits: number[] = [];
const policy = (attempts = 3, timeoutMs = 2000) => ({
  timeoutMs,
  attempts,
  backoffMs: 100,
  sleep: (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  },
});

const failure = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return error instanceof ProviderFetchError ? error.message : error;
  }
  return null;
};

describe('fetching the provider', () => {
  it('asks for the latest EUR rates under the base URL', async () => {
    asked.length = 0;
    expect(await fetchLatestRates(`${url}/`, policy())).toMatchObject({
      day: '2026-11-27',
      quotes: ['USD'],
      rates: ['1.0823'],
    });
    expect(asked).toEqual(['/v1/latest?base=EUR']);
    expect(latestUrl('https://api.frankfurter.dev')).toBe(
      'https://api.frankfurter.dev/v1/latest?base=EUR',
    );
  });

  it('retries a 5xx and a 429 with a growing wait, then takes the answer', async () => {
    waits.length = 0;
    script = [(res) => res.writeHead(503).end(), (res) => res.writeHead(429).end()];
    expect((await fetchLatestRates(url, policy())).rates).toEqual(['1.0823']);
    expect(waits).toEqual([100, 400]);
  });

  it('gives up after its attempts with the last reason', async () => {
    script = [0, 1, 2].map(() => (res) => res.writeHead(500).end());
    expect(await failure(fetchLatestRates(url, policy()))).toBe('the provider answered 500');
  });

  it('does not retry what will not pass: a 404, an answer that is not rates', async () => {
    waits.length = 0;
    script = [(res) => res.writeHead(404).end()];
    expect(await failure(fetchLatestRates(url, policy()))).toBe('the provider answered 404');
    script = [(res) => res.writeHead(200).end('<html>')];
    expect(await failure(fetchLatestRates(url, policy()))).toBe('the answer is not JSON');
    expect(waits).toEqual([]);
  });

  it('gives up on an answer that does not come in time', async () => {
    script = [() => undefined];
    const started = Date.now();
    expect(await failure(fetchLatestRates(url, policy(1, 300)))).toBe('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a body past the bound, declared or streamed', async () => {
    script = [
      (res) => res.writeHead(200, { 'content-length': String(1 << 20) }).end(),
      (res) => {
        res.writeHead(200);
        res.end('x'.repeat(200_000));
      },
    ];
    expect(await failure(fetchLatestRates(url, policy(1)))).toMatch(/more than 65536/);
    expect(await failure(fetchLatestRates(url, policy(1)))).toMatch(/more than 65536/);
  });
});
