import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { api, signedInUser } from './support/session.js';

/**
 * Issue 22, "Navigation tells the truth" (docs/product.md#navigation): every page is in the
 * menu, every control in a menu does something or says "Not yet available" and is out of the
 * tab order, and a new person gets a first-run guide instead of made-up goals.
 */

const PHONE = { width: 390, height: 844 };

/** The pages the issue found in no menu, with Settings, and the heading each opens on. */
const REACHABLE = [
  ['Import', '/import', 'Import'],
  ['Rates', '/rates', 'Rates'],
  ['Rules', '/rules', 'Rules'],
  ['Export and restore', '/data', 'Export and restore'],
  ['Categories', '/categories', 'Categories'],
  ['Budget', '/budget', 'Budget'],
  ['Settings', '/settings', 'Settings'],
] as const;

/** The spec's sidebar entries (section 2, "Other"): each a link to its route, words kept. */
const SPEC_ENTRIES = [
  ['Dashboard', '/'],
  ['Account', '/account'],
  ['Expenses', '/expenses'],
  ['All Accounts', '/accounts/all'],
  ['All Expenses', '/all-expenses'],
  ['Test', '/test'],
  ['Analytics', '/analytics'],
  ['Organization', '/organization'],
  ['Projects', '/projects'],
] as const;

const sidebarOf = (page: Page) => page.locator('#app-sidebar');
const h1 = (page: Page) => page.locator('main h1');

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

async function openPhoneMenu(page: Page): Promise<Locator> {
  const sidebar = sidebarOf(page);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect
    .poll(async () => (await sidebar.boundingBox())?.x ?? -1000)
    .toBeGreaterThanOrEqual(0);
  return sidebar;
}

/** The focused element's name as a person hears it, and whether it is in the sidebar. */
function focusedElement(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().replace(/\s+/g, ' '),
      inSidebar: Boolean(el?.closest('#app-sidebar')),
      tag: el?.tagName ?? '',
    };
  });
}

/** Tabs from the sidebar's first link to its last, naming each stop. */
async function tabThroughSidebar(page: Page): Promise<string[]> {
  const stops: string[] = [];
  await sidebarOf(page)
    .getByRole('link', { name: /^Expense Tracker/ })
    .focus();
  for (let i = 0; i < 60; i++) {
    const now = await focusedElement(page);
    if (!now.inSidebar) return stops;
    stops.push(now.text);
    await page.keyboard.press('Tab');
  }
  throw new Error(`still in the sidebar after 60 tabs: ${stops.join(', ')}`);
}

async function noTemporaryDesign(page: Page, where: string): Promise<void> {
  expect(await page.locator('body').innerText(), where).not.toMatch(/temporary design/i);
}

