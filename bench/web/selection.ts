import type { BenchRoute } from './routes.js';
import type { FormFactor } from './targets.js';

/**
 * Which pages and form factors a run of bench:web measures, from the environment, so a change
 * to one screen can be checked without the others (each Lighthouse run costs a core for half a
 * minute): BENCH_WEB_PAGES=/,/login and BENCH_WEB_FORM_FACTORS=mobile. Unset means all.
 */
function listed(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The routes whose path is listed, in the bench's own order; a path it does not know is an error. */
export function selectRoutes(routes: BenchRoute[], pages: string | undefined): BenchRoute[] {
  const wanted = listed(pages);
  if (!wanted) return routes;
  const unknown = wanted.filter((path) => !routes.some((route) => route.path === path));
  if (unknown.length > 0) {
    const known = routes.map((route) => route.path).join(', ');
    throw new Error(`BENCH_WEB_PAGES: no page ${unknown.join(', ')} (the bench knows ${known})`);
  }
  return routes.filter((route) => wanted.includes(route.path));
}

/** The form factors listed, in the bench's own order; an unknown one is an error. */
export function selectFormFactors(all: FormFactor[], names: string | undefined): FormFactor[] {
  const wanted = listed(names);
  if (!wanted) return all;
  const unknown = wanted.filter((name) => !all.includes(name as FormFactor));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_WEB_FORM_FACTORS: no form factor ${unknown.join(', ')} (use ${all.join(', ')})`,
    );
  }
  return all.filter((formFactor) => wanted.includes(formFactor));
}
