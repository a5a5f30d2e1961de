import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './colour-contrast.js';

describe('WCAG contrast', () => {
  it('gives the known end points and a known pair', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // #767676 on white is the well-known smallest grey passing 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => relativeLuminance('green')).toThrow('Not a #rrggbb colour');
  });
});
