import { describe, expect, it } from 'vitest';
import { ciede2000, colourDifference, labOf, type Lab } from './colour-difference.js';

describe('CIEDE2000', () => {
  // Pairs from Sharma, Wu and Dalal (2005), table 1, with their published ΔE00.
  const pairs: [Lab, Lab, number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ];
  it.each(pairs)('%j to %j is %f', (first, second, expected) => {
    expect(ciede2000(first, second)).toBeCloseTo(expected, 4);
    expect(ciede2000(second, first)).toBeCloseTo(expected, 4);
  });

  it('reads sRGB hex as D65 Lab (white 100, black 0)', () => {
    expect(labOf('#ffffff')[0]).toBeCloseTo(100, 2);
    expect(labOf('#000000')[0]).toBeCloseTo(0, 5);
    expect(colourDifference('#10b981', '#10b981')).toBe(0);
  });
});
