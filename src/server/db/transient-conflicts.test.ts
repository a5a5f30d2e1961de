import { describe, expect, it } from 'vitest';
import { isTransientConflict } from './transient-conflicts.js';

describe('isTransientConflict', () => {
  it('knows a deadlock and a serialization failure, also wrapped', () => {
    expect(isTransientConflict({ code: '40P01' })).toBe(true);
    expect(isTransientConflict({ code: '40001' })).toBe(true);
    expect(isTransientConflict(new Error('wrapped', { cause: { code: '40P01' } }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isTransientConflict({ code: '23505' })).toBe(false);
    expect(isTransientConflict({ code: '55P03' })).toBe(false);
    expect(isTransientConflict(new Error('no code'))).toBe(false);
    expect(isTransientConflict(null)).toBe(false);
    expect(isTransientConflict('40P01')).toBe(false);
  });
});
