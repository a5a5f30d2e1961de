import type { ComponentType } from 'react';

/** What a crumb that needs data (an account's title) gets: the route's path parameters. */
export type BreadcrumbComponent = ComponentType<{ params: Record<string, string> }>;

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** The page's own name in the document title: "Accounts · Expense Tracker". */
    title?: string;
    /** The route's step in the header's breadcrumb trail, linking to the route's path. */
    breadcrumb?: string | BreadcrumbComponent;
  }
}

export const APP_NAME = 'Expense Tracker';

export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}
