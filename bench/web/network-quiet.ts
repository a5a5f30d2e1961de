import type { Page } from 'playwright-core';

/**
 * Resolves once the page has had no request in flight for `quietMs`: Playwright's own
 * "networkidle" fires once per navigation, but the SPA keeps loading route code and API data
 * after that, and the measurement must include all of it.
 */
export function trackNetworkQuiet(
  page: Page,
): (quietMs: number, timeoutMs: number) => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);

  return async (quietMs, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) {
        throw new Error(`The page's network never went quiet for ${quietMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}
