import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import {
  api,
  emulator,
  seedRichData,
  signedInUser,
  uniqueEmail,
  type SeededAccount,
} from './support/session.js';

/**
 * Issue 12, items 6, 9 to 13, 15, 17, 19, 21 (the logo) and 22: what each screen shows. Item 18
 * is in key-auth.e2e.ts, with a real key.
 */

/** Money figures that leave their card (or table region), or cover an account's icon. */
function figureProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
    for (const figure of document.querySelectorAll<HTMLElement>('[data-money]')) {
      const box = figure.getBoundingClientRect();
      if (box.width === 0) continue;
      const container = figure.closest<HTMLElement>('[data-card], [role="region"]');
      const bounds = container?.getBoundingClientRect();
      if (bounds && (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5))
        problems.push(`${figure.textContent} leaves its box`);
      // In a table the sticky money column is meant to pass over the cells scrolling under it.
      const card = figure.closest<HTMLElement>('[data-card]');
      for (const icon of card?.querySelectorAll('[data-account-icon]') ?? []) {
        const mark = icon.getBoundingClientRect();
        const overlaps =
          box.left < mark.right &&
          box.right > mark.left &&
          box.top < mark.bottom &&
          box.bottom > mark.top;
        if (overlaps) problems.push(`${figure.textContent} runs under an icon`);
      }
    }
    return problems;
  });
}