describe('navigation tells the truth', () => {
  let browser: Browser;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await signedInUser('nav')).token;
    accountId = (
      await api<{ data: { id: string } }>(token, 'POST', '/api/account', { title: 'Everyday' })
    ).data.id;
    await api(token, 'POST', `/api/account/${accountId}/deposit`, { amount: 100 });
    await api(token, 'POST', '/api/expenses/expense', { amount: 4.5, description: 'Coffee' });
  });
  afterAll(() => browser.close());

  it('reaches Import, Rules, Export and restore, Categories and Settings from the sidebar at 1440px', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    for (const [entry, pathname, title] of REACHABLE) {
      const link = sidebarOf(page).getByRole('link', { name: entry, exact: true });
      await link.click();
      await page.waitForURL((url) => url.pathname === pathname);
      await heading(page, title);
      expect(await link.getAttribute('aria-current'), entry).toBe('page');
    }
    w.assertClean();
    await w.context.close();
  });

  it('reaches them from the phone menu at 390px, which closes behind the move', async () => {
    const w = await openPage(browser, { token, ...PHONE });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    for (const [entry, pathname, title] of REACHABLE) {
      const sidebar = await openPhoneMenu(page);
      await sidebar.getByRole('link', { name: entry, exact: true }).click();
      await page.waitForURL((url) => url.pathname === pathname);
      await heading(page, title);
      await expect
        .poll(() => sidebar.evaluate((el) => getComputedStyle(el).visibility))
        .toBe('hidden');
    }
    w.assertClean();
    await w.context.close();
  });

  it("keeps the spec's entries and groups Accounts and Expenses, one entry each", async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    const sidebar = sidebarOf(page);
    for (const [entry, pathname] of SPEC_ENTRIES) {
      expect(
        await sidebar.getByRole('link', { name: entry, exact: true }).getAttribute('href'),
        entry,
      ).toBe(pathname);
    }
    // Account and All Accounts sit under Accounts; All Expenses under Expenses.
    const overview = sidebar.getByRole('list', { name: 'Overview' });
    const topLevel = await overview
      .locator(':scope > li > a')
      .evaluateAll((links) => links.map((link) => link.textContent?.trim()));
    expect(topLevel).toEqual([
      'Dashboard',
      'Accounts',
      'Expenses',
      'Analytics',
      'Organization',
      'Projects',
    ]);
    const accounts = overview.getByRole('list', { name: 'Accounts' });
    expect(await accounts.getByRole('link').allTextContents()).toEqual(['Account', 'All Accounts']);
    const expenses = overview.getByRole('list', { name: 'Expenses' });
    expect(await expenses.getByRole('link').allTextContents()).toEqual(['All Expenses']);
    w.assertClean();
    await w.context.close();
  });

  it('every enabled sidebar entry opens a page; the others say "Not yet available" and Tab passes them by', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    const sidebar = sidebarOf(page);
    const links = await sidebar.locator('nav a').evaluateAll((all) =>
      all.map((link) => ({
        name: link.textContent?.trim() ?? '',
        href: link.getAttribute('href') ?? '',
      })),
    );
    expect(links.map(({ name }) => name)).toEqual([
      'Dashboard',
      'Accounts',
      'Account',
      'All Accounts',
      'Expenses',
      'All Expenses',
      'Analytics',
      'Organization',
      'Projects',
      'Transactions',
      'Categories',
      'Budget',
      'Import',
      'Rates',
      'Rules',
      'Export and restore',
      'Members',
      'Permissions',
      'Test',
      'Settings',
    ]);
    // Tabbing through the sidebar stops on every link and on nothing else.
    const stops = await tabThroughSidebar(page);
    expect(stops[0]).toMatch(/^Expense Tracker/);
    expect(stops.slice(1)).toEqual(links.map(({ name }) => name));
    for (const { name, href } of links) {
      await sidebar.locator('nav').getByRole('link', { name, exact: true }).click();
      // Members leads to a section of /organization: its href ends in #members.
      const [pathname, hash] = href.split('#');
      await page.waitForURL(
        (url) => url.pathname === pathname && url.hash === (hash ? `#${hash}` : ''),
      );
      await h1(page).first().waitFor();
      expect(await h1(page).first().textContent(), `${name} (${href})`).not.toBe('404');
      await noTemporaryDesign(page, href);
    }

    // What leads nowhere is marked, and no link, button or tab stop.
    const unavailable = sidebar.locator('[data-unavailable]');
    const marked = await unavailable.evaluateAll((items) =>
      items.map((item) => ({
        text: item.textContent ?? '',
        focusable: item.closest('a, button, [tabindex]') !== null,
      })),
    );
    expect(marked.map((item) => item.text.replace('Not yet available', '').trim())).toEqual([
      'Invoices',
      'Payments',
      'Chat',
      'Meetings',
      'Acme Inc.',
      'Help',
    ]);
    for (const item of marked) {
      expect(item.text).toContain('Not yet available');
      expect(item.focusable, item.text).toBe(false);
    }
    w.assertClean();
    await w.context.close();
  });

  it('the phone menu: Tab stops on its links only, never on what is not yet available', async () => {
    const w = await openPage(browser, { token, ...PHONE });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    await openPhoneMenu(page);
    const stops = await tabThroughSidebar(page);
    expect(stops).toContain('Import');
    expect(stops).toContain('Rules');
    expect(stops).toContain('Export and restore');
    expect(stops).toContain('Categories');
    expect(stops).toContain('Settings');
    expect(stops.filter((stop) => /Not yet available/.test(stop))).toEqual([]);
    await expectAccessible(page, 'phone menu with its groups');
    w.assertClean();
    await w.context.close();
  });

  it('the profile menu: Settings and Logout work; Subscription and Terms say "Not yet available" and the keys pass them by', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    const profile = page.getByRole('button', { name: 'Open profile menu' });
    await profile.click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    const items = menu.getByRole('menuitem');
    await items.first().waitFor();
    const seen = await items.evaluateAll((all) =>
      all.map((item) => ({
        text: item.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        disabled: item.getAttribute('aria-disabled') === 'true',
      })),
    );
    expect(seen).toEqual([
      { text: 'Subscription Free Trial Not yet available', disabled: true },
      { text: 'Settings', disabled: false },
      { text: 'Terms & Policies Not yet available', disabled: true },
      { text: 'Logout', disabled: false },
    ]);
    await expectAccessible(page, 'profile menu with unavailable items');

    // Clicking a disabled item does nothing: the menu stays, the page stays.
    await menu.getByRole('menuitem', { name: /^Terms/ }).click({ force: true });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');

    // By keyboard the arrows visit Settings and Logout only.
    await page.mouse.move(0, 0); // A keyboard user's pointer is not over the menu.
    await profile.focus();
    await page.keyboard.press('Enter');
    const focusedText = async () => (await focusedElement(page)).text;
    await expect.poll(focusedText).toBe('Settings');
    // Radix moves focus a task after the key; each step waits for it. Subscription (first) and
    // Terms (between the two) are never focused.
    for (const [key, expected] of [
      ['ArrowDown', 'Logout'],
      ['ArrowUp', 'Settings'],
      ['End', 'Logout'],
      ['Home', 'Settings'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(focusedText, { message: key }).toBe(expected);
    }
    // Above Settings there is nothing to go to: the arrow leaves focus where it is.
    await page.keyboard.press('ArrowUp');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await focusedText()).toBe('Settings');
    await page.keyboard.press('Escape');

    // The enabled ones do what they say.
    await profile.click();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await heading(page, 'Settings');
    await profile.click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to Logout?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    w.assertClean();
    await w.context.close();
  });

  it('every enabled control on the dashboard does something; the switched-off ones are out of the tab order', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/');
    await heading(page, 'Dashboard');
    await page.getByText('Coffee').first().waitFor();
    const main = page.locator('main');
    // Switched off: disabled (never focused), with the reason beside them.
    const off = await main.locator('button[disabled]').evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.textContent?.trim() ?? '',
        reason: document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      })),
    );
    expect(off.length).toBeGreaterThan(0);
    for (const button of off) expect(button.reason, button.name).toMatch(/not yet available/i);
    expect(await main.getByText(/coming soon/i).count()).toBe(0);

    // Each enabled button opens something.
    const enabled = await main.locator('button:not([disabled])').allTextContents();
    expect(enabled.map((name) => name.trim())).toContain('Send');
    for (const name of enabled.map((text) => text.trim())) {
      await main.getByRole('button', { name, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    // Each link leads to a page of the app.
    const hrefs = [
      ...new Set(
        await main
          .locator('a[href]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
      ),
    ];
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href, 'a link to a page of the app').toMatch(/^\//);
      await w.goto(href);
      await h1(page).first().waitFor();
      expect(await h1(page).first().textContent(), href).not.toBe('404');
    }
    // No made-up goals: the card says where the person's own come from.
    await w.goto('/');
    const events = page.getByTestId('upcoming-events');
    await events.getByText('No goals yet.', { exact: false }).waitFor();
    await events.getByRole('link', { name: 'Budget' }).waitFor();
    expect(await events.getByText('Emergency Fund').count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });

  it('Projects says plainly that nothing is there, and where to go', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/projects');
    await heading(page, 'Projects');
    const main = page.locator('main');
    await main.getByText('Not yet available', { exact: true }).waitFor();
    await main.getByText('There is nothing on this page.', { exact: false }).waitFor();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    await page.locator('main a[href="/categories"]').click();
    await page.waitForURL((url) => url.pathname === '/categories');
    w.assertClean();
    await w.context.close();
  });

  it('Organization shows the personal book and its one member; Permissions the three roles', async () => {
    const w = await openPage(browser, { token });
    const { page } = w;
    await w.goto('/organization');
    await heading(page, 'Organization');
    const members = page.getByRole('region', { name: 'Members of this book' });
    // The heading shows before the members have loaded (they may come in one batch with the
    // activity's first page): wait for the table rather than count at once.
    await expect.poll(() => members.getByRole('row').count()).toBe(2);
    await members.getByText('(you)').waitFor();
    await page.getByText('This is your personal book', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave this book' }).count()).toBe(0);
    await page.locator('#app-sidebar nav').getByRole('link', { name: 'Permissions' }).click();
    await heading(page, 'Permissions');
    const table = page.getByRole('region', { name: 'What each role may do' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'What',
      'Owner',
      'Editor',
      'Viewer',
    ]);
    const row = table.getByRole('row', { name: /Delete the book/ });
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('Yes No No');
    w.assertClean();
    await w.context.close();
  });

  it('the account page has no "temporary design" badge', async () => {
    const w = await openPage(browser, { token });
    await w.goto(`/accounts/${accountId}`);
    await heading(w.page, 'Account Details');
    await w.page.getByText('Created on:').waitFor();
    await noTemporaryDesign(w.page, 'account details');
    w.assertClean();
    await w.context.close();
  });
});

