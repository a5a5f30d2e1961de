import type { Page } from 'playwright-core';

/**
 * Lets the first call of a tRPC procedure reach the server and be applied, then cuts the
 * connection before its answer arrives; later calls go through. Returns the Idempotency-Key of
 * every call, in order, so a journey can check the retry carried the same key.
 */
export async function loseFirstAnswer(page: Page, procedure: string): Promise<string[]> {
  const keys: string[] = [];
  let lost = false;
  await page.route(`**/trpc/${procedure}**`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return keys;
}
