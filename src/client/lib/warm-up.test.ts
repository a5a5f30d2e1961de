import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpInSeparateTasks } from './warm-up.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('warmUpInSeparateTasks', () => {
  it('does nothing in the caller’s task: two timers, one per cost, each of them harmless', () => {
    vi.useFakeTimers();
    warmUpInSeparateTasks();
    expect(vi.getTimerCount()).toBe(2);
    vi.runOnlyPendingTimers();
    expect(vi.getTimerCount()).toBe(0);
  });
});
