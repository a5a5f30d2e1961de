import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import { InstanceGate } from '../lib/instance-gate.js';
import {
  rateCounterFactory,
  slotCounterFactory,
  type RateCounter,
  type RateVerdict,
  type SlotCounter,
} from '../lib/rate-counter.js';

/**
 * The limits of docs/sign-in.md#rate-limits, docs/api.md#limits and, for the expensive reads,
 * docs/analytics.md#limits-of-the-expensive-reads. Rates are per minute.
 */
export interface UsageLimitSettings {
  /** Calls of sign-in procedures from one IP address, whatever their outcome. */
  signInCallsPerIp: number;
  /** Failed sign-ins naming one email from one IP address. */
  signInFailuresPerEmailAndIp: number;
  /** Failed sign-ins from one IP address, whatever the email. */
  signInFailuresPerIp: number;
  /** Mutations of one signed-in user. */
  writesPerUser: number;
  /** Exports (CSV or full) one user may start. */
  exportsPerUser: number;
  /** Exports (CSV and full together) running at once on this instance. */
  exportsPerInstance: number;
  /** Full exports (a whole book in memory each) running at once on this instance. */
  fullExportsPerInstance: number;
  /** The longest an export may run; a user's export slot outlives it by EXPORT_SLOT_SPARE_SECONDS. */
  exportMaxSeconds: number;
  /** Analytics requests of one user. */
  analyticsPerUser: number;
  /** Analytics requests of one user running at once. */
  analyticsConcurrentPerUser: number;
}

const MINUTE = 60;

/**
 * A user's export slot lives this much longer than the longest export, so it is never freed
 * under a running export, and a slot lost with a crashed instance is free again soon after.
 */
export const EXPORT_SLOT_SPARE_SECONDS = 60;
/** A chart beyond the concurrent ones waits this long for a slot before answering 429. */
export const ANALYTICS_WAIT_MS = 5_000;
const ANALYTICS_POLL_MS = 50;
/** A chart slot lives this long: charts are single statements of well under a second. */
const ANALYTICS_SLOT_SECONDS = 60;
/** Retry-After when an export is refused because one is running (its end is not known). */
export const BUSY_RETRY_SECONDS = 5;
/** Retry-After when a chart waited for a slot in vain: the others end within moments. */
const CHART_RETRY_SECONDS = 2;

/**
 * Work that costs a user seconds of CPU or a long write (docs/security-hardening.md, "Rule patterns"):
 * each kind runs one at a time per user, so one person keeps at most one core busy with it.
 * A second request waits `waitMs` for the first to end (the web app may ask again before an
 * answer came), then answers 429.
 */
export const HEAVY_WORK = {
  'rule-test': { waitMs: 5_000, busy: 'A rule test of yours is still running.' },
  import: { waitMs: 10_000, busy: 'An import of yours is still being read.' },
  restore: { waitMs: 0, busy: 'A restore of yours is still running.' },
} as const;
export type HeavyWork = keyof typeof HEAVY_WORK;
/** A heavy-work slot outlives the longest such request; a slot lost in a crash frees itself. */
const HEAVY_WORK_SLOT_SECONDS = 15 * 60;
const HEAVY_WORK_POLL_MS = 50;

/** Gives back what was taken, once, however many times it is called. */
export type Release = () => Promise<void>;

