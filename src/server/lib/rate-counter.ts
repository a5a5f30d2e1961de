import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Allowed, or refused with the whole seconds until the window lets the key through again. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Events per key in a fixed window (docs/sign-in.md#rate-limits): in memory, or in Redis so
 * that every instance shares the counts. Knows nothing of HTTP or tRPC.
 */
export interface RateCounter {
  /** Counts one event; refused when it is one more than the limit allows in this window. */
  take(key: string): Promise<RateVerdict>;
  /** Refused when the key has already used up its window; counts nothing. */
  check(key: string): Promise<RateVerdict>;
  /** Counts one event without refusing anything (a failure, counted after the fact). */
  add(key: string): Promise<void>;
}

export interface RateCounterOptions {
  /** Distinguishes this counter's keys from every other counter's in a shared store. */
  name: string;
  /** Events allowed per key and window. */
  limit: number;
  windowSeconds: number;
}

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

class LimiterCounter implements RateCounter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly limit: number,
  ) {}

  async take(key: string): Promise<RateVerdict> {
    try {
      await this.limiter.consume(key);
      return { allowed: true };
    } catch (refusal) {
      // consume rejects with a RateLimiterRes when over the limit; a store error falls back to
      // the in-memory insurance limiter, so anything else is a bug worth a 500.
      if (refusal instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: secondsUntil(refusal) };
      }
      throw refusal;
    }
  }

  async check(key: string): Promise<RateVerdict> {
    const res = await this.limiter.get(key);
    if (!res || res.consumedPoints < this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: secondsUntil(res) };
  }

  async add(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }
}

/**
 * Makes counters in one store. With Redis, a counter that cannot reach it counts in memory
 * meanwhile (rate-limiter-flexible's insurance limiter) rather than failing the request.
 */
export function rateCounterFactory(redis: Redis | null) {
  return (options: RateCounterOptions): RateCounter => {
    const settings = {
      keyPrefix: `expense-tracker-rl:${options.name}`,
      points: options.limit,
      duration: options.windowSeconds,
    };
    const memory = new RateLimiterMemory(settings);
    const limiter = redis
      ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: memory })
      : memory;
    return new LimiterCounter(limiter, options.limit);
  };
}
