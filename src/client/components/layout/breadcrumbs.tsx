import { Link, useMatches } from '@tanstack/react-router';
import type { BreadcrumbComponent } from '../../lib/route-meta.js';

interface Crumb {
  key: string;
  path: string;
  label: string | BreadcrumbComponent;
  params: Record<string, string>;
}

/**
 * Home, then one link per matched route that names a breadcrumb (its staticData), each to that
 * route's own path: /accounts/{id} reads Home / Accounts / {the account's title}.
 */
export function Breadcrumbs() {
  const crumbs = useMatches({
    select: (matches): Crumb[] =>
      matches.flatMap((match) => {
        const label = match.staticData.breadcrumb;
        if (!label || match.pathname === '/') return [];
        const path = match.pathname.replace(/\/$/, '');
        return [{ key: match.id, path, label, params: match.params }];
      }),
  });
  const trail = [{ key: 'home', path: '/', label: 'Home', params: {} } as Crumb, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="hidden min-w-0 sm:block">
      <ol className="flex items-center gap-2 text-sm text-muted-foreground">
        {trail.map((crumb, index) => {
          const Label = crumb.label;
          const current = index === trail.length - 1;
          return (
            <li key={crumb.key} className="flex min-w-0 items-center gap-2">
              {index > 0 && <span aria-hidden>/</span>}
              <Link
                // Typed routes know no path built at run time; every path here is a matched route.
                to={crumb.path as '/'}
                aria-current={current ? 'page' : undefined}
                className={
                  current
                    ? 'truncate font-medium text-foreground'
                    : 'truncate underline-offset-4 hover:text-foreground hover:underline'
                }
              >
                {typeof Label === 'string' ? Label : <Label params={crumb.params} />}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
