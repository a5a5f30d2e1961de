import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { rateCounterFactory, type RateCounter, type RateVerdict } from '../lib/rate-counter.js';

/** The limits of docs/sign-in.md#rate-limits and docs/api.md#limits, per minute. */
export interface UsageLimitSettings {
  /** Calls of sign-in procedures from one IP address, whatever their outcome. */
  signInCallsPerIp: number;
  /** Failed sign-ins naming one email from one IP address. */
  signInFailuresPerEmailAndIp: number;
  /** Failed sign-ins from one IP address, whatever the email. */
  signInFailuresPerIp: number;
  /** Mutations of one signed-in user. */
  writesPerUser: number;
}

const MINUTE = 60;

/**
 * The usage limits every procedure call is counted against, whichever door (REST, /trpc, a
 * /trpc batch) it came through: the procedure builders call these (src/server/trpc/init.ts).
 *
 * Sign-in counts failures, not requests, per email AND address: a stranger who names someone's
 * email from elsewhere uses up only their own allowance, never the owner's, so they cannot lock
 * the owner out. Every sign-in call still counts against its address.
 */
export class UsageLimits {
  private readonly signInCalls: RateCounter;
  private readonly failuresPerEmail: RateCounter;
  private readonly failuresPerIp: RateCounter;
  private readonly writes: RateCounter;

  constructor(settings: UsageLimitSettings, redis: Redis | null = null) {
    const counter = rateCounterFactory(redis);
    this.signInCalls = counter({
      name: 'sign-in-ip',
      limit: settings.signInCallsPerIp,
      windowSeconds: MINUTE,
    });
    this.failuresPerEmail = counter({
      name: 'sign-in-failures-email-ip',
      limit: settings.signInFailuresPerEmailAndIp,
      windowSeconds: MINUTE,
    });
    this.failuresPerIp = counter({
      name: 'sign-in-failures-ip',
      limit: settings.signInFailuresPerIp,
      windowSeconds: MINUTE,
    });
    this.writes = counter({
      name: 'writes-user',
      limit: settings.writesPerUser,
      windowSeconds: MINUTE,
    });
  }

  /** Counts a sign-in call; refuses it when its address or its email-and-address is over limit. */
  async beforeSignIn(call: SignInCall, responseHeaders: Record<string, string>): Promise<void> {
    refuseIfOver(
      await this.signInCalls.take(call.ip),
      responseHeaders,
      'Too many sign-in attempts.',
    );
    const failures = [await this.failuresPerIp.check(call.ip)];
    if (call.email) failures.push(await this.failuresPerEmail.check(emailKey(call)));
    for (const verdict of failures) {
      refuseIfOver(verdict, responseHeaders, 'Too many failed sign-in attempts.');
    }
  }

  /** Counts a refused sign-in (a bad signature, an invalid ID token) against its address. */
  async signInFailed(call: SignInCall): Promise<void> {
    await this.failuresPerIp.add(call.ip);
    if (call.email) await this.failuresPerEmail.add(emailKey(call));
  }

  /** Counts a mutation of a signed-in user; refuses it beyond the user's writes per minute. */
  async beforeWrite(userId: string, responseHeaders: Record<string, string>): Promise<void> {
    refuseIfOver(await this.writes.take(userId), responseHeaders, 'Too many changes at once.');
  }
}

export interface SignInCall {
  ip: string;
  /** The email the call names, normalised as the schemas do; null when it names none. */
  email: string | null;
}

const emailKey = (call: SignInCall) => `${call.email ?? ''}|${call.ip}`;

function refuseIfOver(
  verdict: RateVerdict,
  responseHeaders: Record<string, string>,
  what: string,
): void {
  if (verdict.allowed) return;
  responseHeaders['retry-after'] = String(verdict.retryAfterSeconds);
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `${what} Try again in ${verdict.retryAfterSeconds} seconds.`,
  );
}

/** The email a sign-in call's raw input names, trimmed and lower-cased like emailSchema does. */
export function emailNamedBy(rawInput: unknown): string | null {
  if (typeof rawInput !== 'object' || rawInput === null) return null;
  const email = (rawInput as { email?: unknown }).email;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised && normalised.length <= 254 ? normalised : null;
}
