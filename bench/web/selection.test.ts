import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.js';
import { selectFormFactors, selectRoutes } from './selection.js';

const paths = (pages: string | undefined) => selectRoutes(ROUTES, pages).map((r) => r.path);

describe('selectRoutes (BENCH_WEB_PAGES)', () => {
  it('measures every page when unset or empty', () => {
    expect(paths(undefined)).toEqual(['/login', '/', '/analytics']);
    expect(paths(' ')).toEqual(['/login', '/', '/analytics']);
  });

  it('measures only the listed pages, in the bench order', () => {
    expect(paths('/, /login')).toEqual(['/login', '/']);
    expect(paths('/analytics')).toEqual(['/analytics']);
  });

  it('refuses a page it does not know, naming the ones it does', () => {
    expect(() => paths('/,/dashboard')).toThrow(/no page \/dashboard .*\/login, \/, \/analytics/);
  });
});

describe('selectFormFactors (BENCH_WEB_FORM_FACTORS)', () => {
  const all = ['desktop', 'mobile'] as const;
  it('keeps both unless told', () => {
    expect(selectFormFactors([...all], undefined)).toEqual(['desktop', 'mobile']);
    expect(selectFormFactors([...all], 'mobile')).toEqual(['mobile']);
  });

  it('refuses an unknown form factor', () => {
    expect(() => selectFormFactors([...all], 'tablet')).toThrow(/no form factor tablet/);
  });
});
