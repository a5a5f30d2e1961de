import { cn } from './cn.js';

/**
 * Two costs the first signed-in screen pays however it is built, paid beforehand in short tasks
 * of their own while the route's code and data are on their way
 * (docs/client.md#chunks-and-the-first-load-budget): tailwind-merge builds its class table on
 * its first call, and the first Intl formatters load the locale's data (lib/format.ts makes its
 * own when the ui chunk loads). On a throttled phone each took 50 to 60 ms inside tasks that
 * were already long (the layout's first render, the ui chunk's evaluation), all of it blocking.
 */
export function warmUpInSeparateTasks(): void {
  setTimeout(() => cn('p-0', 'p-1'), 0);
  setTimeout(() => {
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(0);
    new Intl.DateTimeFormat('en-US', { day: '2-digit', month: 'short' }).format(0);
  }, 0);
}
