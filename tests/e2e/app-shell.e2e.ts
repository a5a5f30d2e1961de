import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('app shell', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await signedInUser('shell')).token;
    const account = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Everyday' })
    ).data;
    await api(token, 'POST', `/api/account/${account.id}/deposit`, {
      amount: 250,
      description: 'Salary',
    });
    await api(token, 'POST', '/api/expenses/expense', {
      amount: 4.5,
      description: 'Coffee',
      accountId: account.id,
    });
  });
  afterAll(() => browser.close());

  it('shows real accounts and ledger entries on the dashboard', async () => {
    const w = await openPage(browser, { token });
    await w.goto('/');
    await w.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await w.page.getByText('$245.50').first().waitFor();
    await w.page.getByText('Everyday').first().waitFor();
    await w.page.getByText('Coffee').first().waitFor();
    await w.page.getByText('Salary').first().waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('keeps the chosen theme across a reload, and follows the system by default', async () => {
    const w = await openPage(browser, { token, colorScheme: 'dark' });
    await w.goto('/');
    await w.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await isDark(w.page)).toBe(true); // System, and the system is dark.
    await w.page.getByRole('button', { name: 'Toggle theme' }).click();
    await w.page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(() => isDark(w.page)).toBe(false);
    await w.page.reload();
    await w.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await isDark(w.page)).toBe(false);
    expect(await w.page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
    await w.page.getByRole('button', { name: 'Toggle theme' }).click();
    await w.page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await w.page.reload();
    await w.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await isDark(w.page)).toBe(true);
    w.assertClean();
    await w.context.close();
  });

  it('loads the header menus on first intent, and they work from the keyboard', async () => {
    const w = await openPage(browser, { token });
    const menuCode: string[] = [];
    w.page.on('request', (request) => {
      if (/\/assets\/header-menus-[^/]+\.js$/.test(request.url())) menuCode.push(request.url());
    });
    await w.goto('/');
    await w.page.getByText('Everyday').first().waitFor();
    await w.page.waitForLoadState('networkidle');
    // Not part of the page's first load (bench:web's JavaScript budget counts on it)...
    expect(menuCode).toEqual([]);

    // ...but there as soon as someone reaches for a menu, here by keyboard, Enter at once.
    const profile = w.page.getByRole('button', { name: 'Open profile menu' });
    await profile.focus();
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(menuCode).toHaveLength(1);
    await w.page.keyboard.press('Escape');
    await expect
      .poll(() => w.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open profile menu');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('toggles the sidebar with a backdrop on a 390px-wide screen', async () => {
    const w = await openPage(browser, { token, width: 390, height: 844 });
    const { page } = w;
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const sidebar = page.locator('#app-sidebar');
    const onScreen = async () => ((await sidebar.boundingBox())?.x ?? -1000) >= 0;
    expect(await onScreen()).toBe(false);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(true);
    await sidebar.getByText('Expense Tracker').waitFor();
    // The backdrop closes it.
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } });
    await expect.poll(onScreen).toBe(false);

    // Following a link closes it too, and the active link is marked.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(true);
    await sidebar.getByRole('link', { name: 'Expenses', exact: true }).click();
    await page.waitForURL('**/expenses');
    await expect.poll(onScreen).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    expect(
      await sidebar
        .getByRole('link', { name: 'Expenses', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    w.assertClean();
    await w.context.close();
  });

  it('shows every sidebar entry on a large screen', async () => {
    const w = await openPage(browser, { token });
    await w.goto('/accounts');
    const sidebar = w.page.locator('#app-sidebar');
    for (const link of [
      'Dashboard',
      'Account',
      'Expenses',
      'All Accounts',
      'All Expenses',
      'Test',
      'Analytics',
      'Organization',
      'Projects',
      'Transactions',
      'Categories',
      'Import',
      'Rules',
      'Export and restore',
      'Members',
      'Permissions',
      'Settings',
    ]) {
      await sidebar.getByRole('link', { name: link, exact: true }).waitFor();
    }
    for (const placeholder of ['Invoices', 'Payments', 'Chat', 'Meetings', 'Help']) {
      await sidebar.getByText(placeholder, { exact: true }).waitFor();
    }
    expect(
      await sidebar.getByRole('link', { name: 'Expense Tracker' }).getAttribute('target'),
    ).toBe('_blank');
    w.assertClean();
    await w.context.close();
  });

  it("/test's Test button calls the API and says so", async () => {
    const w = await openPage(browser, { token });
    await w.goto('/test');
    await w.page.getByRole('heading', { name: 'Test' }).waitFor();
    await w.page.getByRole('button', { name: 'Test', exact: true }).click();
    await toast(w.page, 'API call successful');
    w.assertClean();
    await w.context.close();
  });
});
