import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, expectAccessible, settle } from './support/a11y.js';
import { expectWholeFigures } from './support/figures.js';
import { SCREENSHOT_DIR, launchBrowser, openPage, type WatchedPage } from './support/browser.js';
import { seedRichData, signedInUser, type SeededAccount } from './support/session.js';

/**
 * Every screen, every dialog and every menu: axe-core in both themes at 1440 and 390 pixels
 * wide (no serious or critical finding, no moderate one that support/a11y.ts does not accept),
 * and a screenshot of every screen at 320, 390, 1024 and 1440 pixels in both themes, kept by CI
 * from test-results/screenshots, with a check at each width that no money figure is broken
 * across lines or cut (support/figures.ts). The seeded data holds a $999,999,999.99 balance and a title
 * of 100 characters. The theme is the system's (the app's default), switched by emulating the
 * colour scheme, so each screen loads once for all eight pictures.
 */

const WIDTHS = [1440, 1024, 390, 320] as const;
const AXE_WIDTHS = new Set<number>([1440, 390]);
const SCHEMES = ['light', 'dark'] as const;

async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  // The app follows the change event of the media query; on a busy machine that can come after
  // two frames, and axe would then read a page half in the old theme.
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await settle(page);
}

/**
 * axe on the page in one theme: every rule in the light theme, the colour rules in the dark one
 * (a theme changes colours only; the rest would find the same things again at twice the cost).
 */
function axe(page: Page, where: string, scheme: 'light' | 'dark') {
  return expectAccessible(page, `${where} ${scheme}`, scheme === 'dark' ? COLOUR_RULES : undefined);
}

/**
 * Eight screenshots of the screen on show, every money figure on one line and uncut at each
 * width, and axe at 1440 and 390 in both themes. One theme at a time, the widths inside it: a
 * theme switch waits for its colour transitions to end, a new width only for two frames.
 */
async function checkScreen(w: WatchedPage, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await setScheme(w.page, scheme);
    for (const width of WIDTHS) {
      await w.page.setViewportSize({ width, height: 900 });
      await settle(w.page);
      await w.page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
      if (AXE_WIDTHS.has(width)) await axe(w.page, `${name} ${width}px`, scheme);
      // A theme changes colours, never the layout: one look per width.
      if (scheme === 'light') await expectWholeFigures(w.page, `${name} ${width}px`);
    }
  }
}

/** axe on an overlay, opened afresh at each width (Radix closes some on resize). */
async function checkOverlay(
  w: WatchedPage,
  name: string,
  open: (page: Page) => Promise<void>,
  close: (page: Page) => Promise<void> = (page) => page.keyboard.press('Escape'),
): Promise<void> {
  for (const width of AXE_WIDTHS) {
    const at = `${name} ${width}px`;
    await w.page.setViewportSize({ width, height: 900 });
    await within(`${at}: light theme`, setScheme(w.page, 'light'));
    await within(`${at}: opening`, open(w.page));
    for (const scheme of SCHEMES) {
      await within(`${at}: ${scheme} theme`, setScheme(w.page, scheme));
      await within(`${at} ${scheme}: axe`, axe(w.page, at, scheme));
    }
    await within(`${at}: closing`, close(w.page));
  }
}

