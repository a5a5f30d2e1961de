import { describe, expect, it } from 'vitest';
import { parseTags, tagsProblem } from './tags.js';

describe('typed tags', () => {
  it('are split on commas, trimmed, lower-cased and kept once', () => {
    expect(parseTags(' Trip, work ,trip,, ')).toEqual(['trip', 'work']);
    expect(parseTags('')).toEqual([]);
  });

  it('are refused over the server limits with its words', () => {
    expect(tagsProblem(['a'.repeat(41)])).toBe('Each tag must be at most 40 characters');
    expect(tagsProblem(Array.from({ length: 21 }, (_, i) => `t${i}`))).toBe(
      'At most 20 tags per transaction',
    );
    expect(tagsProblem(['ok'])).toBeNull();
  });
});