describe('a new person', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function freshDashboard(width = 1440, height = 900): Promise<WatchedPage> {
    const { token } = await signedInUser('first-run');
    const w = await openPage(browser, { token, width, height });
    await w.goto('/');
    await heading(w.page, 'Dashboard');
    await w.page.getByTestId('first-run-guide').waitFor();
    return w;
  }

  const stepState = (page: Page, step: string) =>
    page.locator(`[data-step="${step}"]`).getAttribute('data-done');

  it('sees the first-run guide and no made-up goals; the guide goes once there are an account and an entry', async () => {
    const w = await freshDashboard();
    const { page } = w;
    const guide = page.getByRole('region', { name: 'Get started' });
    await guide.getByRole('heading', { name: '1. Create an account' }).waitFor();
    await guide.getByRole('heading', { name: '2. Add or import entries' }).waitFor();
    expect(await stepState(page, 'create-account')).toBe('false');
    expect(await stepState(page, 'add-entries')).toBe('false');
    // No made-up goals passing for the person's own.
    for (const made of ['Emergency Fund', 'Summer Vacation', 'New Laptop', 'Sample data']) {
      expect(await page.getByText(made).count(), made).toBe(0);
    }
    await page
      .getByTestId('upcoming-events')
      .getByText('No goals yet.', { exact: false })
      .waitFor();
    await expectAccessible(page, 'first-run dashboard 1440px');

    // Step 1 from the guide: the Add Account dialog.
    await guide.getByRole('button', { name: 'Add Account' }).click();
    const addAccount = page.getByRole('dialog', { name: 'Add Account' });
    await addAccount.getByLabel('Title').fill('First wallet');
    await addAccount.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Account added successfully');
    await expect.poll(() => stepState(page, 'create-account')).toBe('true');
    expect(await stepState(page, 'add-entries')).toBe('false');
    await guide.getByText('Done', { exact: true }).waitFor();

    // Step 2 from the guide: the Add Expense dialog.
    await guide.getByRole('button', { name: 'Add Expense' }).click();
    const addExpense = page.getByRole('dialog', { name: 'Add Expense' });
    await addExpense.getByLabel('Amount').fill('3.20');
    await addExpense.getByLabel('Description').fill('First coffee');
    await addExpense.getByRole('button', { name: 'Add Expense' }).click();
    await toast(page, 'Expense created successfully');
    await page.getByTestId('first-run-guide').waitFor({ state: 'detached' });
    await page.getByText('You are set up: your accounts and entries are below.').waitFor();
    // Focus is not lost with the button that went with the guide.
    await expect
      .poll(() => page.evaluate(() => document.activeElement !== document.body))
      .toBe(true);
    await page.getByText('First coffee').first().waitFor();
    // Still no goals until the person sets one.
    await page
      .getByTestId('upcoming-events')
      .getByText('No goals yet.', { exact: false })
      .waitFor();

    // And it stays gone on the next visit.
    await page.reload();
    await heading(page, 'Dashboard');
    await page.getByText('First coffee').first().waitFor();
    expect(await page.getByTestId('first-run-guide').count()).toBe(0);
    w.assertClean();
    await w.context.close();
  });

  it('the guide leads to Import, works at 320px wide, and is accessible on a phone', async () => {
    const w = await freshDashboard(320, 700);
    const { page } = w;
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'first-run dashboard 320px');
    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'first-run dashboard 390px');
    await page
      .getByTestId('first-run-guide')
      .getByRole('link', { name: 'Import a bank file' })
      .click();
    await page.waitForURL((url) => url.pathname === '/import');
    await heading(page, 'Import');
    w.assertClean();
    await w.context.close();
  });
});