/** A step that must end within STEP_MS, or fail naming itself (a test time-out names no step). */
const STEP_MS = 45_000;
async function within<T>(step: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not done after ${STEP_MS} ms`)), STEP_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The document title a page sets for itself: "Accounts · Expense Tracker". */
async function expectTitle(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.title()).toBe(`${name} · Expense Tracker`);
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).first().waitFor();

describe('accessibility and screenshots of every screen', () => {
  let browser: Browser;
  let token: string;
  let accounts: { small: SeededAccount; long: SeededAccount; big: SeededAccount };
  let app: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await signedInUser('screens')).token;
    accounts = await seedRichData(token);
    app = await openPage(browser, { token });
    // The biggest account is the default one, so /account and /expenses show it too.
    await app.context.addInitScript((id) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('default-account-id', id);
    }, accounts.big.id);
  });
  afterAll(async () => {
    await app.context.close();
    await browser.close();
  });

  it.each([
    ['dashboard', '/', 'Dashboard', 'Dashboard'],
    ['default-account', '/account', 'Default Account', 'Default Account'],
    ['accounts', '/accounts', 'Your Accounts', 'Accounts'],
    ['account-details', 'details', 'Account Details', 'Account Details'],
    ['all-accounts', '/accounts/all', 'All Accounts', 'All Accounts'],
    ['expenses', '/expenses', 'Expenses', 'Expenses'],
    ['all-expenses', '/all-expenses', 'All Expenses', 'All Expenses'],
    ['test', '/test', 'Test', 'Test'],
    ['analytics', '/analytics', 'Analytics', 'Analytics'],
    ['data', '/data', 'Export and restore', 'Export and restore'],
    ['organization', '/organization', 'Organization', 'Organization'],
    ['projects', '/projects', 'Projects', 'Projects'],
    ['transactions', '/transactions', 'Transactions', 'Transactions'],
    ['transactions-filtered', '/transactions?type=expense&min=1', 'Transactions', 'Transactions'],
    ['categories', '/categories', 'Categories', 'Categories'],
    ['import', '/import', 'Import', 'Import'],
    ['rules', '/rules', 'Rules', 'Rules'],
    ['settings', '/settings', 'Settings', 'Settings'],
    ['not-found', '/no/such/page', '404', 'Page not found'],
  ])('signed in: %s', async (name, pathname, title, documentTitle) => {
    await app.goto(pathname === 'details' ? `/accounts/${accounts.big.id}` : pathname);
    await heading(app.page, title);
    await app.page.waitForLoadState('networkidle');
    // Item 15: each page names itself in the tab and the browser's history.
    await expectTitle(app.page, documentTitle);
    await checkScreen(app, name);
  });

  // Overlays are checked one screen per test: each overlay is axe at two widths in two themes,
  // and a whole screen's worth in one test outran a time-out on a busy machine.
  it('signed in: the accounts dialogs', async () => {
    const { page } = app;
    await app.goto('/accounts');
    await heading(page, 'Your Accounts');
    await checkOverlay(app, 'add-account dialog with its errors', async () => {
      await page.getByRole('button', { name: 'Add Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account' });
      await dialog.getByRole('button', { name: 'Add Account' }).click();
      await dialog.getByText('Title is required').waitFor();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Title is required' })
        .first()
        .waitFor();
    });
    await checkOverlay(app, 'deposit dialog', async () => {
      await page.getByRole('button', { name: 'Deposit to Wallet' }).click();
      await page.getByRole('dialog', { name: 'Deposit Funds' }).getByLabel('Amount').fill('1.234');
    });
    await checkOverlay(app, 'withdraw dialog', async () => {
      await page.getByRole('button', { name: 'Withdraw from Wallet' }).click();
      await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: the account menu and its dialogs', async () => {
    const { page } = app;
    await app.goto(`/accounts/${accounts.big.id}`);
    await heading(page, 'Account Details');
    const actions = page.getByRole('button', { name: 'Account actions' });
    await checkOverlay(app, 'account actions menu', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    });
    await checkOverlay(app, 'edit dialog', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('dialog', { name: 'Edit Account' }).waitFor();
    });
    await checkOverlay(app, 'delete confirmation', async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
    });
    app.assertClean();
  });

  it('signed in: the expense dialog and the header menus', async () => {
    const { page } = app;
    await app.goto('/expenses');
    await heading(page, 'Expenses');
    await checkOverlay(app, 'add-expense dialog', async () => {
      await page.getByRole('button', { name: 'Add Expense' }).click();
      await page.getByRole('dialog', { name: 'Add Expense' }).getByLabel('Amount').fill('0');
    });
    await checkOverlay(app, 'theme menu', async () => {
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    });
    await checkOverlay(app, 'profile menu', async () => {
      await page.getByRole('button', { name: 'Open profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    });
    await checkOverlay(app, 'logout confirmation', async () => {
      await page.getByRole('button', { name: 'Open profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure you want to Logout?' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: the phone sidebar', async () => {
    const { page } = app;
    await app.goto('/expenses');
    await heading(page, 'Expenses');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of SCHEMES) {
      await setScheme(page, scheme);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page
        .locator('#app-sidebar')
        .getByRole('link', { name: 'Expenses', exact: true })
        .waitFor();
      await expectAccessible(page, `sidebar open 390px ${scheme}`);
      await page.keyboard.press('Escape');
    }
    app.assertClean();
  });

  it('signed in: the ledger dialogs', async () => {
    const { page } = app;
    await app.goto('/transactions');
    await heading(page, 'Transactions');
    await checkOverlay(app, 'new-transaction dialog with a split', async () => {
      await page.getByRole('button', { name: 'New transaction' }).click();
      const dialog = page.getByRole('dialog', { name: 'New transaction' });
      await dialog.getByLabel('Amount', { exact: true }).fill('10');
      await dialog.getByLabel('Split into lines').check();
      await dialog.getByTestId('split-remainder').waitFor();
    });
    await checkOverlay(app, 'transaction panel with its history', async () => {
      await page.getByTestId('transaction-item').first().locator('[data-entry-open]').click();
      await page
        .getByRole('dialog', { name: 'Transaction' })
        .getByTestId('entry-history')
        .waitFor();
    });
    await checkOverlay(app, 'transfer dialog', async () => {
      await page.getByRole('button', { name: 'Transfer' }).click();
      await page.getByRole('dialog', { name: 'Transfer money' }).waitFor();
    });
    await checkOverlay(app, 'shortcuts dialog', async () => {
      await page.getByRole('button', { name: 'Shortcuts' }).click();
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    });
    app.assertClean();
  });

  it('signed in: inline edit, the bulk bar and its confirmation', async () => {
    const { page } = app;
    await app.goto('/transactions');
    await heading(page, 'Transactions');
    await checkOverlay(
      app,
      'inline edit and bulk bar',
      async () => {
        const first = page.getByTestId('transaction-item').first();
        await first.getByRole('checkbox').check();
        await page.getByRole('region', { name: 'Selected transactions' }).waitFor();
        await first.getByRole('button', { name: /in its row$/ }).click();
        await page.getByRole('form').first().waitFor();
      },
      async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Clear selection' }).click();
      },
    );
    await checkOverlay(
      app,
      'bulk delete confirmation',
      async () => {
        await page.getByTestId('transaction-item').first().getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Delete selected' }).click();
        await page.getByRole('alertdialog', { name: 'Delete 1 transaction?' }).waitFor();
      },
      async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Clear selection' }).click();
      },
    );
    app.assertClean();
  });

  it('signed in: the category dialogs', async () => {
    const { page } = app;
    await app.goto('/categories');
    await heading(page, 'Categories');
    await checkOverlay(app, 'new-group dialog', async () => {
      await page.getByRole('button', { name: 'New group' }).click();
      await page.getByRole('dialog', { name: 'New group' }).waitFor();
    });
    await checkOverlay(app, 'new-category dialog', async () => {
      await page
        .getByRole('button', { name: /^Add category to / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'New category' }).waitFor();
    });
    await checkOverlay(app, 'delete-category dialog', async () => {
      await page.getByRole('button', { name: 'Delete Groceries' }).click();
      await page.getByRole('dialog', { name: 'Delete Groceries?' }).waitFor();
    });
    app.assertClean();
  });

  it.each([
    ['login', '/login', 'Welcome back', 'Login'],
    ['signup', '/signup', 'Create an account', 'Sign up'],
    ['verify', '/verify', 'Email Verification Required', 'Verify your email'],
    ['key-register', '/key-auth/register', 'Email Authentication', 'Register a key'],
    ['key-verify', '/key-auth/verify', 'Sign in with your key', 'Sign in with your key'],
    [
      'key-confirm',
      '/key-auth/confirm?token=not-a-token',
      'Confirm your new key',
      'Confirm your new key',
    ],
    ['demo-mailbox', '/demo/mailbox', 'Demo mailbox', 'Demo mailbox'],
    [
      'demo-action',
      '/demo/action?mode=verifyEmail&oobCode=not-a-code',
      'The email could not be verified',
      'Email verification',
    ],
  ])('signed out: %s', async (name, pathname, title, documentTitle) => {
    const guest = await openPage(browser);
    // The invalid code of demo-action is refused by the Auth emulator on purpose.
    guest.expect(/HTTP 400: POST .*accounts:(update|resetPassword)/);
    await guest.goto(pathname);
    await heading(guest.page, title);
    await guest.page.waitForLoadState('networkidle');
    await expectTitle(guest.page, documentTitle);
    await checkScreen(guest, name);
    if (name === 'login') {
      await checkOverlay(guest, 'demo provider dialog', async (page) => {
        await page.getByRole('button', { name: 'Login with Google' }).click();
        await page.getByRole('dialog', { name: 'Sign in with Google (demo)' }).waitFor();
      });
    }
    guest.assertClean();
    await guest.context.close();
  });

  it('key session: the protected page', async () => {
    const keyed = await openPage(browser);
    await keyed.context.addInitScript((keyToken) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem(
        'key-auth-storage',
        JSON.stringify({ state: { token: keyToken }, version: 0 }),
      );
    }, token);
    await keyed.goto('/key-auth/protected');
    await heading(keyed.page, 'Protected Page');
    await keyed.page.getByText(/Signed in with your key as/).waitFor();
    await expectTitle(keyed.page, 'Protected Page');
    await checkScreen(keyed, 'key-protected');
    keyed.assertClean();
    await keyed.context.close();
  });
});
