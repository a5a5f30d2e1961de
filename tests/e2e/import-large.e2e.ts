import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeBankCsv } from '../helpers/large-bank-file.js';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { api, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

// A large import on a phone (docs/import.md#in-the-web-app): the review draws only the rows in
// sight, says how many it has, "Select all" ticks every row (drawn or not) and the import takes
// them all; the first row's amount is whole at 320 px.

const ROWS = 3_000;
/** Far fewer than the file: the rows in sight and a few more (the overscan). */
const MOST_ROWS_DRAWN = 80;

describe('large import journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reviews 3,000 rows at 320 px, selects all and imports every one', async () => {
    const file = largeBankCsv(ROWS);
    const { token } = await signedInUser('import-large');
    const account = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Checking' })
    ).data;
    const w = await openPage(browser, { token, width: 320, height: 720 });
    const { page } = w;
    await w.goto(`/import?accountId=${account.id}`);
    await page
      .getByLabel('Bank file (CSV, OFX, QFX or QIF)')
      .setInputFiles({ name: 'year.csv', mimeType: 'text/csv', buffer: Buffer.from(file.csv) });
    const table = page.getByRole('table', { name: 'Rows of the file' });
    await table.waitFor();
    await page.getByText('3,000 of 3,000 selected', { exact: true }).waitFor();

    // Only a bounded number of rows is in the page; the table says how many it has.
    expect(await table.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    const drawn = await table.locator('[role="row"]').count();
    expect(drawn).toBeGreaterThan(1);
    expect(drawn).toBeLessThan(MOST_ROWS_DRAWN);

    // The first row's amount is whole and inside the window at 320 px.
    const first = table.locator('[role="row"][aria-rowindex="2"]');
    const amount = first.locator('[data-money]');
    expect(await amount.textContent()).toBe(file.firstAmount);
    const box = await amount.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 320).toBe(true);
    await expectWholeFigures(page, 'import review 320px');
    await expectAccessible(page, 'large import review 320px');

    // Select all: off, then on; every row counts, not only those drawn.
    const selectAll = page.getByRole('checkbox', { name: 'Select all 3,000 rows' });
    await selectAll.uncheck();
    await page.getByText('0 of 3,000 selected', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);
    await selectAll.check();
    await page.getByText('3,000 of 3,000 selected', { exact: true }).waitFor();

    // Scrolled far down, the rows drawn are still few, and the last row can be reached.
    await page.getByTestId('review-scroller').evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await table.locator(`[role="row"][aria-rowindex="${ROWS + 1}"]`).waitFor();
    expect(await table.locator('[role="row"]').count()).toBeLessThan(MOST_ROWS_DRAWN);

    await page.getByRole('button', { name: 'Import 3000 rows' }).click();
    await toast(page, 'Imported 3000 transactions');
    const after = await api<{ data: { balance: number } }>(
      token,
      'GET',
      `/api/account/${account.id}`,
    );
    expect(Math.round(after.data.balance * 100)).toBe(file.totalCents);
    w.assertClean();
  }, 180_000);
});
