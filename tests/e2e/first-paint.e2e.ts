import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';

/**
 * Issue 22, small things: the page is never a blank white sheet while its script loads. The
 * app's scripts are held back here, so what shows is index.html alone (docs/client.md#first-paint).
 */
describe('first paint', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(['light', 'dark'] as const)(
    'names the app and says it is loading, in the %s system theme, before any script runs',
    async (colorScheme) => {
      const w = await openPage(browser, { colorScheme });
      const { page } = w;
      await page.route(/\.(js|mjs|tsx?)(\?.*)?$/, (route) => route.abort());
      await page.goto(`${w.base}/login`, { waitUntil: 'domcontentloaded' });
      const seen = await page.evaluate(() => ({
        text: document.body.innerText.replace(/\s+/g, ' ').trim(),
        background: getComputedStyle(document.documentElement).backgroundColor,
      }));
      expect(seen.text).toBe('Expense Tracker Loading…');
      expect(seen.background).toBe(
        colorScheme === 'dark' ? 'rgb(11, 17, 32)' : 'rgb(255, 255, 255)',
      );
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await w.context.close();
    },
  );

  it('is replaced by the app once its script runs', async () => {
    const w = await openPage(browser);
    await w.goto('/login');
    await w.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await w.page.getByText('Loading…').count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });
});
