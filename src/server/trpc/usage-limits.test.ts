import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { UsageLimits } from './usage-limits.js';

const settings = {
  signInCallsPerIp: 100,
  signInFailuresPerEmailAndIp: 100,
  signInFailuresPerIp: 100,
  writesPerUser: 100,
  exportsPerUser: 100,
  exportsPerInstance: 4,
  fullExportsPerInstance: 1,
  exportMaxSeconds: 60,
  analyticsPerUser: 100,
  analyticsConcurrentPerUser: 2,
};

describe('heavy work, one at a time per user', () => {
  it('refuses a second restore of the same user at once (429, Retry-After), not another user’s', async () => {
    const limits = new UsageLimits(settings);
    const headers: Record<string, string> = {};
    const release = await limits.startHeavyWork('ann', 'restore', headers);
    const refusal = await limits.startHeavyWork('ann', 'restore', headers).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(headers['retry-after']).toBe('5');
    // Other people, and other kinds of work, are not held up.
    await (
      await limits.startHeavyWork('bob', 'restore', {})
    )();
    await (
      await limits.startHeavyWork('ann', 'rule-test', {})
    )();
    await release();
    await (
      await limits.startHeavyWork('ann', 'restore', {})
    )();
  });

  it('lets a second rule test wait for the first instead of failing it', async () => {
    const limits = new UsageLimits(settings);
    const first = await limits.startHeavyWork('ann', 'rule-test', {});
    const began = Date.now();
    setTimeout(() => void first(), 150);
    const second = await limits.startHeavyWork('ann', 'rule-test', {});
    expect(Date.now() - began).toBeGreaterThanOrEqual(100);
    await second();
  });
});
