import { describe, expect, it } from 'vitest';
import { envSchema } from '../env.js';
import { serverTimeouts } from './server-timeouts.js';

describe('serverTimeouts', () => {
  it('by default, a request is cut off within 30 s and an idle connection after 120 s', () => {
    const env = envSchema.parse({});
    expect(env.REQUEST_TIMEOUT_SECONDS).toBe(30);
    expect(env.CONNECTION_IDLE_TIMEOUT_SECONDS).toBe(120);
    const options = serverTimeouts({
      requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
      connectionIdleTimeoutSeconds: env.CONNECTION_IDLE_TIMEOUT_SECONDS,
    });
    // Node checks once a second: limit plus check period stays within the 30 s.
    expect(options.requestTimeout + Number(options.http.connectionsCheckingInterval)).toBe(30_000);
    expect(options.http).toEqual({
      requestTimeout: 29_000,
      headersTimeout: 29_000,
      connectionsCheckingInterval: 1000,
    });
    expect(options.connectionTimeout).toBe(120_000);
  });

  it('checks more often for short limits, so 1 s means about 1 s', () => {
    const options = serverTimeouts({ requestTimeoutSeconds: 1, connectionIdleTimeoutSeconds: 5 });
    expect(options.http).toEqual({
      requestTimeout: 750,
      headersTimeout: 750,
      connectionsCheckingInterval: 250,
    });
  });
});
