import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTINCT_DELTA_E, PALETTE, paletteColour } from '../../src/shared/colour-palette.js';
import { colourDifference } from '../../src/shared/colour-difference.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { procedureDoor } from '../helpers/procedure-doors.js';

interface Group {
  name: string;
  categories: { name: string; color: string }[];
}

/** A new book's default categories take the shared palette's colours, in order (docs/analytics.md#colours). */
describe('the default categories of a new book', () => {
  let t: TestApp;
  let categories: { name: string; color: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const api = procedureDoor(t, await t.signUp(), 'rest');
    const groups = (await api('category.list')).body.data as Group[];
    categories = groups.flatMap((group) => group.categories);
  });
  afterAll(() => t.close());

  it('are coloured from the palette in their order, round again after its end', () => {
    expect(categories.length).toBeGreaterThan(PALETTE.length);
    expect(categories.map((c) => c.color)).toEqual(categories.map((_, i) => paletteColour(i)));
  });

  it('never put two look-alike colours side by side', () => {
    for (const [i, after] of categories.entries()) {
      const before = categories[i - 1];
      if (!before) continue;
      expect(
        colourDifference(before.color, after.color),
        `${before.name} ${before.color} beside ${after.name} ${after.color}`,
      ).toBeGreaterThanOrEqual(DISTINCT_DELTA_E);
    }
  });
});
