import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage } from './support/browser.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

// The dashboard's total in the base currency (docs/money.md#not-converted): a USD book with a
// JPY account shows its net worth and this month's spending in USD; without a JPY rate the
// yen are named apart with the missing pair and a link to /rates, never counted 1:1; once the
// rate is added there, the warning is gone and the total includes them.

describe('base-currency total journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('warns of a missing rate on the dashboard, and the warning goes once the rate is added on /rates', async () => {
    const { token } = await signedInUser('base-total');
    const today = new Date().toISOString().slice(0, 10);
    const yen = await apiData<{ id: string }>(token, 'POST', '/api/account', {
      title: 'Yen wallet',
      currency: 'JPY',
    });
    await apiData(token, 'POST', `/api/account/${yen.id}/deposit`, { amount: 15000 });
    await apiData(token, 'POST', `/api/account/${yen.id}/withdraw`, { amount: 1200 });

    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    const warnings = page.getByTestId('not-converted-warning');
    // The Accounts card's total, the net worth card and this month's spending all say what is
    // left out and why.
    await expect.poll(() => warnings.count(), { timeout: 10_000 }).toBe(3);
    const texts = await warnings.allInnerTexts();
    for (const text of texts) {
      expect(text).toContain(`No USD rate for JPY on or before ${today}`);
      expect(text).toContain('Add the missing rates');
    }
    expect(texts.join('\n')).toContain('¥13,800');
    expect(texts.join('\n')).toContain('¥1,200');
    // Nothing converts, so the total in USD is zero: the yen are not counted 1:1.
    expect(await page.getByTestId('net-worth-total').innerText()).toBe('$0.00');
    // The Accounts card never adds the yen to the dollars: its total is the converted one.
    expect(await page.getByTestId('accounts-total').innerText()).toBe('$0.00');
    await expectAccessible(page, 'dashboard with a not converted warning');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'dashboard with a not converted warning, dark', COLOUR_RULES);
    await page.emulateMedia({ colorScheme: 'light' });

    // The link leads to /rates, where the missing JPY -> USD rate of today is added.
    await warnings.first().getByRole('link', { name: 'Add the missing rates' }).click();
    await page.getByRole('heading', { name: 'Rates', level: 1 }).waitFor();
    await page.getByLabel('Base', { exact: true }).selectOption('JPY');
    await page.getByLabel('Quote', { exact: true }).selectOption('USD');
    await page.getByLabel('Rate', { exact: true }).fill('0.0065');
    await page.getByLabel('Rate', { exact: true }).press('Enter');
    await toast(page, 'Rate added');

    // Back on the dashboard: no warning; 13,800 yen at 0.0065 is $89.70, spending $7.80.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('net-worth-total').waitFor();
    await expect.poll(() => page.getByTestId('net-worth-total').innerText()).toBe('$89.70');
    expect(await warnings.count()).toBe(0);
    await expect.poll(() => page.getByTestId('accounts-total').innerText()).toBe('$89.70');
    await page.getByText('$7.80').first().waitFor();
    w.assertClean();
  });
});
