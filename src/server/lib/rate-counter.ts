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
 * Slots held at once per key (one export at a time, a few charts at a time): a counter whose
 * limit is the number of slots, taken when work starts and given back (rate-limiter-flexible's
 * `reward`) when it ends. In memory, or in Redis so that every instance shares them.
 *
 * The count lives for `leaseSeconds` from the first take that finds it at zero; a slot never
 * given back (an instance that crashed mid-export) is free again when that lease ends. The key
 * is deleted whenever its count falls back to zero, so the next take starts a full lease rather
 * than inheriting what is left of an old one: a holder is never forgotten before `leaseSeconds`
 * unless others held slots without a break for that long. (A take landing between a give-back's
 * decrement and its delete loses its count: one extra holder at most, for that instant's key.)
 */
export interface SlotCounter {
  /** Takes a slot; refused, holding nothing, when every slot of the key is taken. */
  acquire(key: string): Promise<boolean>;
  /** Gives back a slot taken by `acquire`. */
  release(key: string): Promise<void>;
}

export interface SlotCounterOptions {
  /** Distinguishes this counter's keys from every other counter's in a shared store. */
  name: string;
  /** Slots per key. */
  slots: number;
  /** How long a count lives without falling back to zero: it must outlive the longest hold. */
  leaseSeconds: number;
}

class LimiterSlots implements SlotCounter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async acquire(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      // A refused take counted one more: give it back, so refusals never hold a slot.
      await this.release(key);
      return false;
    }
  }

  async release(key: string): Promise<void> {
    const res = await this.limiter.reward(key, 1);
    // Nobody holds a slot any more (or the lease ended while this one was held): start afresh.
    if (res.consumedPoints <= 0) await this.limiter.delete(key);
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

/** Makes slot counters in one store (see rateCounterFactory). */
export function slotCounterFactory(redis: Redis | null) {
  return (options: SlotCounterOptions): SlotCounter => {
    const settings = {
      keyPrefix: `expense-tracker-slots:${options.name}`,
      points: options.slots,
      duration: options.leaseSeconds,
    };
    const memory = new RateLimiterMemory(settings);
    const limiter = redis
      ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: memory })
      : memory;
    return new LimiterSlots(limiter);
  };
}
