import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../../src/shared/schemas/common.js';
import { REST_PROCEDURES } from '../helpers/api-surface.js';
import { plantedKinds } from '../helpers/derived-cases.js';
import { RESOURCES, fixtureOf, type ResourceFixture } from '../helpers/resources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The per-kind fixtures the derived tables rely on (docs/testing.md#derived-tables): each one
 * makes a resource its owner's ids list, removes it so it moves to the removed ones, and never
 * lists another user's. Every kind a route names has one.
 */
const WITH_FIXTURES = RESOURCE_KINDS.filter((kind) => RESOURCES[kind] !== undefined).map(
  (kind) => [kind, RESOURCES[kind] as ResourceFixture] as const,
);

describe('resource fixtures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('exist for every kind a route names', () => {
    expect(plantedKinds(REST_PROCEDURES)).toContain('category');
    for (const kind of plantedKinds(REST_PROCEDURES)) expect(() => fixtureOf(kind)).not.toThrow();
    expect(plantedKinds(REST_PROCEDURES)).toEqual(
      expect.arrayContaining(['account', 'entry', 'transfer', 'change']),
    );
  });

  it.each(WITH_FIXTURES)(
    '%s: made, listed, removed, never listed for someone else',
    async (_kind, fixture) => {
      const owner = await t.signUp();
      const other = await t.signUp();
      const id = await fixture.create(t, owner);
      expect(await fixture.ids(t, owner.id, false)).toContain(id);
      expect(await fixture.ids(t, owner.id, true)).not.toContain(id);
      expect(await fixture.ids(t, other.id, false)).not.toContain(id);

      await fixture.remove(t, owner, id);
      expect(await fixture.ids(t, owner.id, false)).not.toContain(id);
      expect(await fixture.ids(t, owner.id, true)).toContain(id);
      expect(await fixture.ids(t, other.id, true)).not.toContain(id);
    },
  );
});
