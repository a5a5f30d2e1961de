const API_PREFIXES = ['/api', '/trpc'];

/** Whether a request URL (path and query) is under /api or /trpc rather than the web app. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some(
    (prefix) =>
      url.startsWith(prefix) &&
      (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?'),
  );
}
