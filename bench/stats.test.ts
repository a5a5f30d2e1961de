import { describe, expect, it } from 'vitest';
import { percentile } from './stats.js';

describe('percentile (nearest rank)', () => {
  it('picks the value at the rank, not an interpolation', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
  });

  it('handles tiny and empty lists', () => {
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 1], 50)).toBe(1);
    expect(percentile([], 50)).toBe(0);
  });
});