function once(release: () => Promise<void>): Release {
  let done: Promise<void> | null = null;
  return () => (done ??= release());
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The usage limits every procedure call is counted against, whichever door (REST, /trpc, a
 * /trpc batch) it came through: the procedure builders call these (src/server/trpc/init.ts),
 * and so do the expensive reads (the analytics and full-export procedures' middleware, the CSV
 * export's route) for their own limits.
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
  private readonly exports: RateCounter;
  private readonly exportSlots: SlotCounter;
  private readonly charts: RateCounter;
  private readonly chartSlots: SlotCounter;
  private readonly heavySlots: SlotCounter;
  /** Exports running on this instance, and full exports among them. */
  readonly exportGate: InstanceGate;
  readonly fullExportGate: InstanceGate;
  /** The longest an export may run, in milliseconds (the CSV route cuts it then). */
  readonly exportMaxMs: number;

  constructor(settings: UsageLimitSettings, redis: Redis | null = null) {
    const counter = rateCounterFactory(redis);
    const slots = slotCounterFactory(redis);
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
    this.exports = counter({
      name: 'exports-user',
      limit: settings.exportsPerUser,
      windowSeconds: MINUTE,
    });
    this.exportSlots = slots({
      name: 'exports-running-user',
      slots: 1,
      leaseSeconds: settings.exportMaxSeconds + EXPORT_SLOT_SPARE_SECONDS,
    });
    this.charts = counter({
      name: 'analytics-user',
      limit: settings.analyticsPerUser,
      windowSeconds: MINUTE,
    });
    this.chartSlots = slots({
      name: 'analytics-running-user',
      slots: settings.analyticsConcurrentPerUser,
      leaseSeconds: ANALYTICS_SLOT_SECONDS,
    });
    this.heavySlots = slots({
      name: 'heavy-work-user',
      slots: 1,
      leaseSeconds: HEAVY_WORK_SLOT_SECONDS,
    });
    this.exportGate = new InstanceGate(settings.exportsPerInstance);
    this.fullExportGate = new InstanceGate(settings.fullExportsPerInstance);
    this.exportMaxMs = settings.exportMaxSeconds * 1000;
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

  /**
   * Starts an export (the CSV of a view, or the full export): one at a time per user (shared by
   * every instance through Redis), at most `exportsPerInstance` on this instance (and
   * `fullExportsPerInstance` full ones), and `exportsPerUser` started per minute. Refuses with
   * 429 and Retry-After, holding nothing; otherwise the caller must call the returned release
   * when the export ends, however it ends.
   */
  async startExport(
    userId: string,
    kind: 'csv' | 'full',
    responseHeaders: Record<string, string>,
  ): Promise<Release> {
    if (!(await this.exportSlots.acquire(userId))) {
      refuse(responseHeaders, BUSY_RETRY_SECONDS, 'An export of yours is still running.');
    }
    const gates = kind === 'full' ? [this.exportGate, this.fullExportGate] : [this.exportGate];
    const entered: InstanceGate[] = [];
    const release = once(async () => {
      for (const gate of entered) gate.leave();
      await this.exportSlots.release(userId);
    });
    try {
      for (const gate of gates) {
        if (!gate.tryEnter()) {
          refuse(responseHeaders, BUSY_RETRY_SECONDS, 'The server is busy with other exports.');
        }
        entered.push(gate);
      }
      refuseIfOver(await this.exports.take(userId), responseHeaders, 'Too many exports.');
    } catch (error) {
      await release();
      throw error;
    }
    return release;
  }

  /**
   * Starts heavy work of one kind for a user: waits up to the kind's `waitMs` while another of
   * the user's runs, then refuses with 429 and Retry-After. Returns the slot's release.
   */
  async startHeavyWork(
    userId: string,
    kind: HeavyWork,
    responseHeaders: Record<string, string>,
  ): Promise<Release> {
    const key = `${kind}:${userId}`;
    const giveUpAt = Date.now() + HEAVY_WORK[kind].waitMs;
    while (!(await this.heavySlots.acquire(key))) {
      if (Date.now() >= giveUpAt)
        refuse(responseHeaders, BUSY_RETRY_SECONDS, HEAVY_WORK[kind].busy);
      await pause(HEAVY_WORK_POLL_MS);
    }
    return once(() => this.heavySlots.release(key));
  }

  /**
   * Starts an analytics request: `analyticsPerUser` a minute, and `analyticsConcurrentPerUser`
   * at once, where one more waits up to ANALYTICS_WAIT_MS for a slot (the analytics page asks
   * for its charts together) before answering 429. Returns the slot's release.
   */
  async startChart(userId: string, responseHeaders: Record<string, string>): Promise<Release> {
    refuseIfOver(await this.charts.take(userId), responseHeaders, 'Too many chart requests.');
    const giveUpAt = Date.now() + ANALYTICS_WAIT_MS;
    while (!(await this.chartSlots.acquire(userId))) {
      if (Date.now() >= giveUpAt) {
        refuse(responseHeaders, CHART_RETRY_SECONDS, 'Too many chart requests at once.');
      }
      await pause(ANALYTICS_POLL_MS);
    }
    return once(() => this.chartSlots.release(userId));
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
  refuse(responseHeaders, verdict.retryAfterSeconds, what);
}

function refuse(responseHeaders: Record<string, string>, seconds: number, what: string): never {
  responseHeaders['retry-after'] = String(seconds);
  throw new AppError('TOO_MANY_REQUESTS', `${what} Try again in ${seconds} seconds.`);
}

/** The email a sign-in call's raw input names, trimmed and lower-cased like emailSchema does. */
export function emailNamedBy(rawInput: unknown): string | null {
  if (typeof rawInput !== 'object' || rawInput === null) return null;
  const email = (rawInput as { email?: unknown }).email;
  if (typeof email !== 'string') return null;
  const normalised = email.trim().toLowerCase();
  return normalised && normalised.length <= 254 ? normalised : null;
}
