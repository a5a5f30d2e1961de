import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { signedInUser } from './support/session.js';

/**
 * The server-status notice never covers a dialog's title (docs/client.md#offline): a person
 * offline with the Add Account dialog open (its form is the tallest, so at 420 px high it fills
 * the screen) sees the notice and the whole title, at every width.
 */

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** Whether the notice and the title overlap, measured after the next paint. */
async function overlap(page: Page, pill: Locator, title: Locator): Promise<boolean> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await title.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
  return intersects(await boxOf(pill), await boxOf(title));
}

describe('the offline notice and dialogs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps the notice off the dialog title at 390x420, 320, 1024 and 1440 px', async () => {
    const { token } = await signedInUser('offline-dialog');
    const w = await openPage(browser, { token, width: 390, height: 420 });
    const { page } = w;
    // Offline on purpose: the save and the health polls find no network.
    w.expect(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/);
    await w.goto('/accounts');
    await page.getByText('No accounts found').waitFor();
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Title').fill('Offline wallet');

    await w.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    const pill = page.getByRole('status').locator('p', { hasText: 'Server unreachable.' });
    await pill.waitFor();
    await dialog.waitFor();
    const title = dialog.getByRole('heading', { name: 'Add Account' });

    for (const [width, height] of [
      [390, 420],
      [320, 568],
      [320, 420],
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await overlap(page, pill, title), `at ${width}x${height}`).toBe(false);
    }

    await w.context.setOffline(false);
    w.assertClean();
    await w.context.close();
  });
});
