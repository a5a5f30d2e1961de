/** The pages the benchmark loads: the first one a visitor sees, and the one a user lives on. */
export interface BenchRoute {
  /** How the route is named in the report. */
  label: string;
  path: string;
  /** Loaded with a session in localStorage (the dashboard) or without (the login form). */
  signedIn: boolean;
  /** Text that is on screen only once the page has rendered its content. */
  renderedText: (seed: SeedNames) => string;
  /**
   * Its JavaScript is reported, not held to the first-load budget, and Lighthouse skips it: a
   * page reached from inside the app whose own code (the charts) loads with it.
   */
  reportOnly?: boolean;
}

/** Names the seeded data is known by, so a page can be recognised as fully rendered. */
export interface SeedNames {
  accountTitles: string[];
}

export const ROUTES: BenchRoute[] = [
  {
    label: '/login (signed out)',
    path: '/login',
    signedIn: false,
    renderedText: () => 'Welcome back',
  },
  {
    label: '/ (signed in)',
    path: '/',
    signedIn: true,
    // The dashboard lists accounts from the API: once one shows, its data and code are in.
    renderedText: (seed) => seed.accountTitles[0] ?? 'Dashboard',
  },
  {
    label: '/analytics (signed in, report only)',
    path: '/analytics',
    signedIn: true,
    // The balance chart's summary names the period's total once the charts' code and data are in.
    renderedText: () => 'Total went from',
    reportOnly: true,
  },
];
