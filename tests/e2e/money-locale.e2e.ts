import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { expectWholeFigures } from './support/figures.js';
import { focused, tabTo } from './support/keyboard.js';
import { api, apiData, seedRichData, signedInUser } from './support/session.js';

/**
 * Money written in the person's locale (docs/money.md#display) and the book's base currency on
 * /settings (docs/settings.md): a person whose browser speaks en-US chooses de-DE and reads the
 * dashboard's and the accounts' figures the German way, after a reload too; the base currency
 * they choose is kept.
 */

const GERMAN_BALANCE = '1.234,50\u00a0$';

const figureTexts = (page: Page) => page.locator('[data-money]').allInnerTexts();

async function save(page: Page, label: string) {
  await page
    .locator('form')
    .filter({ has: page.getByLabel(label) })
    .getByRole('button', { name: 'Save' })
    .click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved' }).last().waitFor();
}

describe('money in the person’s locale', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows figures in de-DE once chosen, and keeps the base currency chosen', async () => {
    const { token } = await signedInUser('money-locale');
    const account = await apiData<{ id: string }>(token, 'POST', '/api/account', {
      title: 'Girokonto',
    });
    await apiData(token, 'POST', `/api/account/${account.id}/deposit`, { amount: 1234.5 });
    const { page } = await openPage(browser, { token, locale: 'en-US', width: 1024 });

    // The browser's en-US: the spec's figures, as ever.
    await page.goto('/accounts');
    await expect.poll(() => figureTexts(page), { timeout: 10_000 }).toContain('$1,234.50');

    await page.goto('/settings');
    await page.getByLabel('Locale').selectOption('de-DE');
    await save(page, 'Locale');

    // The dashboard and the accounts read the German way, and still after a reload (the setting
    // arrives after the first figures are drawn: they are drawn again in it).
    for (const path of ['/', '/accounts']) {
      await page.goto(path);
      await expect.poll(() => figureTexts(page)).toContain(GERMAN_BALANCE);
      await page.reload();
      await expect.poll(() => figureTexts(page)).toContain(GERMAN_BALANCE);
      expect(await figureTexts(page)).not.toContain('$1,234.50');
      await expectWholeFigures(page, `${path} in de-DE`);
    }

    // Base currency: USD until chosen, the currencies named in the person's language.
    await page.goto('/settings');
    const select = page.getByLabel('Base currency');
    expect(await select.inputValue()).toBe('USD');
    expect(await select.locator('option[value="JPY"]').innerText()).toBe('JPY – Japanischer Yen');
    await select.selectOption('EUR');
    await save(page, 'Base currency');
    await expect
      .poll(
        async () =>
          (await api<{ data: { baseCurrency: string } }>(token, 'GET', '/api/book')).data
            .baseCurrency,
      )
      .toBe('EUR');
    await page.reload();
    await expect.poll(() => page.getByLabel('Base currency').inputValue()).toBe('EUR');
    await expectAccessible(page, '/settings with a base currency');
  });

  it('sets the base currency by keyboard alone, and /settings fits 320 px', async () => {
    const { token } = await signedInUser('base-keys');
    const { page } = await openPage(browser, { token, locale: 'en-US', width: 320 });
    await page.goto('/settings');
    await page.getByLabel('Base currency').waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'Base currency');
    // A native select steps with the arrow keys: USD, then USN.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Base currency').inputValue()).toBe('USN');
    await page.keyboard.press('Tab');
    await focused(page, 'Save');
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved' }).waitFor();
    await expect
      .poll(
        async () =>
          (await api<{ data: { baseCurrency: string } }>(token, 'GET', '/api/book')).data
            .baseCurrency,
      )
      .toBe('USN');
    // Nothing sticks out sideways on a 320 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await expectAccessible(page, '/settings at 320 px');
  });

  it('keeps the largest figures whole in de-DE and fr-FR from 320 px up (decision 023)', async () => {
    const { token } = await signedInUser('money-locale-wide');
    const { big } = await seedRichData(token);
    const { page } = await openPage(browser, { token, locale: 'en-US' });
    // fr-FR is the widest: narrow no-break spaces and "$US".
    for (const [locale, figure] of [
      ['de-DE', '999.999.999,99\u00a0$'],
      ['fr-FR', '999\u202f999\u202f999,99\u00a0$US'],
    ] as const) {
      await apiData(token, 'PATCH', '/api/settings', { locale });
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ['/', '/accounts', `/accounts/${big.id}`, '/accounts/all']) {
          await page.goto(path);
          await expect.poll(() => figureTexts(page), { timeout: 10_000 }).toContain(figure);
          await expectWholeFigures(page, `${path} in ${locale} at ${width}px`);
        }
      }
    }
  });
});
