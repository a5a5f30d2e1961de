import { describe, expect, it } from 'vitest';
import { appRouter } from '../../app-router.js';
import { listProcedures } from '../../trpc/procedures.js';
import { ACTIVITY_AREAS } from '../../../shared/schemas/activity.js';

/**
 * The activity's areas (its filter, the web app's labels) are the router's: every mutation that
 * works on a book is kept in its activity under the part of its path before the dot.
 */
describe('activity areas', () => {
  const areas = new Set<string>(ACTIVITY_AREAS);
  const mutations = listProcedures(appRouter).filter(
    (procedure) => procedure.type === 'mutation' && procedure.protected,
  );

  it('list the area of every mutation that works on a book', () => {
    const recorded = mutations.filter((procedure) => procedure.bookAccess !== 'none');
    expect(recorded.length).toBeGreaterThan(40);
    for (const { path } of recorded) expect(areas, path).toContain(path.split('.')[0]);
  });

  it('list no area without such a mutation, besides the books the others join, leave and delete', () => {
    const used = new Set(mutations.map((procedure) => procedure.path.split('.')[0]));
    for (const area of ACTIVITY_AREAS) expect(used, area).toContain(area);
  });
});
