import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { focused, tabTo } from './support/keyboard.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

// The Rates page (docs/rates.md#the-rates-page): a rate added by keyboard alone, kept as typed;
// an ECB daily file imported with its counts, a broken one refused saying where; the table
// narrowed to a pair; the hand-entered rate deleted after a question; axe in both themes at
// 1440 and 390 px, and nothing wider than a 320 px phone.

const ECB_DAILY = path.resolve(import.meta.dirname, '../fixtures/rates/eurofxref.csv');

interface Rate {
  id: string;
  base: string;
  quote: string;
  day: string;
  rate: string;
  source: string;
}

const rateRows = (page: Page) => page.getByTestId('rate-row').allInnerTexts();

async function axeBothThemes(page: Page, where: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        scheme === 'dark',
      );
      await expectAccessible(
        page,
        `${where} at ${width}px ${scheme}`,
        scheme === 'dark' ? COLOUR_RULES : undefined,
      );
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('rates journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('adds a rate by keyboard, imports an ECB file, narrows to a pair and deletes the hand-entered rate', async () => {
    const { token } = await signedInUser('rates');
    const w = await openPage(browser, { token });
    const { page } = w;

    // Reached from the sidebar, under "Your data".
    await w.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Rates' }).click();
    await page.getByRole('heading', { name: 'Rates', level: 1 }).waitFor();
    await page.getByText('No rates yet.').waitFor();

    // By keyboard alone: EUR -> USD (the book's base) is offered, the day is today; a rate with a
    // comma is refused at the field, then the exact text is sent and kept, trailing zeros too.
    await page.locator('body').focus();
    await tabTo(page, 'Base');
    expect(await page.getByLabel('Base', { exact: true }).inputValue()).toBe('EUR');
    await page.keyboard.press('Tab');
    await focused(page, 'Quote');
    expect(await page.getByLabel('Quote', { exact: true }).inputValue()).toBe('USD');
    await page.keyboard.press('Tab');
    await focused(page, 'Day');
    const today = await page.getByLabel('Day').inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A date field's month, day and year are each a Tab stop.
    await tabTo(page, 'Rate', { limit: 8 });
    await page.keyboard.type('1,09');
    await page.keyboard.press('Enter');
    const rateField = page.getByLabel('Rate', { exact: true });
    await expect.poll(() => rateField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/^rate must be a decimal above 0/).waitFor();
    await focused(page, 'Rate');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1.09000');
    await page.keyboard.press('Enter');
    await toast(page, 'Rate added');
    await expect
      .poll(() => rateRows(page))
      .toEqual([expect.stringMatching(/EUR → USD.*1\.09000.*Entered by hand.*Delete/s)]);
    const [manual] = (
      await apiData<{ items: Rate[] }>(token, 'GET', '/api/rates?base=EUR&quote=USD')
    ).items;
    expect(manual).toMatchObject({ day: today, rate: '1.09000', source: 'manual' });

    // An ECB daily file: its counts stay on the card.
    await page.getByLabel('Rate file (.csv or .xml)').setInputFiles(ECB_DAILY);
    await page.getByRole('button', { name: 'Import rates' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'eurofxref.csv' }).innerText())
      .toBe(
        'eurofxref.csv: 1 day (2026-11-27). 30 rates added, 0 replaced, 0 unchanged, 0 N/A cells skipped.',
      );
    await expect.poll(async () => (await rateRows(page)).length).toBe(31);

    // A file the reader cannot read is refused whole, saying where.
    w.expect(/^HTTP 422: POST .*\/rates\.import/);
    await page.getByLabel('Rate file (.csv or .xml)').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Date, USD, \n27 November 2026, 1,0823, \n'),
    });
    await page.getByRole('button', { name: 'Import rates' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'cannot be read' }).innerText())
      .toMatch(/^The rate file cannot be read: line 2/);

    // Narrowed to EUR -> USD: the hand-entered rate of today and the ECB's of the 27th.
    await page.getByLabel('Base currency').selectOption('EUR');
    await page.getByLabel('Quote currency').selectOption('USD');
    await expect.poll(async () => (await rateRows(page)).length).toBe(2);
    const rows = await rateRows(page);
    expect(rows[0]).toMatch(/1\.09000\s+Entered by hand/);
    expect(rows[1]).toMatch(/EUR → USD\s+27 Nov, 2026\s+1\.0823\s+ECB/);
    // The chart of the pair says in words what its line draws.
    await expect
      .poll(() => page.getByTestId('rate-chart-summary').innerText())
      .toBe(`EUR → USD went from 1.0823 on 2026-11-27 to 1.09000 on ${today} (2 days loaded).`);
    // Only the hand-entered rate has a Delete button.
    expect(await page.getByRole('button', { name: /^Delete the rate/ }).count()).toBe(1);

    await axeBothThemes(page, '/rates');

    // Deleted after a question; the ECB's rate stays.
    await page.getByRole('button', { name: `Delete the rate EUR → USD of ${today}` }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(`Delete the rate EUR → USD of ${today}?`).waitFor();
    await question.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Rate deleted');
    await expect.poll(async () => (await rateRows(page)).length).toBe(1);
    expect((await rateRows(page))[0]).toMatch(/1\.0823\s+ECB/);
    await expect
      .poll(() => page.getByTestId('rate-chart-summary').innerText())
      .toBe('EUR → USD: 1.0823 on 2026-11-27, the only day loaded.');

    // Nothing sticks out sideways on a 320 px phone (the chart redraws itself at the new width
    // once its container's resize is observed: polled for longer than the default second).
    await page.setViewportSize({ width: 320, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
      .toBeLessThanOrEqual(320);
    w.assertClean();
  });
});
