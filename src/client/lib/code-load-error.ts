/**
 * A screen's code that could not be downloaded. Vite reports every failed dynamic import as a
 * `vite:preloadError` event before it is thrown; `markCodeLoadErrors` renames those errors.
 * TanStack Router reloads the whole page on an error whose message starts "Failed to fetch
 * dynamically imported module" (meant for a deployment that replaced the files), which while the
 * server is down swaps the app for the browser's "This site can't be reached" page. Renamed,
 * the error reaches the route's error component instead (components/widgets/route-error.tsx),
 * which reloads only when the server does answer.
 */
const PREFIX = 'Could not download the code of this screen';

export function markCodeLoadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Error && !error.message.startsWith(PREFIX)) {
      error.message = `${PREFIX} (${error.message})`;
    }
  });
}

export function isCodeLoadError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith(PREFIX);
}
