import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePortBlock } from '../helpers/free-ports.js';
import { startRestartableApp, type RestartableApp } from './support/app-server.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

/**
 * Issue 12, items 3 to 5: the server stops while a person uses the app, and starts again. The
 * journeys run their own instance of the app (support/app-server.ts) so they can stop it.
 */

const UNREACHABLE = 'The server could not be reached.';

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

/** What an outage makes the page log, on purpose here. */
function expectOutageNoise(w: WatchedPage): void {
  w.expect(
    /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE/,
    /Could not download the code of this screen/,
    /Failed to fetch/,
  );
}

describe('while the server is down, and after it is back', () => {
  let browser: Browser;
  let app: RestartableApp;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startRestartableApp(await freePortBlock(1), inject('e2eAuthEmulatorHost'));
  });
  afterEach(() => app.ensureRunning());
  afterAll(async () => {
    await app.stop();
    await browser.close();
  });

  async function signedInPage(label: string) {
    const { token } = await signedInUser(label, app.baseUrl);
    const w = await openPage(browser, { token, base: app.baseUrl });
    expectOutageNoise(w);
    return { w, token };
  }

  it('item 3: a menu link clicked while the server is down shows an error with Retry in the app, which loads the screen once the server is back', async () => {
    const { w } = await signedInPage('outage-link');
    const { page } = w;
    await w.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');

    // A mark on this document: a full-page navigation (the browser's error page) would lose it.
    await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));

    await app.halt();
    await page.locator('#app-sidebar').getByRole('link', { name: 'All Expenses' }).click();
    // Still the app: its sidebar and an error naming the cause, not the browser's error page.
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    await page.getByText(UNREACHABLE).first().waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByText('Server unreachable').waitFor();
    expect(new URL(page.url()).pathname).toBe('/all-expenses');
    await page.locator('#app-sidebar').getByRole('link', { name: 'Dashboard' }).waitFor();
    // Retry while the server is still down: the error stays, in the app.
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed ?? false),
    ).toBe(true);

    await app.start();
    await page.getByRole('heading', { name: 'All Expenses', exact: true }).waitFor();
    await page.getByText('No expenses found.').waitFor();
    await expect.poll(() => page.getByText('Server unreachable').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed ?? false),
    ).toBe(true);
    w.assertClean();
    await w.context.close();
  });

  it('item 4: a screen that failed during the outage reloads its data by itself when the server is back', async () => {
    const { w, token } = await signedInPage('outage-refetch');
    const { page } = w;
    const create = async (title: string) =>
      (await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title }, app.baseUrl))
        .data;
    const first = await create('First');
    const second = await create('Second');
    // The account screen's code is loaded with the first account; the second is not in cache.
    await w.goto(`/accounts/${first.id}`);
    await page.getByRole('heading', { name: 'First' }).waitFor();
    await page.waitForLoadState('networkidle');

    await app.halt();
    await page.evaluate((id) => {
      history.pushState({}, '', `/accounts/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, second.id);
    await page.getByText(/^Could not load this account\./).waitFor();
    await page.getByText(`Could not load this account. ${UNREACHABLE}`).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByText('Server unreachable').waitFor();

    await app.start();
    // No click: the screen asks again as soon as the server answers.
    await page.getByRole('heading', { name: 'Second' }).waitFor();
    await expect.poll(() => page.getByText('Server unreachable').count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });

  it('item 4: coming back to the window, a screen shows what changed meanwhile', async () => {
    const { w, token } = await signedInPage('focus-refetch');
    const { page } = w;
    // With a live connection the screen would show the change at once (its first `ready`
    // refetches too: docs/client.md#live-updates). This item is what is left when no stream gets
    // through (a proxy that drops them): the refetch on coming back to the window.
    await page.route('**/api/book/events', (route) =>
      route.fulfill({ status: 503, headers: { 'retry-after': '3600' }, body: '' }),
    );
    w.expect(/HTTP 503: GET .*\/api\/book\/events/);
    await w.goto('/accounts');
    await page.getByText('No accounts found').waitFor();
    // Changed elsewhere (another tab, another device) while this window was in the background.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      // As the browser fires it: at the document, bubbling to the window.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await api(token, 'POST', '/api/account', { title: 'Made elsewhere' }, app.baseUrl);
    // Past the 10 s for which a screen's data counts as fresh.
    await page.waitForTimeout(10_500);
    expect(await page.getByTestId('account-card').count()).toBe(0);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      // As the browser fires it: at the document, bubbling to the window.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await page.getByTestId('account-card').filter({ hasText: 'Made elsewhere' }).waitFor();
    w.assertClean();
    await w.context.close();
  });

  it('item 5: deposit and Add Expense say the server could not be reached and keep what was typed', async () => {
    const { w, token } = await signedInPage('outage-forms');
    const { page } = w;
    const account = (
      await api<{ data: { id: string } }>(
        token,
        'POST',
        '/api/account',
        { title: 'Household' },
        app.baseUrl,
      )
    ).data;
    await w.goto('/accounts');
    await page.getByRole('heading', { name: 'Your Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Deposit to Household' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
    await deposit.getByLabel('Amount').fill('12.34');
    await deposit.getByLabel('Description (optional)').fill('Rent share');

    await app.halt();
    await deposit.getByRole('button', { name: 'Deposit' }).click();
    const failed = toast(page, 'Failed to deposit funds');
    await failed.waitFor();
    await failed.getByText(UNREACHABLE).waitFor();
    expect(await deposit.getByLabel('Amount').inputValue()).toBe('12.34');
    expect(await deposit.getByLabel('Description (optional)').inputValue()).toBe('Rent share');

    await app.start();
    await deposit.getByRole('button', { name: 'Deposit' }).click();
    await toast(page, 'Deposit successful').waitFor();
    const balance = await api<{ data: { balance: number } }>(
      token,
      'GET',
      `/api/account/${account.id}`,
      undefined,
      app.baseUrl,
    );
    expect(balance.data.balance).toBe(12.34);

    await w.goto('/expenses');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const expense = page.getByRole('dialog', { name: 'Add Expense' });
    await expense.getByLabel('Amount').fill('5');
    await expense.getByLabel('Description').fill('Bread');
    await app.halt();
    await expense.getByRole('button', { name: 'Add Expense' }).click();
    const refused = toast(page, 'Failed to create expense');
    await refused.waitFor();
    await refused.getByText(UNREACHABLE).waitFor();
    expect(await expense.getByLabel('Amount').inputValue()).toBe('5');
    expect(await expense.getByLabel('Description').inputValue()).toBe('Bread');

    await app.start();
    await expense.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Expense created successfully').waitFor();
    await page.getByTestId('expense-row').filter({ hasText: 'Bread' }).waitFor();
    w.assertClean();
    await w.context.close();
  });
});
