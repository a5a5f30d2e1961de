import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';
import { focused, tabTo } from './support/keyboard.js';

/**
 * Issue 12, Done-when 3, items 21 and 22: the app by keyboard alone. No mouse event is sent:
 * only keyboard.press and keyboard.type. After each dialog the journey checks where focus is.
 */

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('keyboard only', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('signs in, adds an account, deposits, withdraws, records an expense, edits and deletes the account, logs out', async () => {
    const { email, password, token } = await signedInUser('keyboard');
    const w = await openPage(browser);
    const { page } = w;
    const { keyboard } = page;

    await w.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await tabTo(page, 'Email');
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type(email);
    await tabTo(page, 'Password');
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type(password);
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await focused(page, 'Dashboard');

    // A skip link, first on the page, leads past the menus to the content.
    await tabTo(page, 'Skip to content', { key: 'Shift+Tab' });
    expect(
      await page.evaluate(() => document.activeElement === document.querySelector('a[href]')),
    ).toBe(true);
    await keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Add an account.
    await tabTo(page, 'Accounts');
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await focused(page, 'Your Accounts');
    await tabTo(page, 'Add Account');
    await keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add Account' }).waitFor();
    await focused(page, 'Title');
    await keyboard.type('Keyboard');
    await keyboard.press('Enter');
    await toast(page, 'Account added successfully');
    await focused(page, 'Add Account');

    // Deposit.
    await tabTo(page, 'Deposit to Keyboard');
    await keyboard.press('Enter');
    await focused(page, 'Amount');
    await keyboard.type('100');
    await keyboard.press('Enter');
    await toast(page, 'Deposit successful');
    await focused(page, 'Deposit to Keyboard');

    // Withdraw.
    await tabTo(page, 'Withdraw from Keyboard');
    await keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    await focused(page, 'Amount');
    await keyboard.type('10');
    await keyboard.press('Enter');
    await toast(page, 'Withdrawal successful');
    await focused(page, 'Withdraw from Keyboard');

    // Record an expense against it.
    await tabTo(page, 'Expenses');
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await tabTo(page, 'Add Expense');
    await keyboard.press('Enter');
    await focused(page, 'Amount');
    await keyboard.type('25');
    await tabTo(page, 'Description');
    await keyboard.type('Books');
    await tabTo(page, 'Account');
    await keyboard.press('ArrowDown');
    expect(
      await page
        .getByRole('combobox', { name: 'Account' })
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
    ).toBe('Keyboard ($90.00)');
    await tabTo(page, 'Add Expense');
    await keyboard.press('Enter');
    await toast(page, 'Expense created successfully');
    await focused(page, 'Add Expense');
    const account = (await api<{ data: { balance: number }[] }>(token, 'GET', '/api/account'))
      .data[0];
    expect(account?.balance).toBe(65);

    // Edit it from its page's menu.
    await tabTo(page, 'Accounts');
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await tabTo(page, 'View Details of Keyboard');
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    await focused(page, 'Account Details');
    await tabTo(page, 'Account actions');
    await keyboard.press('Enter');
    await focused(page, 'Edit');
    await keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Edit Account' }).waitFor();
    await focused(page, 'Title');
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type('Keyboard savings');
    await keyboard.press('Enter');
    await toast(page, 'Account updated successfully');
    await focused(page, 'Account actions');

    // Delete it: Cancel first (focus back on the menu button), then for real.
    await keyboard.press('Enter');
    await focused(page, 'Edit');
    await keyboard.press('End');
    await focused(page, 'Delete');
    await keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await focused(page, 'Cancel');
    await keyboard.press('Enter');
    await focused(page, 'Account actions');
    await keyboard.press('Enter');
    await focused(page, 'Edit');
    await keyboard.press('End');
    await focused(page, 'Delete');
    await keyboard.press('Enter');
    await focused(page, 'Cancel');
    await tabTo(page, 'Delete Account');
    await keyboard.press('Enter');
    await toast(page, 'Account deleted successfully');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await focused(page, 'Your Accounts');

    // Log out from the profile menu: Escape first, then for real.
    await tabTo(page, 'Open profile menu', { key: 'Shift+Tab' });
    await keyboard.press('Enter');
    await focused(page, 'Settings');
    await keyboard.press('End');
    await focused(page, 'Logout');
    await keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Are you sure you want to Logout?' }).waitFor();
    await keyboard.press('Escape');
    await focused(page, 'Open profile menu');
    await keyboard.press('Enter');
    await focused(page, 'Settings');
    await keyboard.press('End');
    await focused(page, 'Logout');
    await keyboard.press('Enter');
    await focused(page, 'Cancel');
    await tabTo(page, 'Logout');
    await keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await focused(page, 'Welcome back');
    expect(await api<{ data: unknown[] }>(token, 'GET', '/api/account')).toMatchObject({
      data: [],
    });
    w.assertClean();
    await w.context.close();
  });

  it('item 22: on a phone the closed sidebar is out of the tab order; opened it takes focus; Escape closes it', async () => {
    const { token } = await signedInUser('keyboard-phone');
    const w = await openPage(browser, { token, width: 390, height: 844 });
    const { page } = w;
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const inSidebar = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('#app-sidebar')));
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inSidebar(), `tab ${i + 1}`).toBe(false);
    }
    await tabTo(page, 'Toggle sidebar', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await expect.poll(inSidebar).toBe(true);
    await focused(page, 'Dashboard');
    await page.keyboard.press('Escape');
    await focused(page, 'Toggle sidebar');
    await expect
      .poll(() => page.locator('#app-sidebar').evaluate((el) => getComputedStyle(el).visibility))
      .toBe('hidden');
    w.assertClean();
    await w.context.close();
  });
});