describe('screens', () => {
  let browser: Browser;
  let token: string;
  let email: string;
  let accounts: { small: SeededAccount; long: SeededAccount; big: SeededAccount };
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token, email } = await signedInUser('screens-items'));
    accounts = await seedRichData(token);
  });
  afterAll(() => browser.close());

  it('item 6: $999,999,999.99 fits its box at 320, 390, 1024 and 1440 pixels', async () => {
    const w = await openPage(browser, { token });
    for (const width of [320, 390, 1024, 1440]) {
      await w.page.setViewportSize({ width, height: 900 });
      for (const pathname of ['/', '/accounts', `/accounts/${accounts.big.id}`, '/accounts/all']) {
        await w.goto(pathname);
        await w.page.getByText('$999,999,999.99').first().waitFor();
        expect(await figureProblems(w.page), `${pathname} at ${width}px`).toEqual([]);
      }
    }
    w.assertClean();
    await w.context.close();
  });

  it('item 6: $12,000,000,000.00 and a total past it fit from 320 pixels up', async () => {
    const rich = await signedInUser('screens-billions');
    const reserve = (
      await api<{ data: SeededAccount }>(rich.token, 'POST', '/api/account', { title: 'Reserve' })
    ).data;
    // One deposit is at most 1,000,000,000.00; a balance may grow far past that.
    for (let i = 0; i < 12; i++)
      await api(rich.token, 'POST', `/api/account/${reserve.id}/deposit`, {
        amount: 1_000_000_000,
      });
    const other = (
      await api<{ data: SeededAccount }>(rich.token, 'POST', '/api/account', { title: 'Other' })
    ).data;
    await api(rich.token, 'POST', `/api/account/${other.id}/deposit`, { amount: 999_999_999.99 });
    const w = await openPage(browser, { token: rich.token });
    for (const width of [320, 390, 1024]) {
      await w.page.setViewportSize({ width, height: 900 });
      for (const pathname of ['/', '/accounts', `/accounts/${reserve.id}`, '/accounts/all']) {
        await w.goto(pathname);
        await w.page.getByText('$12,000,000,000.00').first().waitFor();
        expect(await figureProblems(w.page), `${pathname} at ${width}px`).toEqual([]);
      }
    }
    w.assertClean();
    await w.context.close();
  });

  it('item 21: the logo says that it opens a new tab', async () => {
    const w = await openPage(browser, { token });
    await w.goto('/');
    const logo = w.page.locator('#app-sidebar').getByRole('link', { name: /^Expense Tracker/ });
    expect(await logo.getAttribute('target')).toBe('_blank');
    await w.page
      .locator('#app-sidebar')
      .getByRole('link', { name: 'Expense Tracker (opens in a new tab)' })
      .waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('item 9: expense rows name their account, linked, and show an Updated date only after an edit', async () => {
    const w = await openPage(browser, { token });
    await w.goto('/expenses');
    const coffee = w.page.getByTestId('expense-row').filter({ hasText: 'Coffee' });
    const link = coffee.getByRole('link', { name: 'Wallet' });
    expect(await link.getAttribute('href')).toBe(`/accounts/${accounts.small.id}`);
    expect(await coffee.textContent()).not.toContain(accounts.small.id);
    expect(await coffee.getByText(/Updated/).count()).toBe(0);
    expect(await coffee.locator('time').count()).toBe(1);

    // An expense edited after it was recorded does show when it changed.
    const { data: recorded } = await api<{ data: { transaction: { id: string } } }>(
      token,
      'POST',
      '/api/expenses/expense',
      { amount: 30, description: 'Train ticket', accountId: accounts.small.id },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const edit = await api<{ success: boolean }>(
      token,
      'PATCH',
      `/api/transactions/${recorded.transaction.id}`,
      { description: 'Train tickets' },
    );
    expect(edit.success).toBe(true);
    await w.goto('/expenses');
    const edited = w.page.getByTestId('expense-row').filter({ hasText: 'Train tickets' });
    await edited.getByText(/^Updated/).waitFor();
    expect(await edited.locator('time').count()).toBe(2);
    w.assertClean();
    await w.context.close();
  });

  it('item 10 and 15: breadcrumbs link to real places, the sidebar marks Accounts, and each page has its title', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto(`/accounts/${accounts.small.id}`);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await expect.poll(() => crumbs.allTextContents()).toEqual(['Home', 'Accounts', 'Wallet']);
    const hrefs = await crumbs.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    expect(hrefs).toEqual(['/', '/accounts', `/accounts/${accounts.small.id}`]);
    expect(await crumbs.last().getAttribute('aria-current')).toBe('page');
    const sidebar = page.locator('#app-sidebar');
    expect(
      await sidebar
        .getByRole('link', { name: 'Accounts', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.title()).toBe('Account Details · Expense Tracker');

    await crumbs.nth(1).click();
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await expect.poll(() => page.title()).toBe('Accounts · Expense Tracker');
    await sidebar.getByRole('link', { name: 'All Expenses' }).click();
    await expect.poll(() => page.title()).toBe('All Expenses · Expense Tracker');
    w.assertClean();
    await w.context.close();
  });

  it('item 11: on a phone the tables keep the money in view and scroll by keyboard', async () => {
    const w = await openPage(browser, { token, width: 390, height: 844 });
    const { page } = w;
    for (const [pathname, figure] of [
      ['/accounts/all', '$999,999,999.99'],
      ['/all-expenses', '-$123.45'],
    ] as const) {
      await w.goto(pathname);
      const region = page.getByRole('region', { name: /^Every/ });
      const cell = region.getByText(figure, { exact: true });
      await cell.waitFor();
      const inView = async () => {
        const box = await cell.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      };
      expect(await inView(), pathname).toBe(true);
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await inView(), `${pathname} after scrolling`).toBe(true);
    }
    w.assertClean();
    await w.context.close();
  });

  it('item 12: a long title can be read in full', async () => {
    const w = await openPage(browser, { token, width: 390, height: 844 });
    await w.goto('/accounts');
    const title = w.page.getByRole('heading', { name: accounts.long.title });
    await title.waitFor();
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const box = await title.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    w.assertClean();
    await w.context.close();
  });

  it('item 13 and 22: the profile menu shows who is signed in, the theme menu the theme in use', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await menu.getByText(email).waitFor();
    await menu.getByText('Signed in with email and password').waitFor();
    expect(await menu.getByText('john.doe@example.com').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(
      await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(
      await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked'),
    ).toBe('false');
    w.assertClean();
    await w.context.close();
  });

  it('item 19: entries without a page are marked and out of the tab order; Test sits under Developer', async () => {
    const w = await openPage(browser, { token });
    const sidebar = w.page.locator('#app-sidebar');
    await w.goto('/');
    await sidebar.getByRole('link', { name: 'Dashboard' }).waitFor();
    const invoices = sidebar.getByText('Invoices', { exact: true });
    expect(await invoices.evaluate((el) => el.closest('a, button, [tabindex]'))).toBeNull();
    expect(await invoices.locator('..').textContent()).toContain('Not yet available');
    const developer = sidebar.getByRole('list', { name: 'Developer' });
    await developer.getByRole('link', { name: 'Test' }).waitFor();
    const overview = sidebar.getByRole('list', { name: 'Overview' });
    expect(await overview.getByRole('link', { name: 'Test' }).count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });

  it('item 17: the demo verification link opens a page of the app that verifies the address', async () => {
    const address = uniqueEmail('demo-verify');
    const client = emulator();
    const { idToken } = await client.signUp(address, 'correct horse battery');
    await client.sendVerificationEmail(idToken);
    const w = await openPage(browser);
    const { page, context } = w;
    await w.goto(`/demo/mailbox?email=${encodeURIComponent(address)}`);
    const message = page.getByRole('listitem').filter({ hasText: `To: ${address}` });
    const [verification] = await Promise.all([
      context.waitForEvent('page'),
      message.getByRole('link', { name: /Open link/ }).click(),
    ]);
    expect(new URL(verification.url()).pathname).toBe('/demo/action');
    await verification.getByRole('heading', { name: 'Email verified' }).waitFor();
    await verification.getByText(address).waitFor();
    // Verified indeed: the server now accepts this person's sign-in.
    const fresh = await client.signIn(address, 'correct horse battery');
    const res = await fetch(new URL('/api/auth/firebase', page.url()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ idToken: fresh.idToken }).toString(),
    });
    expect(res.status).toBe(200);
    w.assertClean();
    await context.close();
  });
});
