import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import {
  accessibleBothThemes,
  available,
  openMenu,
  row,
  seedIncome,
  spend,
  toAssign,
} from './support/budget.js';
import { apiData, signedInUser } from './support/session.js';
import { toast } from './support/toast.js';

/**
 * Paying a credit card from its payment envelope in a browser (docs/budgets.md#credit-cards):
 * card envelopes turned on, money assigned to Groceries, groceries bought on the card (the
 * money moves to the card's envelope), the card paid from checking with the Send dialog (the
 * envelope empties, To assign does not move), and the envelope's "Explain this number". axe runs
 * on the screen with the card's group, in both themes.
 */

describe('budget journey with a credit card', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('pays a card from its envelope', { timeout: 240_000 }, async () => {
    const { token } = await signedInUser('budget-card');
    const checking = await seedIncome(token, 500);
    const visa = (
      await apiData<{ id: string }>(token, 'POST', '/api/account', {
        title: 'Visa',
        type: 'credit-card',
        creditLimit: 1000,
      })
    ).id;
    const w = await openPage(browser, { token, timezoneId: 'UTC' });
    const { page } = w;
    await w.goto('/budget');
    await toAssign(page).getByText('$500.00').waitFor();

    await page.getByRole('switch', { name: 'Budget credit cards with payment envelopes' }).check();
    await toast(page, 'Credit cards now have payment envelopes');
    await page.getByRole('rowgroup').filter({ hasText: 'Credit card payments' }).waitFor();
    await row(page, 'Visa payment').getByText('Nothing owed on the card').waitFor();

    const groceries = page.getByRole('textbox', { name: 'Assigned to Groceries' });
    await groceries.fill('200');
    await groceries.press('Enter');
    await toAssign(page).getByText('$300.00').waitFor();

    // Groceries bought on the card: Groceries had the money, so it moves to the envelope.
    await spend(token, visa, 'Groceries', 80);
    await w.goto('/budget');
    await expect.poll(() => available(page, 'Groceries').textContent()).toBe('$120.00');
    await expect.poll(() => available(page, 'Visa payment').textContent()).toBe('$80.00');
    await row(page, 'Visa payment').getByText('Card owes $80.00').waitFor();
    await accessibleBothThemes(page, 'budget with a card payment envelope');

    // Pay the card from checking.
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    const send = page.getByRole('dialog', { name: 'Transfer money' });
    await send.getByRole('combobox', { name: 'From account' }).selectOption(checking);
    await send.getByRole('combobox', { name: 'To account' }).selectOption(visa);
    await send.getByLabel('Amount').fill('80');
    await send.getByLabel('Description').fill('Pay the Visa');
    await send.getByRole('button', { name: 'Transfer' }).click();
    await toast(page, 'Transfer completed');

    await w.goto('/budget');
    await expect.poll(() => available(page, 'Visa payment').textContent()).toBe('$0.00');
    await row(page, 'Visa payment').getByText('Nothing owed on the card').waitFor();
    // A payment is neither income nor spending: To assign stays where it was.
    await toAssign(page).getByText('$300.00').waitFor();
    await expect.poll(() => available(page, 'Groceries').textContent()).toBe('$120.00');

    await openMenu(page, 'Visa payment', 'Explain this number');
    const explain = page.getByRole('dialog', { name: 'Explain: Available in Visa payment' });
    await explain.getByText('Payments to the card').waitFor();
    await explain.getByText('Pay the Visa').waitFor();
    await page.keyboard.press('Escape');
    await explain.waitFor({ state: 'hidden' });
    w.assertClean();
    await w.context.close();
  });
});
