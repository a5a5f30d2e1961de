import { describe, expect, it } from 'vitest';
import { pairSeries } from './pair-series.js';

describe('pairSeries', () => {
  it('gives one point a day, oldest first, the winning source’s rate as stored', () => {
    expect(
      pairSeries([
        { day: '2026-11-28', rate: '1.0900', source: 'ecb' },
        { day: '2026-11-28', rate: '1.09000', source: 'manual' },
        { day: '2026-11-27', rate: '1.0823', source: 'provider' },
        { day: '2026-11-27', rate: '1.0830', source: 'transfer' },
        { day: '2026-11-26', rate: '1.0798', source: 'ecb' },
      ]),
    ).toEqual([
      { day: '2026-11-26', rate: '1.0798', source: 'ecb' },
      { day: '2026-11-27', rate: '1.0830', source: 'transfer' },
      { day: '2026-11-28', rate: '1.09000', source: 'manual' },
    ]);
  });
});
