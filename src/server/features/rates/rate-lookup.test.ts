import { describe, expect, it } from 'vitest';
import { daysBefore } from './rate-lookup.js';

describe('daysBefore', () => {
  it('counts calendar days back across months, years and leap days', () => {
    expect(daysBefore('2026-11-27', 0)).toBe('2026-11-27');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2026-01-03', 7)).toBe('2025-12-27');
    expect(daysBefore('2026-11-27', 366)).toBe('2025-11-26');
  });
});
